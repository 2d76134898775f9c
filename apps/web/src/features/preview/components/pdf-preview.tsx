/**
 * PDF preview (spec 001 §2 "PDF: a bundled PDF viewer"), also used for office documents shown as PDF
 * renditions. pdf.js opens the document and only page 1 is measured before the column of pages is
 * laid out (every other page is assumed to be page 1's size until it is painted), so a 300-page
 * file shows its first page as fast as a 1-page one. Only pages within a view height of the view are
 * painted (canvas + selectable text layer); the others are empty boxes and are released when far.
 * Above the pages: a toolbar (page box and previous/next, zoom 50–400% and fit width, text search
 * with highlighted matches, thumbnails toggle); beside them a thumbnails sidebar (hidden by default
 * below 768 px, floating over the pages there). Loaded lazily so pdf.js is fetched only for PDFs.
 */
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import { Alert, Spin, theme } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  anchorAt,
  currentPageAt,
  layoutPages,
  pagesNear,
  scrollTopOfAnchor,
  scrollTopOfPage,
  type PageLayout,
  type PageSize,
} from '../lib/pdf-layout.ts';
import { percentOfScale, zoomInFrom, zoomOutFrom, type ZoomMode } from '../lib/pdf-zoom.ts';
import { LocalBinaryDataFactory } from './pdf-assets.ts';
import { PdfPageView, type PageHit } from './pdf/pdf-page-view.tsx';
import { PdfTextStore } from './pdf/pdf-text-store.ts';
import { PdfThumbnails } from './pdf/pdf-thumbnails.tsx';
import { PdfToolbar } from './pdf/pdf-toolbar.tsx';
import { pdfWorker } from './pdf/pdf-worker.ts';
import { usePdfSearch } from './pdf/use-pdf-search.ts';
import './pdf/pdf-viewer.css';
import '../i18n.ts';

/** Props of PdfPreview. */
export interface PdfPreviewProps {
  /** Signed URL of the PDF. */
  url: string;
}

/** Below this width (CSS px) the viewer is "narrow": thumbnails hidden by default and floating. */
export const NARROW_WIDTH = 768;
const NO_HITS: readonly PageHit[] = [];

interface Loaded {
  url: string;
  doc: PDFDocumentProxy | null;
  first: PageSize | null;
  error: boolean;
}

