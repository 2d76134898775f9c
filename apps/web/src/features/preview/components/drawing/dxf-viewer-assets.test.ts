/** Unit tests of the drawing viewer's parsing workers started ahead (issue 13, lib/preload-drawing.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's Worker that records what was made and stopped. */
class FakeWorker {
  static made: FakeWorker[] = [];
  terminated = false;
  readonly url: URL;
  readonly options: WorkerOptions;
  constructor(url: URL, options: WorkerOptions) {
    this.url = url;
    this.options = options;
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

async function freshModule() {
  vi.resetModules();
  return import('./dxf-viewer-assets.ts');
}

beforeEach(() => {
  FakeWorker.made = [];
  vi.useFakeTimers();
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('dxfWorker and warmDxfWorker', () => {
  it('makes a new module worker of the parsing script when none was started ahead', async () => {
    const { dxfWorker } = await freshModule();
    const w = dxfWorker() as unknown as FakeWorker;
    expect(FakeWorker.made).toEqual([w]);
    expect(w.url.pathname).toMatch(/dxf-viewer-worker\.ts$/);
    expect(w.options).toEqual({ type: 'module' });
  });

  it('hands the worker started ahead to the next load once, then makes new ones', async () => {
    const { dxfWorker, warmDxfWorker } = await freshModule();
    warmDxfWorker();
    warmDxfWorker(); // one spare at a time
    expect(FakeWorker.made).toHaveLength(1);
    const first = dxfWorker();
    expect(first).toBe(FakeWorker.made[0]);
    const second = dxfWorker();
    expect(second).not.toBe(first);
    expect(FakeWorker.made).toHaveLength(2);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWorker.made.some((w) => w.terminated)).toBe(false); // taken workers belong to their viewer
  });

  it('stops a spare nobody took after SPARE_WORKER_MS, and starts another on the next call', async () => {
    const { SPARE_WORKER_MS, dxfWorker, warmDxfWorker } = await freshModule();
    warmDxfWorker();
    vi.advanceTimersByTime(SPARE_WORKER_MS - 1);
    expect(FakeWorker.made[0]!.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    expect(dxfWorker()).not.toBe(FakeWorker.made[0]); // a stopped worker is never handed out
    warmDxfWorker();
    expect(FakeWorker.made).toHaveLength(3);
  });
});
