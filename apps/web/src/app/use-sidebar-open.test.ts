// @vitest-environment jsdom
/**
 * useSidebarOpen (spec 000 §3 client storage: the sidebar-open cookie): remembered where the layout
 * remembers it, not where the opening is transient (/projectFile, a phone in the administration group).
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getCookie, setCookie } from '../lib/cookie.ts';
import { useSidebarOpen } from './use-sidebar-open.ts';

const COOKIE = 'testSidebarOpen';

describe('useSidebarOpen', () => {
  afterEach(() => setCookie(COOKIE, '', 0));

  it('starts open, and folding it is remembered in the cookie and read back by the next layout', () => {
    const first = renderHook(() => useSidebarOpen(COOKIE));
    expect(first.result.current.expanded).toBe(true);
    act(() => first.result.current.toggle());
    expect(first.result.current.expanded).toBe(false);
    expect(getCookie(COOKIE)).toBe('0');
    expect(renderHook(() => useSidebarOpen(COOKIE)).result.current.expanded).toBe(false);
    act(() => first.result.current.toggle());
    expect(getCookie(COOKIE)).toBe('1');
  });

  it('where transient, starts folded, opens without touching the cookie, and fold() folds it', () => {
    setCookie(COOKIE, '1');
    const { result } = renderHook(() => useSidebarOpen(COOKIE, true));
    expect(result.current.expanded).toBe(false);
    act(() => result.current.toggle());
    expect(result.current.expanded).toBe(true);
    expect(getCookie(COOKIE)).toBe('1');
    act(() => result.current.fold());
    expect(result.current.expanded).toBe(false);
  });
});
