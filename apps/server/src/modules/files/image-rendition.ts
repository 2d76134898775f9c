/**
 * Image helpers of the preview (001 §2 "Images", §9 image suffixes; issue 14): the sharp input of a
 * WebP rendition (tif/tiff, bmp, svg always; any image for browse-only shares), the SVG policy, and the
 * type of an image from its first bytes (gpj).
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { AppContext } from '../../app-context.ts';
import { sniffImageMime } from './preview-kind.ts';

/** Content-Security-Policy sent with anything that is or may be SVG: no script, no fetches. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** Long side (px) an SVG is rasterised to before the rendition's own resize. */
const SVG_RASTER_PX = 2048;

/**
 * A sharp pipeline reading an image for its rendition. SVG is read from a buffer, so librsvg has no
 * base location and loads no external file or URL, and rasterised at the density that makes its long
 * side about 2048 px: the browser gets pixels, never the SVG's scripts, event handlers, links or
 * foreignObject (we rasterise rather than sanitise). Multi-page TIFFs give their first page.
 * @param input the image's path on disk or its bytes
 * @param suffix lower-case file suffix
 * @throws sharp's error for bytes that are not an image it reads
 */
export async function renditionInput(input: string | Buffer, suffix: string): Promise<sharp.Sharp> {
  if (suffix !== 'svg') return sharp(input, { limitInputPixels: 1e9 });
  const svg = typeof input === 'string' ? await readFile(input) : input;
  const meta = await sharp(svg).metadata();
  const long = Math.max(meta.width ?? 0, meta.height ?? 0) || 512;
  const density = Math.min(1200, Math.max(36, Math.round((72 * SVG_RASTER_PX) / long)));
  return sharp(svg, { density, limitInputPixels: 1e8 });
}

/**
 * WebP bytes of an image (at most 2560 px on the long side), for images served out of an archive.
 * @throws sharp's error for bytes that are not an image
 */
export async function webpRendition(bytes: Buffer, suffix: string): Promise<Buffer> {
  return (await renditionInput(bytes, suffix))
    .rotate()
    .resize(2560, 2560, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
}

/** The image type of a stored file's first 16 bytes (see sniffImageMime), or null. */
export async function sniffStoredImage(ctx: AppContext, key: string): Promise<string | null> {
  const chunks: Buffer[] = [];
  for await (const c of ctx.storage.read(key, { start: 0, end: 15 }))
    chunks.push(Buffer.from(c as Uint8Array));
  return sniffImageMime(Buffer.concat(chunks));
}
