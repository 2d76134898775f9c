/**
 * Pure geometry of the image viewer (spec 001 §2 "Images: shown at no more than 50% of width and
 * height", §9 images max 50%; issue 14 zoom, rotate, fit).
 */

/** Share of the viewer's width and height the fitted image may take (001 §2, §9). */
export const FIT_SHARE = 0.5;
/** Zoom bounds and step. */
export const MIN_SCALE = 0.05;
export const MAX_SCALE = 8;
export const ZOOM_STEP = 1.25;

/**
 * Scale that fits an image (natural size `w`×`h`, turned by `rotation` degrees) into at most 50% of
 * a `cw`×`ch` viewer, never enlarging it past its natural size.
 */
export function fitScale(w: number, h: number, cw: number, ch: number, rotation: number): number {
  if (w <= 0 || h <= 0 || cw <= 0 || ch <= 0) return 1;
  const turned = rotation % 180 !== 0;
  const iw = turned ? h : w;
  const ih = turned ? w : h;
  return Math.min(1, (cw * FIT_SHARE) / iw, (ch * FIT_SHARE) / ih);
}

/** The next zoom step in (`+1`) or out (`-1`), within bounds. */
export function zoomStep(scale: number, dir: 1 | -1): number {
  const next = dir > 0 ? scale * ZOOM_STEP : scale / ZOOM_STEP;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, next));
}

/** Size of the box a `w`×`h` image takes at `scale` turned by `rotation` degrees. */
export function turnedBox(
  w: number,
  h: number,
  scale: number,
  rotation: number,
): { width: number; height: number } {
  const turned = rotation % 180 !== 0;
  return { width: (turned ? h : w) * scale, height: (turned ? w : h) * scale };
}
