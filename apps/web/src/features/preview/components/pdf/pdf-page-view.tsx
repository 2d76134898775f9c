/**
 * One page of the bundled PDF viewer (spec 001 §2 "PDF: a bundled PDF viewer"): a white box of the
 * laid-out size; while `active` (near the view) its canvas is painted and a pdf.js `TextLayer` is laid
 * over it so text can be selected, copied and found; when it leaves the neighbourhood both are
 * released. A zoom repaints into a fresh canvas and swaps it in when done, so the old picture stays
 * (stretched) instead of flashing white.
 */
import { TextLayer, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import { memo, useEffect, useRef, useState, type ReactElement } from 'react';
import { splitForHighlight, type ItemRange } from '../../lib/pdf-search.ts';
import type { PageSize } from '../../lib/pdf-layout.ts';
import type { PdfTextStore } from './pdf-text-store.ts';

/** Canvas size cap (device pixels) so very large pages on high-DPI screens do not exhaust memory. */
export const MAX_CANVAS_PIXELS = 16_000_000;

/** A match to highlight on this page: the item ranges it covers, and whether it is the current one. */
export interface PageHit {
  ranges: ItemRange[];
  selected: boolean;
}

/** Props of PdfPageView. Lengths are CSS pixels; `scale` is CSS px per PDF unit. */
export interface PdfPageViewProps {
  doc: PDFDocumentProxy;
  store: PdfTextStore;
  /** 1-based page number. */
  pageNumber: number;
  top: number;
  left: number;
  width: number;
  height: number;
  scale: number;
  /** Paint canvas and text layer (the page is near the view). */
  active: boolean;
  /** Search matches on this page (empty array when none). */
  hits: readonly PageHit[];
  /** Changes when the user moves to another match; the page holding it then reveals it. */
  revealToken: number;
  /** The page's size at scale 1 (PDF units), reported once it is known. */
  onMeasured: (pageNumber: number, size: PageSize) => void;
  /** The canvas of this page was painted (first paint and every repaint). */
  onPainted: (pageNumber: number) => void;
  /** Scroll the selected match's highlight element into view. */
  onReveal: (el: HTMLElement) => void;
}

/** Page box with lazily painted canvas and text layer (001 §2). */
export const PdfPageView = memo(function PdfPageView(props: PdfPageViewProps): ReactElement {
  const { doc, store, pageNumber, top, left, width, height, scale, active, hits, revealToken } = props;
  const canvasHolder = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const textLayer = useRef<{ divs: HTMLElement[]; strs: string[] } | null>(null);
  const [textReady, setTextReady] = useState(0);
  const [painted, setPainted] = useState(false);
  const [userUnit, setUserUnit] = useState(1);
  const cb = useRef(props);
  cb.current = props;

  // Release the canvas and text layer when the page leaves the neighbourhood of the view.
  useEffect(() => {
    if (!active) return;
    const holder = canvasHolder.current;
    const text = textRef.current;
    return () => {
      for (const c of holder?.querySelectorAll('canvas') ?? []) {
        c.width = 0;
        c.height = 0;
      }
      holder?.replaceChildren();
      text?.replaceChildren();
      textLayer.current = null;
      setPainted(false);
      setTextReady(0);
    };
  }, [active]);

  // Paint the canvas at the current scale (device-pixel sharp, capped).
  useEffect(() => {
    if (!active) return;
    let live = true;
    let task: RenderTask | null = null;
    void (async () => {
      const page = await doc.getPage(pageNumber);
      if (!live) return;
      const base = page.getViewport({ scale: 1 });
      cb.current.onMeasured(pageNumber, { width: base.width, height: base.height });
      setUserUnit(page.userUnit);
      const cssW = base.width * scale;
      const cssH = base.height * scale;
      let dpr = window.devicePixelRatio || 1;
      if (cssW * cssH * dpr * dpr > MAX_CANVAS_PIXELS) dpr = Math.sqrt(MAX_CANVAS_PIXELS / (cssW * cssH));
      const viewport = page.getViewport({ scale: scale * dpr });
      const canvas = document.createElement('canvas');
      canvas.className = 'bd-pdf-canvas';
      canvas.width = Math.max(1, Math.floor(viewport.width));
      canvas.height = Math.max(1, Math.floor(viewport.height));
      task = page.render({ canvas, viewport });
      await task.promise;
      const holder = canvasHolder.current;
      if (!live || !holder) return;
      for (const old of holder.querySelectorAll('canvas')) {
        old.width = 0;
        old.height = 0;
      }
      holder.replaceChildren(canvas);
      setPainted(true);
      cb.current.onPainted(pageNumber);
    })().catch(() => undefined);
    return () => {
      live = false;
      task?.cancel();
    };
  }, [active, doc, pageNumber, scale]);

  // Lay the text layer over the page once per activation, once the canvas is painted; its size and font sizes follow
  // --total-scale-factor, so a zoom needs no new layer.
  const scaleRef = useRef(scale);
  scaleRef.current = scale;
  useEffect(() => {
    // After the canvas: the picture matters first, the text layer a moment later.
    if (!active || !painted) return;
    const container = textRef.current;
    if (!container) return;
    let live = true;
    let layer: TextLayer | null = null;
    void (async () => {
      const [page, content] = await Promise.all([doc.getPage(pageNumber), store.content(pageNumber)]);
      if (!live) return;
      container.replaceChildren();
      layer = new TextLayer({
        textContentSource: content,
        container,
        viewport: page.getViewport({ scale: scaleRef.current }),
      });
      await layer.render();
      if (!live) return;
      textLayer.current = { divs: layer.textDivs, strs: layer.textContentItemsStr };
      setTextReady((n) => n + 1);
    })().catch(() => undefined);
    return () => {
      live = false;
      layer?.cancel();
    };
  }, [active, painted, doc, store, pageNumber]);

  // Search highlights: cut the matched text elements into plain and highlighted pieces.
  const revealed = useRef(-1);
  useEffect(() => {
    const tl = textLayer.current;
    if (!tl || textReady === 0) return;
    const byItem = new Map<number, { start: number; end: number; selected: boolean }[]>();
    for (const hit of hits)
      for (const r of hit.ranges) {
        const list = byItem.get(r.item) ?? [];
        list.push({ start: r.start, end: r.end, selected: hit.selected });
        byItem.set(r.item, list);
      }
    let selectedEl: HTMLElement | null = null;
    for (const [item, ranges] of byItem) {
      const div = tl.divs[item];
      const str = tl.strs[item];
      if (!div || str === undefined) continue;
      div.replaceChildren();
      for (const seg of splitForHighlight(str, ranges)) {
        if (seg.kind === 'plain') {
          div.append(document.createTextNode(seg.text));
          continue;
        }
        const span = document.createElement('span');
        span.className = seg.kind === 'selected' ? 'highlight appended selected' : 'highlight appended';
        span.textContent = seg.text;
        div.append(span);
        if (seg.kind === 'selected') selectedEl ??= span;
      }
    }
    if (selectedEl && revealed.current !== revealToken) {
      revealed.current = revealToken;
      cb.current.onReveal(selectedEl);
    }
    return () => {
      // Restore the plain text of every element this pass changed.
      for (const item of byItem.keys()) {
        const div = tl.divs[item];
        const str = tl.strs[item];
        if (div && str !== undefined) div.textContent = str;
      }
    };
  }, [hits, textReady, revealToken]);

  return (
    <div
      className="bd-pdf-page"
      data-testid="pdf-page"
      data-page={pageNumber}
      data-rendered={painted ? '1' : undefined}
      style={
        {
          position: 'absolute',
          top,
          left,
          width,
          height,
          '--scale-factor': scale,
          '--user-unit': userUnit,
          '--total-scale-factor': scale * userUnit,
        } as React.CSSProperties
      }
    >
      <div ref={canvasHolder} style={{ position: 'absolute', inset: 0 }} />
      <div ref={textRef} className="textLayer" data-testid="pdf-text-layer" />
    </div>
  );
});
