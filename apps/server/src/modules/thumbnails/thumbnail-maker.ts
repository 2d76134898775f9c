/**
 * Thumbnails of the file table and grid (issue 14): which picture a file version gets one from, and
 * making it. A thumbnail is `thumb.webp`, at most THUMB_PX on the long side (never enlarged), kept in
 * the version's derived folder (storage/local-storage.ts), so deleting the file or the version removes
 * it with the rest.
 *
 * Sources: an image original (svg rasterised from memory by sharp, image-rendition.ts); the first page
 * of a PDF original or of an office document's PDF rendition (poppler `pdftoppm`, its own process with
 * a time and memory limit); a video's poster frame (converters/video); a model's GLB (an IFC model's
 * preview GLB, any other model's converted GLB) or a drawing's derived DXF, drawn by the web viewer's
 * code in headless Chromium (snapshot-renderer.ts) from the viewer's opening view.
 */
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  IMAGE_SUFFIXES,
  OFFICE_SUFFIXES,
  StatusType,
  VIDEO_SUFFIXES,
  VIDEO_TRANSCODE_SUFFIXES,
} from '@bimdrive/contracts';
import { derivedDirOf, originalKeyOf, previewGlbKeyOf } from '../../storage/local-storage.ts';
import { spawnIsolated } from '../../converters/run-isolated.ts';
import { renditionInput } from '../files/image-rendition.ts';
import type { SnapshotRenderer } from './snapshot-renderer.ts';

/** Long side of a thumbnail in pixels. */
export const THUMB_PX = 320;
/**
 * Format of the thumbnails written now (files.thumb_version): bump it when size or encoding change,
 * so signed URLs change with the bytes.
 */
export const THUMB_FORMAT = 1;
/** Name of the thumbnail file in a version's derived folder. */
export const THUMB_FILE = 'thumb.webp';
/** Time limit of making one thumbnail (decoding, pdftoppm), in milliseconds. */
export const THUMB_TIMEOUT_MS = 60_000;
/** Resident-memory limit of pdftoppm, in MiB. */
const PDFTOPPM_MEMORY_MB = 1024;

/**
 * Snapshots of models and drawings are drawn this many times larger than the thumbnail and scaled
 * down (software WebGL draws without antialiasing).
 */
const SNAPSHOT_SCALE = 2;

/**
 * Where a thumbnail comes from, by storage key: a raster image (or SVG), a PDF's first page, a model's
 * GLB or a drawing's ASCII DXF.
 */
export interface ThumbSource {
  kind: 'image' | 'pdf' | 'model' | 'drawing';
  key: string;
  /** Lower-case suffix of the source (an image's own; 'pdf'; 'jpg' for a poster; 'glb'; 'dxf'). */
  suffix: string;
}

/** The fields of a file row (or a version's view of it) that decide its thumbnail source. */
export interface ThumbFileFields {
  spaceId: string;
  id: string;
  storageKey: string | null;
  suffix: string;
  statusType: number;
  derivedKey: string | null;
}

const has = (list: readonly string[], s: string) => list.includes(s);

/**
 * The source of a file version's thumbnail, or null when it has none (yet): images and PDFs at once;
 * office documents once their PDF rendition is done; videos once converted (their poster); models
 * and drawings once converted (IFC: the preview GLB beside its fragments; others: their GLB; drawings:
 * their DXF); text, archives, failed conversions and the rest never.
 */
export function thumbSourceOf(f: ThumbFileFields): ThumbSource | null {
  const suffix = f.suffix.toLowerCase();
  const original = originalKeyOf(f);
  if (has(IMAGE_SUFFIXES, suffix)) return { kind: 'image', key: original, suffix };
  if (suffix === 'pdf') return { kind: 'pdf', key: original, suffix };
  if (f.statusType !== StatusType.done) return null;
  if (has(OFFICE_SUFFIXES, suffix) && f.derivedKey?.toLowerCase().endsWith('.pdf'))
    return { kind: 'pdf', key: f.derivedKey, suffix: 'pdf' };
  if (has(VIDEO_SUFFIXES, suffix) || has(VIDEO_TRANSCODE_SUFFIXES, suffix))
    return { kind: 'image', key: `${derivedDirOf(original)}/poster.jpg`, suffix: 'jpg' };
  const derived = f.derivedKey?.toLowerCase() ?? '';
  if (derived.endsWith('.frag')) return { kind: 'model', key: previewGlbKeyOf(original), suffix: 'glb' };
  if (derived.endsWith('.glb')) return { kind: 'model', key: f.derivedKey!, suffix: 'glb' };
  if (derived.endsWith('.dxf')) return { kind: 'drawing', key: f.derivedKey!, suffix: 'dxf' };
  return null;
}