/** The bundled PDF viewer (001 §2): toolbar, thumbnails, lazily painted pages. */
export function PdfPreview({ url }: PdfPreviewProps): ReactElement {
  const { t } = useTranslation('preview');
  const { token } = theme.useToken();
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ url: '', doc: null, first: null, error: false });
  const [sizes, setSizes] = useState<{ doc: PDFDocumentProxy | null; list: (PageSize | undefined)[] }>({
    doc: null,
    list: [],
  });
  const [box, setBox] = useState({ width: 0, height: 0, rootWidth: 0 });
  const [mode, setMode] = useState<ZoomMode>({ kind: 'fit' });
  const [scrollTop, setScrollTop] = useState(0);
  const [paintedDoc, setPaintedDoc] = useState<PDFDocumentProxy | null>(null);
  const [thumbs, setThumbs] = useState(
    () => typeof window === 'undefined' || window.matchMedia(`(min-width: ${NARROW_WIDTH}px)`).matches,
  );

  // Open the document; measure page 1 only.
  useEffect(() => {
    let live = true;
    performance.mark('bimdrive:pdf-open');
    const task = getDocument({
      url,
      worker: pdfWorker(),
      BinaryDataFactory: LocalBinaryDataFactory,
      useWorkerFetch: false,
    });
    task.promise
      .then(async (doc) => {
        const vp = (await doc.getPage(1)).getViewport({ scale: 1 });
        if (!live) return;
        const first = { width: vp.width, height: vp.height };
        setLoaded({ url, doc, first, error: false });
        setSizes({ doc, list: [first] });
      })
      .catch(() => {
        if (live) setLoaded({ url, doc: null, first: null, error: true });
      });
    return () => {
      live = false;
      void task.destroy();
    };
  }, [url]);

  const doc = loaded.url === url ? loaded.doc : null;
  const first = loaded.url === url ? loaded.first : null;
  const error = loaded.url === url && loaded.error;
  const store = useMemo(() => (doc ? new PdfTextStore(doc) : null), [doc]);
  const narrow = box.rootWidth > 0 && box.rootWidth < NARROW_WIDTH;
  const sidePadding = narrow ? 8 : 16;

  // Size of the scrolling view (the page column) and of the whole viewer.
  useEffect(() => {
    const el = scrollRef.current;
    const root = rootRef.current;
    if (!el || !root) return;
    const measure = () =>
      setBox((old) => {
        const next = { width: el.clientWidth, height: el.clientHeight, rootWidth: root.clientWidth };
        return old.width === next.width && old.height === next.height && old.rootWidth === next.rootWidth
          ? old
          : next;
      });
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    ro.observe(root);
    measure();
    return () => ro.disconnect();
  }, [doc]);

  const layout = useMemo<PageLayout | null>(() => {
    if (!doc || !first || box.width <= 0) return null;
    const list = sizes.doc === doc ? sizes.list : [first];
    return layoutPages(doc.numPages, list, first, mode, box.width - sidePadding * 2);
  }, [doc, first, sizes, mode, box.width, sidePadding]);

  // Keep the same spot in view when the layout changes (zoom, resize, a page measured).
  const anchor = useRef({ page: 1, fraction: 0 });
  const xCentre = useRef(0.5);
  const layoutRef = useRef<PageLayout | null>(null);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !layout) return;
    const prev = layoutRef.current;
    layoutRef.current = layout;
    if (!prev) return;
    const y = scrollTopOfAnchor(layout, anchor.current);
    if (Math.abs(el.scrollTop - y) > 1) el.scrollTop = y;
    if (el.scrollWidth > el.clientWidth)
      el.scrollLeft = xCentre.current * el.scrollWidth - el.clientWidth / 2;
    setScrollTop(el.scrollTop);
  }, [layout]);

  const frame = useRef(0);
  const onScroll = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const el = scrollRef.current;
      if (!el) return;
      if (layoutRef.current) anchor.current = anchorAt(layoutRef.current, el.scrollTop);
      xCentre.current = (el.scrollLeft + el.clientWidth / 2) / Math.max(1, el.scrollWidth);
      setScrollTop(el.scrollTop);
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const pageCount = doc?.numPages ?? 0;
  const current = layout ? currentPageAt(layout, scrollTop, box.height) : 1;
  const currentRef = useRef(current);
  currentRef.current = current;
  const near = layout ? pagesNear(layout, scrollTop, box.height, 1) : { first: 0, last: -1 };
  // Pages actually on screen paint first; the ones around them wait for the first paint.
  const seen = layout ? pagesNear(layout, scrollTop, box.height, 0) : { first: 0, last: -1 };
  const ready = paintedDoc !== null && paintedDoc === doc;

  const jump = useCallback((page: number) => {
    const el = scrollRef.current;
    const l = layoutRef.current;
    if (!el || !l) return;
    el.scrollTop = scrollTopOfPage(l, page);
    anchor.current = anchorAt(l, el.scrollTop);
    setScrollTop(el.scrollTop);
  }, []);

  // Zoom: the toolbar's steps, and ctrl/⌘ + wheel (pinch on a touchpad).
  const percent = layout ? percentOfScale(layout.scales[current - 1] ?? 1) : 100;
  const percentRef = useRef(percent);
  percentRef.current = percent;
  const zoomIn = useCallback(() => setMode({ kind: 'percent', percent: zoomInFrom(percentRef.current) }), []);
  const zoomOut = useCallback(
    () => setMode({ kind: 'percent', percent: zoomOutFrom(percentRef.current) }),
    [],
  );
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let last = 0;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      if (e.timeStamp - last < 120) return;
      last = e.timeStamp;
      if (e.deltaY < 0) zoomIn();
      else if (e.deltaY > 0) zoomOut();
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [doc, zoomIn, zoomOut]);

  const onMeasured = useCallback((page: number, size: PageSize) => {
    setSizes((old) => {
      const had = old.list[page - 1];
      if (had && had.width === size.width && had.height === size.height) return old;
      const list = old.list.slice();
      list[page - 1] = size;
      return { doc: old.doc, list };
    });
  }, []);

  const paintedOnce = useRef<PDFDocumentProxy | null>(null);
  const onPainted = useCallback(() => {
    if (!doc || paintedOnce.current === doc) return;
    paintedOnce.current = doc;
    performance.mark('bimdrive:pdf-first-page');
    setPaintedDoc(doc);
  }, [doc]);

  // Search: highlights per page, and moving to the current match.
  const search = usePdfSearch(store, pageCount, () => currentRef.current);
  const { matches, current: matchIndex } = search;
  const hitsByPage = useMemo(() => {
    const map = new Map<number, PageHit[]>();
    matches.forEach((m, i) => {
      const list = map.get(m.page) ?? [];
      list.push({ ranges: m.ranges, selected: i === matchIndex });
      map.set(m.page, list);
    });
    return map;
  }, [matches, matchIndex]);
  const selectedPage = search.current >= 0 ? (search.matches[search.current]?.page ?? 0) : 0;
  useEffect(() => {
    const el = scrollRef.current;
    const l = layoutRef.current;
    if (!selectedPage || !el || !l) return;
    const top = l.tops[selectedPage - 1]!;
    const bottom = top + l.heights[selectedPage - 1]!;
    // Bring the page into view; once its text layer shows the highlight, onReveal centres it.
    if (bottom < el.scrollTop || top > el.scrollTop + el.clientHeight) jump(selectedPage);
    // Only on a move to a match, not when the page number changes with scrolling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search.revealToken]);
  const onReveal = useCallback((target: HTMLElement) => {
    const el = scrollRef.current;
    if (!el) return;
    const r = target.getBoundingClientRect();
    const c = el.getBoundingClientRect();
    const y = r.top - c.top;
    if (y < 48 || r.bottom - c.top > c.height - 48) el.scrollTop += y - c.height / 2;
    const x = r.left - c.left;
    if (x < 0 || r.right - c.left > c.width) el.scrollLeft += x - c.width / 2;
  }, []);

  const onThumbJump = useCallback(
    (page: number) => {
      jump(page);
      if (narrow) setThumbs(false);
    },
    [jump, narrow],
  );

  const contentWidth = layout ? Math.max(box.width, layout.maxWidth + sidePadding * 2) : 0;
  const pages: ReactElement[] = [];
  if (doc && store && layout) {
    for (let i = 0; i < pageCount; i++) {
      const n = i + 1;
      const w = layout.widths[i]!;
      pages.push(
        <PdfPageView
          key={n}
          doc={doc}
          store={store}
          pageNumber={n}
          top={layout.tops[i]!}
          left={Math.floor((contentWidth - w) / 2)}
          width={w}
          height={layout.heights[i]!}
          scale={layout.scales[i]!}
          active={n >= near.first && n <= near.last && (ready || (n >= seen.first && n <= seen.last))}
          hits={hitsByPage.get(n) ?? NO_HITS}
          revealToken={n === selectedPage ? search.revealToken : 0}
          onMeasured={onMeasured}
          onPainted={onPainted}
          onReveal={onReveal}
        />,
      );
    }
  }

  return (
    <div
      ref={rootRef}
      data-testid="pdf-preview"
      data-pages={pageCount || undefined}
      style={{ height: '100%', display: 'flex', flexDirection: 'column', background: token.colorBgLayout }}
    >
      {error && <Alert type="error" showIcon title={t('pdfFailed')} style={{ margin: 24 }} />}
      {!error && !doc && (
        <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 80 }}>
          <Spin description={t('loading')} />
        </div>
      )}
      {doc && first && (
        <>
          <PdfToolbar
            page={current}
            pageCount={pageCount}
            percent={percent}
            fit={mode.kind === 'fit'}
            thumbnails={thumbs}
            compact={narrow}
            query={search.query}
            matchCount={search.matches.length}
            matchIndex={search.current}
            searching={search.searching}
            searched={search.searched}
            onPage={jump}
            onZoomIn={zoomIn}
            onZoomOut={zoomOut}
            onFitWidth={() => setMode({ kind: 'fit' })}
            onToggleThumbnails={() => setThumbs((v) => !v)}
            onQuery={search.setQuery}
            onSearchEnter={search.enter}
            onMatchStep={search.step}
          />
          <div style={{ flex: 1, minHeight: 0, display: 'flex', position: 'relative' }}>
            {thumbs && (
              <PdfThumbnails
                doc={doc}
                firstSize={first}
                current={current}
                ready={ready}
                overlay={narrow}
                onJump={onThumbJump}
              />
            )}
            <div
              ref={scrollRef}
              onScroll={onScroll}
              style={{
                flex: 1,
                minWidth: 0,
                overflow: 'auto',
                scrollbarGutter: 'stable',
                WebkitOverflowScrolling: 'touch',
                position: 'relative',
              }}
            >
              {layout && (
                <div style={{ position: 'relative', width: contentWidth, height: layout.totalHeight }}>
                  {pages}
                </div>
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
