/** Unit tests of lib/module-loader.ts (code loaded on first use without React.lazy). */
// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { moduleLoader, useLoadedModule, useRequiredModule } from './module-loader.ts';

describe('moduleLoader', () => {
  it('loads once, then answers the module synchronously', async () => {
    const load = vi.fn(async () => ({ name: 'viewer' }));
    const loader = moduleLoader(load);
    expect(loader.loaded()).toBeNull();
    const [a, b] = await Promise.all([loader.load(), loader.load()]);
    expect(a).toBe(b);
    expect(loader.loaded()).toBe(a);
    await loader.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next call', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk 404')).mockResolvedValueOnce({ ok: 1 });
    const loader = moduleLoader(load);
    await expect(loader.load()).rejects.toThrow('chunk 404');
    expect(loader.loaded()).toBeNull();
    await expect(loader.load()).resolves.toEqual({ ok: 1 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useLoadedModule', () => {
  it('answers a loaded module on the first render', async () => {
    const loader = moduleLoader(async () => 'mod');
    await loader.load();
    const { result } = renderHook(() => useLoadedModule(loader));
    expect(result.current).toBe('mod');
  });

  it('answers null, then the module when it arrives; nothing is loaded while not wanted', async () => {
    let resolve!: (m: string) => void;
    const load = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const loader = moduleLoader(load);
    const { result, rerender } = renderHook(({ wanted }) => useLoadedModule(loader, wanted), {
      initialProps: { wanted: false },
    });
    expect(result.current).toBeNull();
    expect(load).not.toHaveBeenCalled();
    rerender({ wanted: true });
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current).toBeNull();
    await act(async () => resolve('mod'));
    expect(result.current).toBe('mod');
  });

  it('answers the load error', async () => {
    const loader = moduleLoader(() => Promise.reject(new Error('offline')));
    const { result } = renderHook(() => useLoadedModule(loader));
    await waitFor(() => expect(result.current).toBeInstanceOf(Error));
    expect((result.current as Error).message).toBe('offline');
  });

  it('throws the load error from useRequiredModule, after null while loading', async () => {
    let reject: (e: Error) => void = () => {};
    const loader = moduleLoader(() => new Promise<string>((_, r) => (reject = r)));
    const seen: unknown[] = [];
    const { result } = renderHook(() => {
      try {
        seen.push(useRequiredModule(loader));
      } catch (e) {
        seen.push(e);
      }
      return seen;
    });
    expect(result.current).toEqual([null]);
    await act(async () => reject(new Error('chunk 404')));
    expect((result.current.at(-1) as Error).message).toBe('chunk 404');
  });
});
