/**
 * Layout constants of the 3D viewer shared with the screens around it (kept free of three.js so
 * importing them does not pull the 3D code into a bundle).
 */

/** Height (CSS px) of the viewer's toolbar; its canvas starts below it. */
export const VIEWER_TOOLBAR_HEIGHT = 41;