/** Storage key of a file version's thumbnail. */
export const thumbKeyOf = (f: Pick<ThumbFileFields, 'spaceId' | 'id' | 'storageKey'>) =>
  `${derivedDirOf(originalKeyOf(f))}/${THUMB_FILE}`;

/** A WebP thumbnail of a sharp input, written atomically (temporary file, then rename). */
async function writeWebp(input: sharp.Sharp, outputPath: string): Promise<void> {
  const tmp = `${outputPath}.${process.pid}.tmp`;
  try {
    await input
      .timeout({ seconds: Math.ceil(THUMB_TIMEOUT_MS / 1000) })
      .rotate()
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(tmp);
    await rename(tmp, outputPath);
  } finally {
    await rm(tmp, { force: true });
  }
}

/**
 * Render the first page of a PDF to a PNG THUMB_PX on its long side with `pdftoppm` (poppler-utils),
 * in its own process killed after `timeoutMs` or above PDFTOPPM_MEMORY_MB resident.
 * @returns the PNG path inside `workDir`
 * @throws when pdftoppm is missing, fails (encrypted, damaged) or hits a limit
 */
export async function pdfFirstPage(inputPath: string, workDir: string, timeoutMs: number): Promise<string> {
  const prefix = path.join(workDir, 'page');
  const opts = { timeoutMs, memoryMb: PDFTOPPM_MEMORY_MB, addressSpaceMb: 4 * PDFTOPPM_MEMORY_MB };
  const exit = await spawnIsolated(
    process.env.PDFTOPPM_BIN ?? 'pdftoppm',
    ['-f', '1', '-l', '1', '-singlefile', '-scale-to', String(THUMB_PX), '-png', inputPath, prefix],
    opts,
  );
  if (exit.killedFor) throw new Error(`pdftoppm killed for ${exit.killedFor}`);
  if (exit.code !== 0) throw new Error(`pdftoppm exited ${exit.code}: ${exit.stderr.trim().slice(-300)}`);
  return `${prefix}.png`;
}

/**
 * Make a thumbnail from `source` read at `inputPath`, written to `outputPath` (WebP).
 * @param snapshots draws models and drawings (snapshot-renderer.ts); required for those kinds
 * @param timeoutMs time limit of the whole run (THUMB_TIMEOUT_MS by default)
 * @throws when the source cannot be read or decoded, or a limit is hit; SnapshotUnavailable for a
 *   model or drawing without Chromium; nothing is left at `outputPath`
 */
export async function makeThumbnail(
  source: Pick<ThumbSource, 'kind' | 'suffix'>,
  inputPath: string,
  outputPath: string,
  snapshots?: SnapshotRenderer,
  timeoutMs = THUMB_TIMEOUT_MS,
): Promise<void> {
  if (source.kind === 'model' || source.kind === 'drawing') {
    if (!snapshots) throw new Error(`a ${source.kind} thumbnail needs the snapshot renderer`);
    const [w, h] = [THUMB_PX * SNAPSHOT_SCALE, Math.round(THUMB_PX * 0.75) * SNAPSHOT_SCALE];
    await writeWebp(sharp(await snapshots.render(source.kind, inputPath, w, h, timeoutMs)), outputPath);
    return;
  }
  if (source.kind === 'image') {
    await writeWebp(await renditionInput(inputPath, source.suffix), outputPath);
    return;
  }
  const workDir = await mkdtemp(path.join(tmpdir(), 'bimdrive-thumb-'));
  try {
    const png = await pdfFirstPage(inputPath, workDir, timeoutMs);
    await writeWebp(sharp(png), outputPath);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
