import { describe, expect, it } from 'vitest';
import {
  CSS_UNITS,
  MAX_ZOOM,
  MIN_ZOOM,
  clampZoom,
  fitWidthScale,
  percentOfScale,
  scaleOfPercent,
  zoomInFrom,
  zoomOutFrom,
} from './pdf-zoom.ts';

describe('PDF zoom steps (001 §2 bundled PDF viewer)', () => {
  it('steps up and down through the fixed steps between 50% and 400%', () => {
    expect(zoomInFrom(100)).toBe(110);
    expect(zoomOutFrom(100)).toBe(90);
    expect(zoomInFrom(300)).toBe(400);
    expect(zoomInFrom(MAX_ZOOM)).toBe(400);
    expect(zoomOutFrom(MIN_ZOOM)).toBe(50);
    expect(zoomOutFrom(67)).toBe(50);
  });

  it('goes from an in-between fit-width percentage to the neighbouring step', () => {
    expect(zoomInFrom(87)).toBe(90);
    expect(zoomOutFrom(87)).toBe(75);
    // Rounding noise around a step does not skip or repeat it.
    expect(zoomInFrom(99.8)).toBe(110);
    expect(zoomOutFrom(100.3)).toBe(90);
    // Below the smallest step (fit width on a phone) zooming in reaches 50%.
    expect(zoomInFrom(30)).toBe(50);
    expect(zoomOutFrom(30)).toBe(50);
  });

  it('clamps percentages', () => {
    expect(clampZoom(10)).toBe(50);
    expect(clampZoom(1000)).toBe(400);
    expect(clampZoom(123)).toBe(123);
  });

  it('converts between percent and CSS pixels per PDF point (100% = 96/72)', () => {
    expect(scaleOfPercent(100)).toBeCloseTo(CSS_UNITS);
    expect(scaleOfPercent(150)).toBeCloseTo(2);
    expect(percentOfScale(2)).toBe(150);
  });

  it('fits a page to the width, capped at 400%, with no lower bound for phones', () => {
    // A4 portrait is 595 pt wide; 358 px of a 390 px phone → about 45%.
    const phone = fitWidthScale(358, 595);
    expect(phone * 595).toBeCloseTo(358);
    expect(percentOfScale(phone)).toBe(45);
    expect(fitWidthScale(4000, 100)).toBeCloseTo(scaleOfPercent(400));
    expect(fitWidthScale(0, 595)).toBe(1);
    expect(fitWidthScale(300, 0)).toBe(1);
  });
});
