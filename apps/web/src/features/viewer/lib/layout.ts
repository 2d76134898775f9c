/**
 * Layout constants of the 3D viewer shared with the screens around it (kept free of three.js so
 * importing them does not pull the 3D code into a bundle).
 */

/** The viewer's background colour (CSS); the full viewer, the still frame and their placeholders. */
export const VIEWER_BACKGROUND = '#f3f5f9';

/** Height (CSS px) of the viewer's toolbar; its canvas starts below it. */
export const VIEWER_TOOLBAR_HEIGHT = 41;

/** The toolbar's band (size, background, rule), also drawn empty while the model loads. */
export const toolbarBandStyle = {
  height: `${VIEWER_TOOLBAR_HEIGHT}px`,
  boxSizing: 'border-box',
  background: '#fff',
  borderBottom: '1px solid #f0f0f0',
} as const;
