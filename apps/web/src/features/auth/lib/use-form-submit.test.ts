// @vitest-environment jsdom
/**
 * use-form-submit.ts (issue 17): an invalid form runs nothing; a valid one runs with its values and
 * `busy` meanwhile; busy ends after a failure, and after a success unless asked to stay.
 */
import { act, renderHook } from '@testing-library/react';
import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { useFormSubmit } from './use-form-submit.ts';

const formOf = (validate: () => Promise<{ a: string }>) =>
  ({ validateFields: validate }) as unknown as FormInstance<{ a: string }>;

describe('useFormSubmit', () => {
  it('runs nothing when the form is invalid', async () => {
    const run = vi.fn(async () => undefined);
    const { result } = renderHook(() =>
      useFormSubmit(
        formOf(() => Promise.reject(new Error('x'))),
        run,
      ),
    );
    await act(() => result.current.submit());
    expect(run).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(false);
  });

  it('runs with the values, busy meanwhile, and ends busy after success or failure', async () => {
    let finish: () => void = () => undefined;
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() =>
      useFormSubmit(
        formOf(async () => ({ a: '1' })),
        run,
      ),
    );
    let done: Promise<void> = Promise.resolve();
    await act(async () => {
      done = result.current.submit();
      await Promise.resolve();
    });
    expect(run).toHaveBeenCalledWith({ a: '1' });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current.busy).toBe(false);

    const failing = renderHook(() =>
      useFormSubmit(
        formOf(async () => ({ a: '2' })),
        () => Promise.reject(new Error('refused')),
      ),
    );
    await act(() => failing.result.current.submit());
    expect(failing.result.current.busy).toBe(false);
  });

  it('stays busy after a success when keepBusyOnSuccess', async () => {
    const { result } = renderHook(() =>
      useFormSubmit(
        formOf(async () => ({ a: '1' })),
        async () => undefined,
        { keepBusyOnSuccess: true },
      ),
    );
    await act(() => result.current.submit());
    expect(result.current.busy).toBe(true);
  });
});
