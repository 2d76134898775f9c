import { describe, expect, it } from 'vitest';
import { FileNameSchema, ILLEGAL_NAME_MESSAGE } from '@bimdrive/contracts';
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
  it('answers like the shared FileNameSchema', () => {
    const names = [
      'a',
      ' a ',
      '',
      '  ',
      '.',
      '..',
      ' .. ',
      '...',
      'a.b',
      'x'.repeat(200),
      'x'.repeat(201),
      ` ${'x'.repeat(200)} `,
      'a/b',
      ':'.repeat(300),
      '图纸.dwg',
      '\t名\n',
    ];
    for (const name of names) {
      const r = FileNameSchema.safeParse(name);
      expect(validateFileName(name), JSON.stringify(name)).toBe(
        r.success ? null : r.error.issues[0]!.message,
      );
    }
  });
});
