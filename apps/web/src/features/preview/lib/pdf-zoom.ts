/**
 * Zoom arithmetic of the bundled PDF viewer (spec 001 §2 "PDF: a bundled PDF viewer"). A zoom is a
 * percentage where 100% shows a PDF point at 96/72 CSS pixels (a page at its printed size on a
 * 96-dpi screen), as in pdf.js; the viewer's `scale` is CSS pixels per PDF unit.
 */

/** CSS pixels per PDF point at 100% (96 dpi / 72 pt per inch). */
export const CSS_UNITS = 96 / 72;

/** Zoom percentages the zoom-in / zoom-out buttons step through (50% – 400%). */
export const ZOOM_STEPS = [50, 67, 75, 90, 100, 110, 125, 150, 175, 200, 250, 300, 400] as const;

/** Smallest and largest zoom, in percent. */
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;

/** Zoom mode: fit each page to the available width, or a fixed percentage. */
export type ZoomMode = { kind: 'fit' } | { kind: 'percent'; percent: number };

/** Clamp a percentage into [MIN_ZOOM, MAX_ZOOM]. */
export function clampZoom(percent: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, percent));
}

/**
 * The next step above `percent` (zoom in); a percentage between steps goes to the next step, so
 * zooming in from fit-width (e.g. 87%) lands on 90%. Stays at MAX_ZOOM at the top.
 */
export function zoomInFrom(percent: number): number {
  for (const step of ZOOM_STEPS) if (step > percent + 0.5) return step;
  return MAX_ZOOM;
}

/** The next step below `percent` (zoom out); stays at MIN_ZOOM at the bottom. */
export function zoomOutFrom(percent: number): number {
  for (let i = ZOOM_STEPS.length - 1; i >= 0; i--) {
    const step = ZOOM_STEPS[i]!;
    if (step < percent - 0.5) return step;
  }
  return MIN_ZOOM;
}

/** CSS pixels per PDF unit for a percentage. */
export function scaleOfPercent(percent: number): number {
  return (percent / 100) * CSS_UNITS;
}

/** Percentage for a scale (CSS pixels per PDF unit), rounded to a whole percent. */
export function percentOfScale(scale: number): number {
  return Math.round((scale / CSS_UNITS) * 100);
}

/**
 * Scale (CSS px per PDF unit) that makes a page `pageWidth` PDF units wide fill `availableWidth` CSS
 * pixels. No lower bound, so a phone never scrolls sideways in fit mode; capped at MAX_ZOOM so a tiny
 * page is not blown up. Answers 1 for degenerate input.
 */
export function fitWidthScale(availableWidth: number, pageWidth: number): number {
  if (!(availableWidth > 0) || !(pageWidth > 0)) return 1;
  return Math.min(availableWidth / pageWidth, scaleOfPercent(MAX_ZOOM));
}
