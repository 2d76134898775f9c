import { describe, expect, it } from 'vitest';
import { keepBootInfo, shareCodeOf, takeBootInfo } from './share-link.ts';

describe('shareCodeOf', () => {
  it('reads the code of /s and /share links, trimmed', () => {
    expect(shareCodeOf(new URL('https://x.test/s?code=Ab12'))).toBe('Ab12');
    expect(shareCodeOf(new URL('https://x.test/share?code=%20Ab12%20'))).toBe('Ab12');
  });
  it('is null elsewhere or without a code', () => {
    expect(shareCodeOf(new URL('https://x.test/myDocument?code=Ab12'))).toBeNull();
    expect(shareCodeOf(new URL('https://x.test/s'))).toBeNull();
    expect(shareCodeOf(new URL('https://x.test/s?code=%20'))).toBeNull();
  });
});

describe('the boot info call', () => {
  it('is handed once, and only for its own code', () => {
    const response = Promise.resolve(new Response('{}'));
    keepBootInfo('Ab12', response);
    expect(takeBootInfo('Zz99')).toBeNull();
    expect(takeBootInfo('Ab12')).toBe(response);
    expect(takeBootInfo('Ab12')).toBeNull();
  });
});
