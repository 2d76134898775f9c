import { describe, expect, it } from 'vitest';
import { ILLEGAL_NAME_MESSAGE } from '@bimdrive/contracts';
import { validateFileName } from './file-name.ts';

describe('validateFileName (001 §5)', () => {
  it('accepts ordinary names, including Chinese', () => {
    expect(validateFileName('图纸 A-1.ifc')).toBeNull();
  });
  it.each(['a\\b', 'a/b', 'a:b', 'a*b', 'a?b', 'a"b', 'a<b', 'a>b', 'a|b'])(
    'refuses %s with the spec text',
    (name) => {
      expect(validateFileName(name)).toBe(ILLEGAL_NAME_MESSAGE);
    },
  );
  it('uses the spec message word for word', () => {
    expect(ILLEGAL_NAME_MESSAGE).toBe('文件名不能包含下列任何字符 \\ / : * ? " < > |');
  });
  it('refuses empty names', () => {
    expect(validateFileName('   ')).not.toBeNull();
  });
});
