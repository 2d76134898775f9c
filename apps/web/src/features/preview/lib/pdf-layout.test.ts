import { describe, expect, it } from 'vitest';
import {
  PAGE_GAP,
  anchorAt,
  currentPageAt,
  layoutPages,
  pagesNear,
  parsePageInput,
  scrollTopOfAnchor,
  scrollTopOfPage,
} from './pdf-layout.ts';
import { scaleOfPercent } from './pdf-zoom.ts';

const A4 = { width: 595, height: 842 };
const LANDSCAPE = { width: 842, height: 595 };

describe('PDF page layout (001 §2 bundled PDF viewer)', () => {
  it('lays out 300 pages from page 1 alone, each filling the width in fit mode', () => {
    const l = layoutPages(300, [A4], A4, { kind: 'fit' }, 595);
    expect(l.tops).toHaveLength(300);
    expect(l.widths.every((w) => w === 595)).toBe(true);
    expect(l.heights.every((h) => h === 842)).toBe(true);
    expect(l.tops[0]).toBe(PAGE_GAP);
    expect(l.tops[1]).toBe(PAGE_GAP + 842 + PAGE_GAP);
    expect(l.totalHeight).toBe(PAGE_GAP + 300 * (842 + PAGE_GAP));
  });

  it('uses a measured size where known; fit mode fits each page, percent mode shares one scale', () => {
    const fit = layoutPages(3, [A4, LANDSCAPE], A4, { kind: 'fit' }, 400);
    expect(fit.widths).toEqual([400, 400, 400]);
    expect(fit.heights[1]).toBe(Math.floor((595 * 400) / 842));
    const pct = layoutPages(3, [A4, LANDSCAPE], A4, { kind: 'percent', percent: 100 }, 400);
    const s = scaleOfPercent(100);
    expect(pct.widths).toEqual([Math.floor(595 * s), Math.floor(842 * s), Math.floor(595 * s)]);
    expect(pct.maxWidth).toBe(Math.floor(842 * s));
    expect(pct.scales.every((x) => x === s)).toBe(true);
  });

  it('names the page under a line a third down the view as current, the last one at the end', () => {
    const l = layoutPages(10, [], { width: 100, height: 100 }, { kind: 'fit' }, 100);
    // Pages are 100 high with a 12 gap: page 1 at 12, page 2 at 124, page 3 at 236...
    expect(currentPageAt(l, 0, 300)).toBe(1);
    expect(currentPageAt(l, 50, 300)).toBe(2); // line at 150
    expect(currentPageAt(l, 124, 300)).toBe(2); // line at 224: still page 2 (124..224)
    expect(currentPageAt(l, 140, 300)).toBe(3); // line at 240: page 3 starts at 236
    expect(currentPageAt(l, l.totalHeight - 300, 300)).toBe(10);
  });

  it('renders only the pages near the view (one view height above and below)', () => {
    const l = layoutPages(300, [], A4, { kind: 'fit' }, 595);
    expect(pagesNear(l, 0, 900)).toEqual({ first: 1, last: 3 });
    const top = scrollTopOfPage(l, 150);
    const near = pagesNear(l, top, 900);
    expect(near.first).toBeGreaterThanOrEqual(148);
    expect(near.last).toBeLessThanOrEqual(153);
    expect(near.first).toBeLessThanOrEqual(149);
    expect(near.last).toBeGreaterThanOrEqual(152);
  });

  it('jumps to a page and keeps the same spot across a zoom change', () => {
    const fit = layoutPages(20, [], A4, { kind: 'fit' }, 595);
    expect(scrollTopOfPage(fit, 1)).toBe(0);
    expect(scrollTopOfPage(fit, 5)).toBe(fit.tops[4]! - PAGE_GAP);
    expect(scrollTopOfPage(fit, 99)).toBe(fit.tops[19]! - PAGE_GAP);
    const scrollTop = fit.tops[6]! + 421; // half-way down page 7
    const anchor = anchorAt(fit, scrollTop);
    expect(anchor.page).toBe(7);
    expect(anchor.fraction).toBeCloseTo(421 / (842 + PAGE_GAP));
    const zoomed = layoutPages(20, [], A4, { kind: 'percent', percent: 200 }, 595);
    const restored = scrollTopOfAnchor(zoomed, anchor);
    expect(anchorAt(zoomed, restored).page).toBe(7);
    expect(restored - zoomed.tops[6]!).toBeCloseTo(anchor.fraction * (zoomed.heights[6]! + PAGE_GAP));
  });

  it('reads the typed page number, clamped to the document', () => {
    expect(parsePageInput('12', 300)).toBe(12);
    expect(parsePageInput(' 0 ', 300)).toBe(1);
    expect(parsePageInput('999', 300)).toBe(300);
    expect(parsePageInput('abc', 300)).toBeNull();
    expect(parsePageInput('', 300)).toBeNull();
  });
});
