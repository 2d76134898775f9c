/**
 * What every dxf-viewer instance of the 2D drawing viewer loads with (issue 13 "2D drawings"; spec 001
 * §2 preview overlay): the CJK font served at DRAWING_FONT_URL (Chinese TEXT/MTEXT never shows as
 * boxes) and a module web worker that parses the DXF (dxf-viewer-worker.ts, its own chunk). A worker
 * can be started ahead (`warmDxfWorker`, lib/preload-drawing.ts): it loads and compiles its script
 * while the viewer's code still downloads, and the next `dxfWorker()` takes it.
 */
import { DRAWING_FONT_URL } from '@bimdrive/contracts';

/** How long a worker started ahead waits to be taken before it is stopped (ms). */
export const SPARE_WORKER_MS = 60_000;

let spare: { worker: Worker; timer: ReturnType<typeof setTimeout> } | null = null;

/** The absolute font URLs to pass as dxf-viewer's `fonts`. */
export function drawingFonts(): string[] {
  return [new URL(DRAWING_FONT_URL, window.location.href).href];
}

const newWorker = () => new Worker(new URL('./dxf-viewer-worker.ts', import.meta.url), { type: 'module' });

/** Start a parsing worker for the next drawing, unless one is waiting already; stopped after SPARE_WORKER_MS untaken. */
export function warmDxfWorker(): void {
  if (spare || typeof Worker === 'undefined') return;
  const worker = newWorker();
  spare = {
    worker,
    timer: setTimeout(() => {
      worker.terminate();
      spare = null;
    }, SPARE_WORKER_MS),
  };
}

/** dxf-viewer's `workerFactory`: the worker started ahead when there is one, else a new parsing worker. */
export function dxfWorker(): Worker {
  if (!spare) return newWorker();
  const { worker, timer } = spare;
  clearTimeout(timer);
  spare = null;
  return worker;
}
