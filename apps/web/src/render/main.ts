/**
 * The snapshot page (issue 14 "thumbnails … models (a render of the preview GLB or the drawing)"):
 * a page of its own (render.html, no React, no app shell) that the server's thumbnail worker opens in
 * headless Chromium (apps/server/src/modules/thumbnails/snapshot-renderer.ts), as Speckle's preview
 * service does. It exposes `window.bimdriveRender(request)`, which draws one model or drawing with the
 * viewer's own code (three.js, dxf-viewer) and answers a PNG data URL.
 */
import { renderDrawing } from './render-drawing.ts';
import { renderModel } from './render-model.ts';
import type { RenderRequest } from './render-request.ts';

declare global {
  interface Window {
    /** Draw `request` and answer `data:image/png;base64,…`; rejects when the file cannot be drawn. */
    bimdriveRender: (request: RenderRequest) => Promise<string>;
  }
}

window.bimdriveRender = (request) =>
  request.kind === 'drawing' ? renderDrawing(request) : renderModel(request);
document.documentElement.dataset.ready = '1';
