/** Unit tests of the drawing viewer's remembered background (issue 13 "2D drawings"). */
import { describe, expect, it } from 'vitest';
import { BACKGROUND_KEY, storeBackground, storedBackground } from './drawing-background.ts';

const store = (v: string | null) => ({ getItem: (k: string) => (k === BACKGROUND_KEY ? v : null) });
const throwing = () => {
  throw new Error('SecurityError');
};

describe('storedBackground', () => {
  it('answers black only when black is remembered', () => {
    expect(storedBackground(store('black'))).toBe('black');
    expect(storedBackground(store('white'))).toBe('white');
    expect(storedBackground(store(null))).toBe('white');
    expect(storedBackground(store('grey'))).toBe('white');
  });

  it('answers white when storage throws (blocked cookies)', () => {
    expect(storedBackground({ getItem: throwing })).toBe('white');
  });
});

describe('storeBackground', () => {
  it('writes the choice under its key, and ignores storage that throws', () => {
    const written = new Map<string, string>();
    storeBackground('black', { setItem: (k, v) => void written.set(k, v) });
    expect(written.get(BACKGROUND_KEY)).toBe('black');
    expect(() => storeBackground('white', { setItem: throwing })).not.toThrow();
  });
});
