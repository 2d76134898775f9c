/**
 * Large presentations as page pictures (spec 001 §2 "Presentation files that are too large: shown …
 * through a converted-picture endpoint. Presentation files over 100MB … count as too large"; §7
 * `GET /api/home/GetUploadPictureFile`; issue 14). Instead of handing a browser a huge PDF, each page
 * of the PDF rendition is rendered on demand with poppler's `pdftoppm`, turned into WebP by sharp and
 * kept beside the rendition (`derived/pages/<n>.webp`), so the viewer loads pictures as it scrolls.
 *
 * The threshold is `PRESENTATION_IMAGE_MB` (default 100, the spec's figure).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { PRESENTATION_SUFFIXES } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { openStaging } from '../../storage/staging.ts';
import { derivedDirOf, originalKeyOf } from '../../storage/local-storage.ts';
import type { FileRowDb } from './files.repository.ts';

const run = promisify(execFile);

/** Width of a page picture in pixels (sharp keeps the aspect ratio). */
export const PAGE_IMAGE_WIDTH = 1600;

/** Size above which a presentation is shown as page pictures (bytes). */
export function presentationImageThreshold(): number {
  return (Number(process.env.PRESENTATION_IMAGE_MB) || 100) * 1024 * 1024;
}

/** Whether a file (converted, status 3) is a presentation shown as page pictures. */
export function showsPageImages(f: FileRowDb): boolean {
  return (
    (PRESENTATION_SUFFIXES as readonly string[]).includes(f.suffix) &&
    f.derivedKind === 'pdf' &&
    f.statusType === 3 &&
    f.sizeBytes > presentationImageThreshold()
  );
}

/** Page count of a converted document (from the conversion's figures), or null. */
export function pageCountOf(f: FileRowDb): number | null {
  const pages = (f.stats as { pages?: unknown } | null)?.pages;
  return typeof pages === 'number' && pages > 0 ? pages : null;
}

/**
 * Storage key of page `page` (1-based) of a file's PDF rendition as WebP, rendering it once.
 * @throws Error when the rendition is missing or the page cannot be rendered.
 */
export async function ensurePageImage(ctx: AppContext, f: FileRowDb, page: number): Promise<string> {
  const dir = `${derivedDirOf(originalKeyOf(f))}/pages`;
  const key = `${dir}/${page}.webp`;
  if (await ctx.storage.stat(key)) return key;
  if (!f.derivedKey) throw new Error('no rendition');
  // Rendered in a scratch folder and moved into the store whole (local disk or S3).
  const scratch = await openStaging(ctx.config.dataDir);
  try {
    const pdf = await ctx.storage.localFile(f.derivedKey, scratch.dir);
    const prefix = path.join(scratch.dir, 'p');
    await run(
      'pdftoppm',
      ['-f', String(page), '-l', String(page), '-singlefile', '-scale-to-x', String(PAGE_IMAGE_WIDTH)].concat(
        ['-scale-to-y', '-1', '-png', pdf, prefix],
      ),
      { timeout: 60_000 },
    );
    const webp = path.join(scratch.dir, `${page}.webp`);
    await sharp(`${prefix}.png`).webp({ quality: 80 }).toFile(webp);
    await ctx.storage.importFile(key, webp);
    return key;
  } finally {
    await scratch.dispose();
  }
}
