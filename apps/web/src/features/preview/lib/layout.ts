/**
 * Layout of the preview overlay (spec 001 §2 "Preview overlay": body = viewport − 57px), kept free of
 * other imports so the share link's boot code (app/share-boot.ts) can place the model's first frame
 * exactly where the overlay will show it.
 */
import { VIEWER_TOOLBAR_HEIGHT } from '../../viewer/lib/layout.ts';

/** Height (CSS px) of the overlay header bar. */
export const HEADER_HEIGHT = 57;

/**
 * Where a model's canvas sits in a full-window preview overlay, in CSS px: below the header and the
 * viewer's toolbar, the full width of the window.
 */
export function modelCanvasRect(): { top: number; width: number; height: number } {
  const top = HEADER_HEIGHT + VIEWER_TOOLBAR_HEIGHT;
  return { top, width: window.innerWidth, height: Math.max(0, window.innerHeight - top) };
}
