import { describe, expect, it } from 'vitest';
import { parseCookie } from './cookie.ts';

describe('parseCookie (000 §2 sidebarOpen cookie)', () => {
  it('finds a cookie among others', () => {
    expect(parseCookie('a=1; sidebarOpen=0; b=2', 'sidebarOpen')).toBe('0');
  });
  it('returns null when absent', () => {
    expect(parseCookie('a=1', 'sidebarOpen')).toBeNull();
    expect(parseCookie('', 'sidebarOpen')).toBeNull();
  });
  it('decodes values', () => {
    expect(parseCookie('x=%E4%B8%AD', 'x')).toBe('中');
  });
});
