/**
 * One pdf.js worker for every document the bundled PDF viewer opens (spec 001 §2 "PDF: a bundled PDF
 * viewer"). It is started as soon as the viewer's code is loaded — while React is still mounting the
 * viewer — so its start-up (fetching and compiling the worker script) overlaps other work instead of
 * delaying page 1, and opening a second document needs no new worker.
 */
import { PDFWorker } from 'pdfjs-dist';
import './../pdf-assets.ts';

let shared: PDFWorker | null = null;

/** The shared pdf.js worker (created on first call; a new one if the old one was destroyed). */
export function pdfWorker(): PDFWorker {
  if (!shared || shared.destroyed) shared = new PDFWorker();
  return shared;
}

// Warm it up with the module, in browsers only (not in unit tests or server rendering).
if (typeof Worker !== 'undefined') pdfWorker();
