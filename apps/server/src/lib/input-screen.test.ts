import { describe, expect, it } from 'vitest';
import { MAX_INPUT_STRING_LENGTH, TEXT_TOO_LONG_MESSAGE, UNSAFE_TEXT_MESSAGE } from '@bimdrive/contracts';
import { MAX_DEPTH, screenValue } from './input-screen.ts';

describe('request screening (issue 15)', () => {
  it('passes ordinary values, CJK and emoji (paired surrogates) included', () => {
    expect(screenValue({ name: '图纸 A-1 🙂', n: 3, ok: true, list: ['a', { b: null }] })).toBeNull();
    expect(screenValue(undefined)).toBeNull();
    expect(screenValue('x'.repeat(MAX_INPUT_STRING_LENGTH))).toBeNull();
  });

  it('refuses NUL and lone surrogates in values and keys, at any depth', () => {
    for (const bad of ['a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800'])
      expect(screenValue({ a: [{ b: bad }] }), JSON.stringify(bad)).toBe(UNSAFE_TEXT_MESSAGE);
    expect(screenValue({ 'k\u0000': 1 })).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it('refuses strings over the length bound and bodies nested too deeply', () => {
    expect(screenValue(['x'.repeat(MAX_INPUT_STRING_LENGTH + 1)])).toBe(TEXT_TOO_LONG_MESSAGE);
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_DEPTH + 1; i++) deep = [deep];
    expect(screenValue(deep)).toMatch(/层次过深/);
    let ok: unknown = 'leaf';
    for (let i = 0; i < MAX_DEPTH - 1; i++) ok = [ok];
    expect(screenValue(ok)).toBeNull();
  });
});
