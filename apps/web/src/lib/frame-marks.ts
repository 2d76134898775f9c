/**
 * The user-timing marks the viewers set when their first frame is drawn: the drawing viewer
 * (features/preview/components/drawing/use-drawing-viewer.ts) and the 3D viewer (features/viewer/components/
 * model-viewer.tsx). Read by the /bimiframe page for its `ready` message and by bench/drawings.ts and
 * bench/first-frame.ts. A module of its own so the frame page can read them without loading the lazy
 * viewers (dxf-viewer, three.js) into its own chunk.
 */
export const DRAWN_MARK = 'bimdrive:drawing-drawn';
export const VIEWER_FIRST_FRAME_MARK = 'bimdrive:viewer-first-frame';
