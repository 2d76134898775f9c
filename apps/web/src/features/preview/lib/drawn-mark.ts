/**
 * The user-timing mark the drawing viewer sets when a drawing's first frame is drawn
 * (components/drawing/use-drawing-viewer.ts), read by the /bimiframe page for its `ready` message and
 * by bench/drawings.ts. A module of its own so the frame page can read it without loading the lazy
 * drawing viewer (dxf-viewer, three.js) into its own chunk.
 */
export const DRAWN_MARK = 'bimdrive:drawing-drawn';
