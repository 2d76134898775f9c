/**
 * DWG / DXF → ASCII DXF (issue 13 "2D drawings"; spec 001 §4 statuses, §9 dwg and dxf): runs
 * `drawing-to-dxf.child.ts` (acad-ts) in a child process under the request's time and memory limits
 * (kept from one job to the next with acad-ts loaded and compiled, run-isolated.ts forkReusable: a
 * small drawing is ready in the time of a warm parse, not a cold child's start) and writes `<outputDir>/drawing.dxf`, the file the browser's drawing viewer (dxf-viewer) draws.
 * Binary DXF and every DWG from R14 to 2018 (AC1014–AC1032) come out as one ASCII DXF in UTF-8, so
 * Chinese text survives whatever code page the original used; an ASCII DXF is read to check it and
 * to count it, and keeps its own text (re-encoded to UTF-8), with LAYER table entries added for
 * layers its entities use but its table lacks (dxf-scan.ts withLayers; acad-ts writes it again only
 * when the text has no place for them).
 * @returns figures of the drawing: format, version, layer count, model-space entity count, layout names.
 * @throws ConversionError with a readable reason: not a drawing, unsupported DWG version, damaged or
 * truncated file, time or memory limit, crash (not retried); the child could not be started (retryable).
 */
import path from 'node:path';
import { prewarmReusable } from '../reusable-child.ts';
import { forkConverter } from '../run-isolated.ts';
import type { ConvertRequest } from '../types.ts';
/** What the child reports of a drawing (stored in `files.stats`). */
export interface DrawingFigures {
  [key: string]: unknown;
  /** `dwg`, `dxf-ascii` or `dxf-binary`: what the original was. */
  format: string;
  /** Version code of the drawing (`AC1018`), as the library read it. */
  version: string;
  /** Entries of the layer table. */
  layers: number;
  /** Entities in model space. */
  entities: number;
  /** Names of the paper-space layouts in tab order (without `Model`). */
  layouts: string[];
  /** Model-space extents in drawing units (text, tables and infinite lines not measured); null when none. */
  extents: { minX: number; minY: number; maxX: number; maxY: number } | null;
  /** `original`: an ASCII DXF served as its own text (UTF-8, missing layers added); `rewritten`: written again by acad-ts. */
  output: 'original' | 'rewritten';
}

const CHILD = path.join(import.meta.dirname, 'drawing-to-dxf.child.ts');

/**
 * Convert `req.inputPath` (a DWG or DXF) to the ASCII DXF `outputPath` in a child process under
 * `req.timeoutMs` / `req.memoryMb`, reporting progress (5, 60, 95) through `req.onProgress`.
 * @returns the drawing's figures (stored as the file's stats).
 * @throws ConversionError with a Simplified Chinese reason (see the module doc).
 */
export async function drawingToDxf(req: ConvertRequest, outputPath: string): Promise<DrawingFigures> {
  return forkConverter<DrawingFigures>(CHILD, [req.inputPath, outputPath, req.suffix], req, '图纸', true);
}

/**
 * Start the drawing converter's kept child at server start (config `CONVERTER_PREWARM`), so that the
 * first drawing does not pay a process start and cold code: the child compiles acad-ts's reader and
 * writer on small drawings of its own while it waits (warm-up.ts). `memoryMb` must be the limit the
 * jobs will run under (`CONVERSION_MEMORY_MB`), which is what the kept child is chosen by. Resolves
 * when the warm-up is done (the server does not wait). @throws on spawn failure.
 */
export function prewarmDrawingConverter(memoryMb: number): Promise<void> {
  return prewarmReusable(CHILD, memoryMb);
}
