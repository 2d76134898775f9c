/**
 * Early start of the 2D drawing viewer (issue 13 "2D drawings": time to the first drawn frame; spec
 * 001 §2 preview overlay). Opening a drawing used to run in sequence: the overlay's preview-info call,
 * then the viewer's chunk (dxf-viewer, three.js), then a parsing worker that loads and compiles its own
 * script, then the DXF download, then the CJK font. These start as soon as a drawing is about to open,
 * while the rest still runs: `preloadDrawing()` starts the viewer's chunk (viewer-modules.ts
 * `drawingViewer`, which the overlay and the linked-drawing pane render from), a parsing worker
 * (dxf-viewer-assets.ts `warmDxfWorker`, taken by the next drawing's load) and the font's download
 * into the HTTP cache (it is served cacheable for 30 days, so the worker's own request for it is
 * answered from there).
 * Called when a DWG/DXF is opened in the overlay (app/preview-overlay-host.tsx) and when a share link
 * to a converted drawing starts (app/start-share-link.ts). Harmless when repeated: each part starts once
 * per page (the spare worker once per idle period).
 */
import { DRAWING_FONT_URL, DRAWING_SUFFIXES } from '@bimdrive/contracts';
import { warmDxfWorker } from '../components/drawing/dxf-viewer-assets.ts';
import { drawingViewer } from './viewer-modules.ts';

let font: Promise<unknown> | null = null;

/** Start everything a drawing's first frame needs before it is asked for (see the module docstring). */
export function preloadDrawing(): void {
  void drawingViewer.load().catch(() => undefined);
  warmDxfWorker();
  // Read to the end so the HTTP cache keeps it; the bytes themselves are not kept here.
  font ??= fetch(DRAWING_FONT_URL)
    .then((r) => r.arrayBuffer())
    .then(() => undefined)
    .catch(() => (font = null));
}

/** `preloadDrawing()` when `suffix` (any case, no dot) is a drawing's (DWG, DXF); nothing otherwise. */
export function preloadForSuffix(suffix: string): void {
  if ((DRAWING_SUFFIXES as readonly string[]).includes(suffix.toLowerCase())) preloadDrawing();
}
