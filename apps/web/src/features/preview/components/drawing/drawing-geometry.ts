/**
 * Pure geometry of the 2D drawing viewer (issue 13 "2D drawings": distance measure in drawing units):
 * scene ↔ canvas coordinates of dxf-viewer's orthographic top view, click detection and distance
 * text. Scene coordinates are drawing coordinates minus the viewer's origin; distances are the same
 * in both. Canvas coordinates are CSS pixels from the canvas's top-left corner, y down.
 */

/** A point in the plane. */
export interface Point {
  x: number;
  y: number;
}

/** What is needed of an orthographic camera looking down −z with no rotation (three.js fields). */
export interface TopCamera {
  position: Point;
  left: number;
  right: number;
  top: number;
  bottom: number;
  zoom: number;
}

/** Where a scene point is drawn on a canvas of `width` × `height` CSS pixels. */
export function sceneToCanvas(cam: TopCamera, width: number, height: number, p: Point): Point {
  const halfW = (cam.right - cam.left) / 2;
  const halfH = (cam.top - cam.bottom) / 2;
  const ndcX = ((p.x - cam.position.x) * cam.zoom - (cam.left + cam.right) / 2) / halfW;
  const ndcY = ((p.y - cam.position.y) * cam.zoom - (cam.top + cam.bottom) / 2) / halfH;
  return { x: ((ndcX + 1) / 2) * width, y: ((1 - ndcY) / 2) * height };
}

/** Euclidean distance between two points. */
export function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/** Largest pointer travel (CSS px) between press and release that still counts as a click, not a pan. */
export const CLICK_SLOP_PX = 4;

/** Whether a press at `down` and release at `up` (canvas pixels) is a click. */
export function isClick(down: Point, up: Point): boolean {
  return distance(down, up) <= CLICK_SLOP_PX;
}

/**
 * A distance as text: 4 significant digits at least, at most 3 decimals, no exponent
 * (`1234.5678` → `1234.568`, `0.000123` → `0.000123`, `12` → `12`).
 */
export function formatDistance(d: number): string {
  if (!Number.isFinite(d)) return '—';
  if (d === 0) return '0';
  const abs = Math.abs(d);
  const decimals = abs >= 1 ? 3 : Math.min(12, 3 - Math.floor(Math.log10(abs)));
  return String(Number(d.toFixed(decimals)));
}
