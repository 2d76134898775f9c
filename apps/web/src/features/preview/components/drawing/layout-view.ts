/**
 * Drawing a paper-space layout (issue 13 "model space and each layout"), as CAD programs show one:
 * a grey desk, the sheet (the layout's limits) in the background colour, model space drawn through
 * each viewport — scaled by the viewport and clipped to its rectangle (WebGL scissor) — and the
 * layout's own entities on top.
 *
 * Two dxf-viewer instances share the work: the drawing's viewer (model space, already loaded) draws
 * the desk, sheet and viewports in place of its normal frame while the layout is shown; a second,
 * transparent viewer stacked above it loads the layout's own DXF (dxf-layouts.ts readLayout), takes
 * the pointer (pan, zoom, pinch) and tells the first to draw again whenever its view changes. Layer
 * switches apply to both; a viewport's own frozen layers are hidden while that viewport is drawn.
 */
import { DxfViewer } from 'dxf-viewer';
import { sceneToCanvas, type Point, type TopCamera } from './drawing-geometry.ts';
import { paperToModel, type DrawingLayout, type Rect } from './dxf-layouts.ts';

/** Colours of the desk around the sheet, by background. */
const DESK = { white: 0xbfbfbf, black: 0x303030 } as const;

/** How the layout view is set up. */
export interface LayoutViewOptions {
  /** Background of the sheet. */
  background: 'white' | 'black';
  /** CSS colour of the sheet for each background. */
  sheetColor: string;
  fonts: string[];
  workerFactory: () => Worker;
}

/** A layout on screen. */
export interface LayoutView {
  /** Fit the sheet into the window. */
  fit: () => void;
  setBackground: (background: 'white' | 'black', sheetColor: string) => void;
  showLayer: (name: string, visible: boolean) => void;
  /** Remove the layout's viewer and give the drawing's viewer its own frame back. */
  dispose: () => void;
}

/** dxf-viewer keeps each layer's objects here (not in its typings). */
type LayerObjects = Map<string, { objects: { visible: boolean }[] }>;

const originOf = (v: DxfViewer): Point => {
  const o = v.GetOrigin() as Point | null;
  return o ? { x: o.x, y: o.y } : { x: 0, y: 0 };
};

/** The scene area a top camera shows. */
function visibleArea(cam: TopCamera): Rect {
  return {
    minX: cam.position.x + cam.left / cam.zoom,
    maxX: cam.position.x + cam.right / cam.zoom,
    minY: cam.position.y + cam.bottom / cam.zoom,
    maxY: cam.position.y + cam.top / cam.zoom,
  };
}

/**
 * Show `layout` over the loaded model-space viewer `model`, in `host` (an empty element stacked over
 * the model's canvas). @returns once the layout's own entities are loaded and the sheet is fitted.
 * @throws when the layout's DXF cannot be loaded (the model's frame is restored first).
 */
