/**
 * A paper-space layout of the 2D drawing viewer (issue 13 "model space and each layout"; spec 001 §2
 * preview overlay): while `space` names a layout and the model-space viewer is loaded (`ready`), reads
 * that layout from the DXF at `url` (dxf-layouts.ts) and shows it with its own viewer stacked over the
 * model's, model space drawn through its viewports (layout-view.ts), on the remembered background.
 * Back to model space (null), another layout or another url disposes the shown one.
 */
import type { DxfViewer } from 'dxf-viewer';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { BG, storedBackground } from './drawing-background.ts';
import { readLayout } from './dxf-layouts.ts';
import { drawingFonts, dxfWorker } from './dxf-viewer-assets.ts';
import { showLayout, type LayoutView } from './layout-view.ts';

/** How far the shown layout is, and how many viewports it has once drawn. */
export interface LayoutState {
  phase: 'loading' | 'done' | 'error';
  viewports: number;
}

/** The layout viewer and its state. */
export interface DrawingLayout {
  /** Give it to the element stacked over the model's canvas. */
  layoutHostRef: RefObject<HTMLDivElement | null>;
  /** The layout on screen (null: model space, or still loading). */
  layoutRef: RefObject<LayoutView | null>;
  layoutState: LayoutState;
}

/** The layout `space` (null: none) of the drawing at `url` over the model-space viewer. */
export function useLayoutView(
  url: string,
  ready: boolean,
  space: string | null,
  viewerRef: RefObject<DxfViewer | null>,
): DrawingLayout {
  const layoutHostRef = useRef<HTMLDivElement>(null);
  const layoutRef = useRef<LayoutView | null>(null);
  const [layoutState, setLayoutState] = useState<LayoutState>({ phase: 'done', viewports: 0 });

  // A layout: its own viewer stacked over the model's, drawn with model space through its viewports.
  useEffect(() => {
    const model = viewerRef.current;
    const host = layoutHostRef.current;
    if (!ready || !space || !model || !host) return;
    let alive = true;
    let view: LayoutView | null = null;
    setLayoutState({ phase: 'loading', viewports: 0 });
    const absolute = new URL(url, window.location.href).href;
    void (async () => {
      try {
        const res = await fetch(absolute);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const layout = readLayout(await res.text(), space);
        if (!layout) throw new Error(space);
        if (!alive) return;
        const dark = storedBackground() === 'black';
        view = await showLayout(model, host, layout, {
          background: dark ? 'black' : 'white',
          sheetColor: BG[dark ? 'black' : 'white'],
          fonts: drawingFonts(),
          workerFactory: dxfWorker,
        });
        if (!alive) return view.dispose();
        layoutRef.current = view;
        setLayoutState({ phase: 'done', viewports: layout.viewports.length });
      } catch {
        if (alive) setLayoutState({ phase: 'error', viewports: 0 });
      }
    })();
    return () => {
      alive = false;
      layoutRef.current = null;
      view?.dispose();
    };
  }, [ready, space, url, viewerRef]);

  return { layoutHostRef, layoutRef, layoutState };
}
