/**
 * The preview overlay's viewers that load on first use, each its own chunk (issue 17 "the 3D,
 * drawing, PDF and admin code loads only when used"): the 2D drawing viewer (dxf-viewer, three.js) and
 * the PDF viewer (pdf.js). ModuleLoaders (lib/module-loader.ts), so a screen can start a load early
 * (lib/preload-drawing.ts) and show the viewer without waiting once it is there
 * (components/loaded-viewers.tsx).
 */
import { moduleLoader } from '../../../lib/module-loader.ts';

/** The 2D drawing viewer (issue 13). */
export const drawingViewer = moduleLoader(() => import('../components/drawing/drawing-preview.tsx'));

/** The PDF viewer (PDF files, office renditions, PDF entries of archives). */
export const pdfViewer = moduleLoader(() => import('../components/pdf-preview.tsx'));