export async function showLayout(
  model: DxfViewer,
  host: HTMLElement,
  layout: DrawingLayout,
  opts: LayoutViewOptions,
): Promise<LayoutView> {
  const paper = new DxfViewer(host, {
    autoResize: true,
    antialias: true,
    colorCorrection: true,
    canvasAlpha: true,
    clearAlpha: 0,
  });
  paper.SetClearColor(opts.background === 'black' ? 0x000000 : 0xffffff);
  let background = opts.background;
  let sheetColor = opts.sheetColor;
  const renderer = model.GetRenderer()!;
  const modelLayers = (model as unknown as { layers: LayerObjects }).layers;
  const ownRender = model.Render;
  // dxf-viewer brings its own three.js: the viewports' camera is one of its cameras.
  const camera = model.GetCamera().clone();
  camera.position.set(0, 0, 1);
  camera.zoom = 1;

  /** The model viewer's frame while the layout is shown. */
  const drawLayout = () => {
    const canvas = model.GetCanvas();
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    const pc = paper.GetCamera();
    const po = originOf(paper);
    const mo = originOf(model);
    /** A sheet rectangle (paper units) as a scissor box (CSS px, origin bottom-left), or null when off screen. */
    const box = (r: Rect) => {
      const a = sceneToCanvas(pc, width, height, { x: r.minX - po.x, y: r.maxY - po.y });
      const b = sceneToCanvas(pc, width, height, { x: r.maxX - po.x, y: r.minY - po.y });
      const x0 = Math.max(0, Math.floor(a.x));
      const x1 = Math.min(width, Math.ceil(b.x));
      const y0 = Math.max(0, Math.floor(height - b.y));
      const y1 = Math.min(height, Math.ceil(height - a.y));
      return x1 > x0 && y1 > y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
    };
    const autoClear = renderer.autoClear;
    renderer.setScissorTest(false);
    renderer.setClearColor(DESK[background], 1);
    renderer.clear();
    renderer.setScissorTest(true);
    const sheet = box(layout.limits);
    if (sheet) {
      renderer.setScissor(sheet.x, sheet.y, sheet.w, sheet.h);
      renderer.setClearColor(sheetColor, 1);
      renderer.clear();
    }
    renderer.autoClear = false;
    const seen = visibleArea(pc);
    for (const vp of layout.viewports) {
      const clip = box({
        minX: vp.center.x - vp.width / 2,
        maxX: vp.center.x + vp.width / 2,
        minY: vp.center.y - vp.height / 2,
        maxY: vp.center.y + vp.height / 2,
      });
      if (!clip) continue;
      // The whole window mapped through this viewport, so the scissor box alone does the clipping.
      const lo = paperToModel(vp, { x: seen.minX + po.x, y: seen.minY + po.y });
      const hi = paperToModel(vp, { x: seen.maxX + po.x, y: seen.maxY + po.y });
      camera.left = lo.x - mo.x;
      camera.right = hi.x - mo.x;
      camera.bottom = lo.y - mo.y;
      camera.top = hi.y - mo.y;
      camera.updateProjectionMatrix();
      const frozen = vp.frozenLayers
        .flatMap((n) => modelLayers.get(n)?.objects ?? [])
        .filter((o) => o.visible);
      for (const o of frozen) o.visible = false;
      renderer.setScissor(clip.x, clip.y, clip.w, clip.h);
      renderer.render(model.GetScene(), camera);
      for (const o of frozen) o.visible = true;
    }
    renderer.setScissorTest(false);
    renderer.autoClear = autoClear;
    renderer.setClearColor(sheetColor, 1);
  };

  const fit = () => {
    const po = originOf(paper);
    const l = layout.limits;
    paper.FitView(l.minX - po.x, l.maxX - po.x, l.minY - po.y, l.maxY - po.y, 0.05);
  };
  const redraw = () => model.Render();
  model.Render = drawLayout;
  paper.Subscribe('viewChanged', redraw);
  paper.Subscribe('resized', redraw);
  const blobUrl = URL.createObjectURL(new Blob([layout.paperDxf], { type: 'application/dxf' }));
  const dispose = () => {
    model.Render = ownRender;
    paper.Destroy();
    URL.revokeObjectURL(blobUrl);
    model.SetClearColor(sheetColor);
    model.Render();
  };
  try {
    await paper.Load({ url: blobUrl, fonts: opts.fonts, workerFactory: opts.workerFactory });
  } catch (err) {
    dispose();
    throw err;
  }
  // The paper viewer fits its own entities; the sheet is what a layout is looked at by.
  fit();
  redraw();
  return {
    fit,
    setBackground: (bg, color) => {
      background = bg;
      sheetColor = color;
      paper.SetClearColor(bg === 'black' ? 0x000000 : 0xffffff);
      redraw();
    },
    showLayer: (name, visible) => {
      paper.ShowLayer(name, visible);
      model.ShowLayer(name, visible);
    },
    dispose,
  };
}
