/**
 * The model-space viewer of the 2D drawing viewer (issue 13 "2D drawings"; spec 001 §2 preview
 * overlay): creates a dxf-viewer (three.js, WebGL) in the host element, loads the derived ASCII DXF
 * at `url` with its parsing worker and CJK font (dxf-viewer-assets.ts), and reports how far it is
 * (font → fetch → parse → prepare → done, or error; NO_WEBGL when the browser has none). Once loaded,
 * the layers switched off in the drawing start hidden (dxf-layers.ts) and DRAWN_MARK is set. A click
 * (not a pan) with the left button or one finger calls `onPick` with the scene point; every view
 * change (pan, zoom) re-renders the caller so overlays follow. A new `url` starts over.
 */
import { DxfViewer, type LayerInfo } from 'dxf-viewer';
import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { storedBackground, BG } from './drawing-background.ts';
import { isClick, type Point } from './drawing-geometry.ts';
import { fetchOffLayers } from './dxf-layers.ts';
import { drawingFonts, dxfWorker } from './dxf-viewer-assets.ts';
import { DRAWN_MARK } from '../../../../lib/frame-marks.ts';

/** `DrawingLoad.error` when the browser has no WebGL (the texts say so and suggest a browser). */
export const NO_WEBGL = 'no-webgl';

/** How far the drawing is; `percent` of the phase when known, `error` the failure's message. */
export interface DrawingLoad {
  phase: 'font' | 'fetch' | 'parse' | 'prepare' | 'done' | 'error';
  percent: number | null;
  error?: string;
}

/** One row of the layer list. */
export interface LayerRow {
  name: string;
  displayName: string;
  /** RGB colour of the layer (after correction against the background). */
  color: number;
  visible: boolean;
}

/** dxf-viewer's pointer event detail. */
interface PointerDetail {
  domEvent: PointerEvent;
  canvasCoord: Point;
  position: Point;
}

/** The model-space viewer and its state. */
export interface DrawingViewer {
  /** Give it to the (positioned, sized) element dxf-viewer draws in. */
  hostRef: RefObject<HTMLDivElement | null>;
  /** The viewer while it exists (null before, without WebGL, and after unmount). */
  viewerRef: RefObject<DxfViewer | null>;
  load: DrawingLoad;
  /** The drawing's layers once loaded (empty before). */
  layers: LayerRow[];
  setLayers: Dispatch<SetStateAction<LayerRow[]>>;
  /** dxf-viewer found characters no font has (they would show as boxes). */
  missingChars: boolean;
}

/** The model-space viewer of the drawing at `url`; `onPick` gets each clicked scene point. */
export function useDrawingViewer(url: string, onPick: (point: Point) => void): DrawingViewer {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<DxfViewer | null>(null);
  const [load, setLoad] = useState<DrawingLoad>({ phase: 'fetch', percent: null });
  const [layers, setLayers] = useState<LayerRow[]>([]);
  const [missingChars, setMissingChars] = useState(false);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  /** Bumped on every view change so overlays follow pan and zoom. */
  const [, setViewTick] = useState(0);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let viewer: DxfViewer;
    try {
      viewer = new DxfViewer(host, {
        autoResize: true,
        antialias: true,
        colorCorrection: true,
        sceneOptions: { suppressPaperSpace: true },
      });
    } catch (err) {
      setLoad({ phase: 'error', percent: null, error: err instanceof Error ? err.message : String(err) });
      return;
    }
    if (!viewer.HasRenderer()) {
      // dxf-viewer logs and carries on without WebGL; every later call would throw.
      setLoad({ phase: 'error', percent: null, error: NO_WEBGL });
      viewer.Destroy();
      return;
    }
    viewerRef.current = viewer;
    viewer.SetClearColor(BG[storedBackground()]);
    let down: Point | null = null;
    const onDown = (e: { detail: PointerDetail }) => {
      down = e.detail.canvasCoord;
    };
    const onUp = (e: { detail: PointerDetail }) => {
      const start = down;
      down = null;
      if (!start || e.detail.domEvent.button !== 0) return;
      if (!isClick(start, e.detail.canvasCoord)) return;
      pickRef.current(e.detail.position);
    };
    const onView = () => setViewTick((n) => n + 1);
    const onMessage = (e: { detail: { message: string } }) => {
      if (/missing fonts/i.test(e.detail.message)) setMissingChars(true);
    };
    viewer.Subscribe('message', onMessage);
    viewer.Subscribe('pointerdown', onDown);
    viewer.Subscribe('pointerup', onUp);
    viewer.Subscribe('viewChanged', onView);
    let alive = true;
    setLoad({ phase: 'fetch', percent: null });
    setLayers([]);
    setMissingChars(false);
    const absolute = new URL(url, window.location.href).href;
    let lastPhase = 'mount';
    performance.mark('bimdrive:drawing-mount');
    // Layers switched off in the drawing start hidden, as CAD programs show them.
    const off = fetchOffLayers(absolute);
    viewer
      .Load({
        url: absolute,
        fonts: drawingFonts(),
        progressCbk: (phase, size, total) => {
          if (!alive) return;
          // Where the time to the first frame goes (bench/drawings.ts prints these stages).
          if (phase !== lastPhase) performance.mark(`bimdrive:drawing-${(lastPhase = phase)}`);
          setLoad({ phase, percent: total > 0 ? Math.min(100, Math.round((size / total) * 100)) : null });
        },
        workerFactory: dxfWorker,
      })
      .then(async () => {
        const hidden = new Set(await off);
        if (!alive) return;
        for (const name of hidden) viewer.ShowLayer(name, false);
        setLayers(
          [...viewer.GetLayers()].map((l: LayerInfo) => ({
            name: l.name,
            displayName: l.displayName,
            color: l.color,
            visible: !hidden.has(l.name),
          })),
        );
        setLoad({ phase: 'done', percent: 100 });
        performance.mark(DRAWN_MARK); // Load ends with the first frame drawn (bench/drawings.ts)
      })
      .catch((err: unknown) => {
        if (!alive) return;
        setLoad({ phase: 'error', percent: null, error: err instanceof Error ? err.message : String(err) });
      });
    return () => {
      alive = false;
      viewerRef.current = null;
      viewer.Destroy();
    };
  }, [url]);

  return { hostRef, viewerRef, load, layers, setLayers, missingChars };
}
