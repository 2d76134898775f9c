/**
 * Page layout of the bundled PDF viewer (spec 001 §2 "PDF: a bundled PDF viewer"): where each page
 * box sits in the scrolling column, which page is current for a scroll position, and which pages are
 * near enough to the view to render. All lengths are CSS pixels; page sizes are PDF units at scale 1
 * (as `page.getViewport({ scale: 1 })` answers, rotation applied). Pure, so it is unit-tested.
 */
import { fitWidthScale, scaleOfPercent, type ZoomMode } from './pdf-zoom.ts';

/** Width and height of a page in PDF units at scale 1. */
export interface PageSize {
  width: number;
  height: number;
}

/** Position of every page box in the column. Arrays are indexed by page number − 1. */
export interface PageLayout {
  /** Top edge of each page box, from the top of the scrolling content. */
  tops: number[];
  widths: number[];
  heights: number[];
  /** Scale (CSS px per PDF unit) of each page. */
  scales: number[];
  /** Height of the whole content, bottom padding included. */
  totalHeight: number;
  /** Width of the widest page box. */
  maxWidth: number;
}

/** Gap between pages and padding above the first and below the last page, CSS px. */
export const PAGE_GAP = 12;

/**
 * Lay out `count` pages. `sizes[i]` is page i+1's size when measured, otherwise `fallback` (page 1's
 * size) stands in, so a 300-page document needs only page 1 measured to be laid out. In fit mode
 * every page fills `availableWidth`; in percent mode all pages share one scale.
 */
export function layoutPages(
  count: number,
  sizes: ReadonlyArray<PageSize | undefined>,
  fallback: PageSize,
  mode: ZoomMode,
  availableWidth: number,
  gap: number = PAGE_GAP,
): PageLayout {
  const tops: number[] = new Array<number>(count);
  const widths: number[] = new Array<number>(count);
  const heights: number[] = new Array<number>(count);
  const scales: number[] = new Array<number>(count);
  const fixed = mode.kind === 'percent' ? scaleOfPercent(mode.percent) : 0;
  let y = gap;
  let maxWidth = 0;
  for (let i = 0; i < count; i++) {
    const size = sizes[i] ?? fallback;
    const scale = mode.kind === 'fit' ? fitWidthScale(availableWidth, size.width) : fixed;
    const w = Math.floor(size.width * scale);
    const h = Math.floor(size.height * scale);
    tops[i] = y;
    widths[i] = w;
    heights[i] = h;
    scales[i] = scale;
    if (w > maxWidth) maxWidth = w;
    y += h + gap;
  }
  return { tops, widths, heights, scales, totalHeight: y, maxWidth };
}

/** Index of the last page whose top is at or above `y` (0 when `y` is above every page). */
function pageIndexAt(layout: PageLayout, y: number): number {
  const { tops } = layout;
  let lo = 0;
  let hi = tops.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (tops[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

/**
 * The current page (1-based) for a scroll position: the page under a line a third of the way down
 * the view, except at the very end of the content, where the last page is current (a short last
 * page may never reach that line).
 */
export function currentPageAt(layout: PageLayout, scrollTop: number, viewHeight: number): number {
  const n = layout.tops.length;
  if (n === 0) return 0;
  if (scrollTop + viewHeight >= layout.totalHeight - 2 && scrollTop > 0) return n;
  return pageIndexAt(layout, scrollTop + viewHeight / 3) + 1;
}

/**
 * Pages (1-based, inclusive) that intersect the view widened by `margin` view heights above and
 * below: the ones to render. Pages outside it can be released.
 */
export function pagesNear(
  layout: PageLayout,
  scrollTop: number,
  viewHeight: number,
  margin = 1,
): { first: number; last: number } {
  const n = layout.tops.length;
  if (n === 0) return { first: 0, last: -1 };
  const from = scrollTop - viewHeight * margin;
  const to = scrollTop + viewHeight * (1 + margin);
  let first = pageIndexAt(layout, from);
  if (layout.tops[first]! + layout.heights[first]! < from && first < n - 1) first++;
  const last = pageIndexAt(layout, to);
  return { first: first + 1, last: last + 1 };
}

/** Scroll position that puts page `page` (1-based) at the top of the view, a gap below the edge. */
export function scrollTopOfPage(layout: PageLayout, page: number, gap: number = PAGE_GAP): number {
  const i = Math.min(Math.max(page, 1), layout.tops.length) - 1;
  return i < 0 ? 0 : Math.max(0, layout.tops[i]! - gap);
}

/**
 * Where the view is, as a page and a fraction of that page's height (0 = its top), so the same spot
 * can be restored after a zoom changes every length.
 */
export function anchorAt(layout: PageLayout, scrollTop: number): { page: number; fraction: number } {
  if (layout.tops.length === 0) return { page: 1, fraction: 0 };
  const i = pageIndexAt(layout, scrollTop);
  const h = slotHeight(layout, i);
  return { page: i + 1, fraction: h > 0 ? (scrollTop - layout.tops[i]!) / h : 0 };
}

/** Scroll position of an anchor from `anchorAt` in a (new) layout. */
export function scrollTopOfAnchor(layout: PageLayout, anchor: { page: number; fraction: number }): number {
  const i = Math.min(Math.max(anchor.page, 1), layout.tops.length) - 1;
  if (i < 0) return 0;
  return Math.max(0, layout.tops[i]! + anchor.fraction * slotHeight(layout, i));
}

/** Height of page i's box plus the gap below it. */
function slotHeight(layout: PageLayout, i: number): number {
  const next = i + 1 < layout.tops.length ? layout.tops[i + 1]! : layout.totalHeight;
  return next - layout.tops[i]!;
}

/**
 * The page number typed in the page box, clamped to 1..count; null when it is not a number.
 */
export function parsePageInput(text: string, count: number): number | null {
  const n = Number.parseInt(text.trim(), 10);
  if (!Number.isFinite(n) || count < 1) return null;
  return Math.min(Math.max(n, 1), count);
}
