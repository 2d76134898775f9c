/**
 * What every dxf-viewer instance of the 2D drawing viewer loads with (issue 13 "2D drawings"; spec 001
 * §2 preview overlay): the CJK font served at DRAWING_FONT_URL (Chinese TEXT/MTEXT never shows as
 * boxes) and a module web worker that parses the DXF (dxf-viewer-worker.ts, its own chunk).
 */
import { DRAWING_FONT_URL } from '@bimdrive/contracts';

/** The absolute font URLs to pass as dxf-viewer's `fonts`. */
export function drawingFonts(): string[] {
  return [new URL(DRAWING_FONT_URL, window.location.href).href];
}

/** dxf-viewer's `workerFactory`: a new parsing worker. */
export function dxfWorker(): Worker {
  return new Worker(new URL('./dxf-viewer-worker.ts', import.meta.url), { type: 'module' });
}
