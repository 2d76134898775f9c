import { describe, expect, it } from 'vitest';
import { guardTarget, isPublicPath } from './guard-rules.ts';

describe('isPublicPath (000 §2)', () => {
  it('lists the exempt routes', () => {
    for (const p of ['/login', '/s', '/s/', '/share', '/bimiframe', '/payCenter', '/404'])
      expect(isPublicPath(p)).toBe(true);
  });
  it('protects the file screens', () => {
    for (const p of ['/', '/myDocument', '/myCollection', '/myShare']) expect(isPublicPath(p)).toBe(false);
  });
});

describe('guardTarget (000 §2 steps 4–5)', () => {
  it('sends visitors without a token to /login', () => {
    expect(guardTarget('/myDocument', '', false)).toBe('/login');
  });
  it('keeps corpId and appType', () => {
    expect(guardTarget('/myDocument', '?corpId=c1&appType=inside&x=1', false)).toBe(
      '/login?corpId=c1&appType=inside',
    );
  });
  it('lets public paths pass without a token', () => {
    expect(guardTarget('/s', '?code=abc', false)).toBeNull();
  });
  it('sends a signed-in user away from /login', () => {
    expect(guardTarget('/login', '', true)).toBe('/');
    expect(guardTarget('/myShare', '', true)).toBeNull();
  });
});
