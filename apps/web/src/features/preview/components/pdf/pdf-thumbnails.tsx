/**
 * Thumbnails sidebar of the bundled PDF viewer (spec 001 §2 "PDF: a bundled PDF viewer"): one small
 * canvas per page, painted only while it is scrolled into (or near) the sidebar's view and released
 * when far away; click one to jump to its page; the current page is outlined and kept in view.
 */
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { theme } from 'antd';
import { memo, useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageSize } from '../../lib/pdf-layout.ts';

/** Width of a thumbnail, CSS px. */
export const THUMB_WIDTH = 104;
/** Width of the sidebar, CSS px. */
export const SIDEBAR_WIDTH = THUMB_WIDTH + 40;

/** Props of PdfThumbnails. */
export interface PdfThumbnailsProps {
  doc: PDFDocumentProxy;
  /** Size of page 1 (PDF units), used for every thumbnail box. */
  firstSize: PageSize;
  /** Current page (1-based). */
  current: number;
  /** Paint thumbnails only once this is true (after the first page is painted, so it is not slowed). */
  ready: boolean;
  /** Float over the pages (narrow screens) instead of sitting beside them. */
  overlay: boolean;
  onJump: (page: number) => void;
}

/** The sidebar with one thumbnail per page (001 §2). */
export function PdfThumbnails({
  doc,
  firstSize,
  current,
  ready,
  overlay,
  onJump,
}: PdfThumbnailsProps): ReactElement {
  const { token } = theme.useToken();
  const rootRef = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  useEffect(() => setRoot(rootRef.current), []);

  // Keep the current page's thumbnail in view.
  useEffect(() => {
    const el = rootRef.current?.querySelector<HTMLElement>(`[data-thumb="${current}"]`);
    const box = rootRef.current;
    if (!el || !box) return;
    const top = el.offsetTop;
    const bottom = top + el.offsetHeight;
    if (top < box.scrollTop) box.scrollTop = top - 8;
    else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + 8;
  }, [current]);

  const height = Math.round((THUMB_WIDTH * firstSize.height) / Math.max(1, firstSize.width));
  return (
    <div
      ref={rootRef}
      data-testid="pdf-thumbnails"
      style={{
        width: SIDEBAR_WIDTH,
        flex: 'none',
        overflowY: 'auto',
        background: token.colorBgContainer,
        borderRight: `1px solid ${token.colorBorderSecondary}`,
        padding: '12px 0',
        ...(overlay
          ? {
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: 0,
              zIndex: 2,
              boxShadow: token.boxShadowSecondary,
            }
          : {}),
      }}
    >
      {root &&
        Array.from({ length: doc.numPages }, (_, i) => (
          <Thumb
            key={i}
            doc={doc}
            pageNumber={i + 1}
            height={height}
            root={root}
            ready={ready}
            selected={current === i + 1}
            onJump={onJump}
          />
        ))}
    </div>
  );
}

interface ThumbProps {
  doc: PDFDocumentProxy;
  pageNumber: number;
  height: number;
  root: HTMLDivElement;
  ready: boolean;
  selected: boolean;
  onJump: (page: number) => void;
}

const Thumb = memo(function Thumb({
  doc,
  pageNumber,
  height,
  root,
  ready,
  selected,
  onJump,
}: ThumbProps): ReactElement {
  const { t } = useTranslation('preview');
  const { token } = theme.useToken();
  const boxRef = useRef<HTMLButtonElement>(null);
  const holder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [ratio, setRatio] = useState<number | null>(null);

  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const io = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), {
      root,
      rootMargin: '300px 0px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [root]);

  useEffect(() => {
    if (!near || !ready) return;
    let live = true;
    let task: RenderTask | null = null;
    const box = holder.current;
    void (async () => {
      const page = await doc.getPage(pageNumber);
      if (!live || !box) return;
      const base = page.getViewport({ scale: 1 });
      setRatio(base.height / base.width);
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      const viewport = page.getViewport({ scale: (THUMB_WIDTH / base.width) * dpr });
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.floor(viewport.width));
      canvas.height = Math.max(1, Math.floor(viewport.height));
      task = page.render({ canvas, viewport });
      await task.promise;
      if (live) box.replaceChildren(canvas);
    })().catch(() => undefined);
    return () => {
      live = false;
      task?.cancel();
      for (const c of box?.querySelectorAll('canvas') ?? []) {
        c.width = 0;
        c.height = 0;
      }
      box?.replaceChildren();
    };
  }, [near, ready, doc, pageNumber]);

  const h = ratio ? Math.round(THUMB_WIDTH * ratio) : height;
  return (
    <button
      ref={boxRef}
      type="button"
      data-thumb={pageNumber}
      aria-current={selected ? 'page' : undefined}
      aria-label={t('pdf.pageN', { page: pageNumber })}
      onClick={() => onJump(pageNumber)}
      style={{
        display: 'block',
        margin: '0 auto 12px',
        padding: 0,
        border: 'none',
        background: 'none',
        cursor: 'pointer',
        font: 'inherit',
      }}
    >
      <div
        ref={holder}
        className="bd-pdf-thumb"
        style={{
          width: THUMB_WIDTH,
          height: h,
          background: '#fff',
          outline: selected ? `3px solid ${token.colorPrimary}` : `1px solid ${token.colorBorder}`,
          outlineOffset: selected ? 1 : 0,
        }}
      />
      <div
        style={{
          textAlign: 'center',
          fontSize: 12,
          marginTop: 4,
          color: selected ? token.colorPrimary : token.colorTextSecondary,
          fontWeight: selected ? 600 : undefined,
        }}
      >
        {pageNumber}
      </div>
    </button>
  );
});
