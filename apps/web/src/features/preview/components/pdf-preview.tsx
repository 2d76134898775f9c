/**
 * PDF preview (spec 001 §2 "PDF: a bundled PDF viewer"): pdf.js renders every page into a canvas that
 * fits the width of the scrollable body; a page is rendered only when it scrolls near the view.
 * Loaded lazily so pdf.js is fetched only for PDFs.
 */
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalBinaryDataFactory } from './pdf-assets.ts';
import '../i18n.ts';

/** Props of PdfPreview. */
export interface PdfPreviewProps {
  /** Signed URL of the PDF. */
  url: string;
}

const PAGE_GAP = 12;
const SIDE_PADDING = 16;
/** Canvas size cap (pixels) so very large pages on high-DPI screens do not exhaust memory. */
const MAX_CANVAS_PIXELS = 16_000_000;

/** All pages of a PDF, fitted to width, in a scrollable column (001 §2). */
export function PdfPreview({ url }: PdfPreviewProps): ReactElement {
  const { t } = useTranslation('preview');
  const scrollRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{
    url: string;
    doc: PDFDocumentProxy | null;
    ratio: number;
    error: boolean;
  }>({
    url: '',
    doc: null,
    ratio: Math.SQRT2,
    error: false,
  });
  const [width, setWidth] = useState(0);

  useEffect(() => {
    let live = true;
    const task = getDocument({ url, BinaryDataFactory: LocalBinaryDataFactory, useWorkerFetch: false });
    task.promise.then(
      async (doc) => {
        const first = await doc.getPage(1);
        const vp = first.getViewport({ scale: 1 });
        if (live) setState({ url, doc, ratio: vp.height / vp.width, error: false });
      },
      () => {
        if (live) setState({ url, doc: null, ratio: Math.SQRT2, error: true });
      },
    );
    return () => {
      live = false;
      void task.destroy();
    };
  }, [url]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      const w = Math.floor((entry?.contentRect.width ?? 0) - SIDE_PADDING * 2);
      setWidth((old) => (Math.abs(old - w) >= 8 ? w : old));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const doc = state.url === url ? state.doc : null;
  const error = state.url === url && state.error;
  return (
    <div
      ref={scrollRef}
      data-testid="pdf-preview"
      style={{
        height: '100%',
        overflow: 'auto',
        padding: `0 ${SIDE_PADDING}px`,
        WebkitOverflowScrolling: 'touch',
      }}
    >
      {error && <Alert type="error" showIcon title={t('pdfFailed')} style={{ margin: 24 }} />}
      {!error && !doc && (
        <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 80 }}>
          <Spin description={t('loading')} />
        </div>
      )}
      {doc && width > 0 && (
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: PAGE_GAP,
            padding: `${PAGE_GAP}px 0`,
          }}
        >
          {Array.from({ length: doc.numPages }, (_, i) => (
            <PdfPage
              key={i}
              doc={doc}
              pageNumber={i + 1}
              width={width}
              ratio={state.ratio}
              root={scrollRef}
            />
          ))}
        </div>
      )}
    </div>
  );
}

interface PdfPageProps {
  doc: PDFDocumentProxy;
  pageNumber: number;
  width: number;
  /** Height/width of the first page, used for the placeholder until this page is measured. */
  ratio: number;
  root: React.RefObject<HTMLDivElement | null>;
}

/** One page: a placeholder of the right size, rendered into a canvas when near the view. */
function PdfPage({ doc, pageNumber, width, ratio, root }: PdfPageProps): ReactElement {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  const [height, setHeight] = useState<number | null>(null);

  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { root: root.current, rootMargin: '150% 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [root]);

  useEffect(() => {
    if (!visible) return;
    let live = true;
    let cancel: (() => void) | null = null;
    void (async () => {
      const page = await doc.getPage(pageNumber);
      const base = page.getViewport({ scale: 1 });
      const cssScale = width / base.width;
      const cssHeight = Math.round(base.height * cssScale);
      let dpr = window.devicePixelRatio || 1;
      const pixels = width * cssHeight * dpr * dpr;
      if (pixels > MAX_CANVAS_PIXELS) dpr = Math.sqrt(MAX_CANVAS_PIXELS / (width * cssHeight));
      const viewport = page.getViewport({ scale: cssScale * dpr });
      const canvas = canvasRef.current;
      if (!live || !canvas) return;
      setHeight(cssHeight);
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      const task = page.render({ canvas, viewport });
      cancel = () => task.cancel();
      await task.promise.catch(() => undefined);
    })();
    return () => {
      live = false;
      cancel?.();
    };
  }, [visible, doc, pageNumber, width]);

  const h = height ?? Math.round(width * ratio);
  return (
    <div
      ref={boxRef}
      data-page={pageNumber}
      style={{ width, height: h, background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,0.15)', flex: 'none' }}
    >
      <canvas ref={canvasRef} style={{ width, height: h, display: 'block' }} />
    </div>
  );
}
