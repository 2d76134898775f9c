/**
 * Layout of the preview overlay (spec 001 §2 "Preview overlay": body = viewport − 57px), kept free of
 * other imports so the share link's boot code (app/share-boot.ts) can place the model's first frame
 * exactly where the overlay will show it.
 */
import { VIEWER_TOOLBAR_HEIGHT } from '../../viewer/lib/layout.ts';

/** Height (CSS px) of the overlay header bar. */
export const HEADER_HEIGHT = 57;

/**
 * The header bar's box (preview-header.tsx; also the share link's boot skeleton): `wide` from antd's
 * `sm` breakpoint (576 px) — narrower padding on phones.
 */
export const headerBarStyle = (wide: boolean) =>
  ({
    height: `${HEADER_HEIGHT}px`,
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: wide ? '0 16px 0 20px' : '0 4px 0 12px',
    background: '#fff',
    borderBottom: '1px solid #f0f0f0',
    boxShadow: '0 1px 4px rgba(0,21,41,0.06)',
    position: 'relative',
    zIndex: '1',
  }) as const;

/**
 * Where a model's canvas sits in a full-window preview overlay, in CSS px: below the viewer's toolbar
 * (the overlay shows no header bar over a model's viewer, preview-rules.ts showsHeaderBar), the full
 * width of the window.
 */
export function modelCanvasRect(): { top: number; width: number; height: number } {
  const top = VIEWER_TOOLBAR_HEIGHT;
  return { top, width: window.innerWidth, height: Math.max(0, window.innerHeight - top) };
}
