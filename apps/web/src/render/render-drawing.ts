/**
 * A drawing's snapshot: the derived ASCII DXF drawn by dxf-viewer (as the drawing viewer does, model
 * space only, layers off in the drawing hidden) on white, fitted to the picture as Load leaves it. Text is left out (the
 * CJK font would cost more than the text shows at thumbnail size). Parsing runs on the page's main
 * thread. Errors: HTTP failures, unreadable DXF, no WebGL.
 */
import { DxfViewer } from 'dxf-viewer';
import { fetchOffLayers } from '../features/preview/components/drawing/dxf-layers.ts';
import type { RenderRequest } from './render-request.ts';

/** Draw the DXF at `request.url`; answers a PNG data URL of `width × height`. */
export async function renderDrawing({ url, width, height }: RenderRequest): Promise<string> {
  const host = document.createElement('div');
  host.style.width = `${width}px`;
  host.style.height = `${height}px`;
  document.getElementById('stage')!.appendChild(host);
  const viewer = new DxfViewer(host, {
    autoResize: false,
    canvasWidth: width,
    canvasHeight: height,
    antialias: true,
    colorCorrection: true,
    preserveDrawingBuffer: true,
    sceneOptions: { suppressPaperSpace: true },
  });
  try {
    if (!viewer.HasRenderer()) throw new Error('no WebGL');
    viewer.SetClearColor('#ffffff');
    const absolute = new URL(url, window.location.href).href;
    const off = fetchOffLayers(absolute);
    await viewer.Load({ url: absolute, fonts: null, workerFactory: null });
    for (const name of await off) viewer.ShowLayer(name, false);
    if (!viewer.GetBounds()) throw new Error('the drawing has nothing to draw');
    viewer.Render(); // Load has fitted the view to the drawing
    return viewer.GetCanvas().toDataURL('image/png');
  } finally {
    viewer.Destroy();
    host.remove();
  }
}
