/**
 * How a file previews (spec 001 §2 "Viewer by file suffix", §9 suffix groups): IFC → fragments,
 * mesh formats → GLB (after conversion), images, PDF, text (code and markup included, shown as text),
 * native video, office, archives (zip, rar: their entries listed), 2D drawings (dwg, dxf → the drawing
 * viewer on the derived DXF, issue 13); everything else none.
 */
import {
  ARCHIVE_SUFFIXES,
  DRAWING_SUFFIXES,
  IMAGE_SUFFIXES,
  OFFICE_SUFFIXES,
  TEXT_SUFFIXES,
  VIDEO_SUFFIXES,
  VIDEO_TRANSCODE_SUFFIXES,
  type PreviewKindValue,
} from '@bimdrive/contracts';

const MESH_SUFFIXES = ['glb', 'gltf', 'obj', 'fbx', 'stl', '3ds', 'dae', 'ply', '3mf', '3dm'];
const has = (list: readonly string[], suffix: string) => list.includes(suffix);

/** Preview kind for a lower-case suffix. */
export function previewKindFor(suffix: string): PreviewKindValue {
  if (suffix === 'ifc') return 'fragments';
  if (has(DRAWING_SUFFIXES, suffix)) return 'drawing';
  if (MESH_SUFFIXES.includes(suffix)) return 'glb';
  if (has(IMAGE_SUFFIXES, suffix)) return 'image';
  if (suffix === 'pdf') return 'pdf';
  // Office before text: a CSV gets a spreadsheet rendition (issue 14).
  if (has(OFFICE_SUFFIXES, suffix)) return 'office';
  if (has(TEXT_SUFFIXES, suffix)) return 'text';
  if (has(VIDEO_SUFFIXES, suffix) || has(VIDEO_TRANSCODE_SUFFIXES, suffix)) return 'video';
  if (has(ARCHIVE_SUFFIXES, suffix)) return 'archive';
  return 'none';
}

/** Whether the preview shows a converted model (fragments or GLB). */
export const isModelPreview = (k: PreviewKindValue) => k === 'fragments' || k === 'glb';

/**
 * MIME type for serving a file inline. Text of every kind (HTML, SVG sources and scripts included) is
 * `text/plain`, so a browser never renders or runs it; an SVG image is only ever sent as a rendition.
 */
export function mimeFor(suffix: string): string {
  const map: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gpj: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    bmp: 'image/bmp',
    tif: 'image/tiff',
    tiff: 'image/tiff',
    svg: 'image/svg+xml',
    pdf: 'application/pdf',
    txt: 'text/plain; charset=utf-8',
    csv: 'text/plain; charset=utf-8',
    md: 'text/plain; charset=utf-8',
    json: 'text/plain; charset=utf-8',
    log: 'text/plain; charset=utf-8',
    xml: 'text/plain; charset=utf-8',
    mp4: 'video/mp4',
    webm: 'video/webm',
    ogg: 'video/ogg',
    glb: 'model/gltf-binary',
    frag: 'application/octet-stream',
    dxf: 'application/dxf',
    zip: 'application/zip',
    rar: 'application/vnd.rar',
  };
  return map[suffix] ?? (has(TEXT_SUFFIXES, suffix) ? 'text/plain' : 'application/octet-stream');
}

/**
 * The image type of a file's first bytes (magic numbers), for suffixes that lie (001 §9 "gpj": a JPEG
 * by another name). @returns a MIME type, or null when the bytes are not a known raster image.
 */
export function sniffImageMime(head: Uint8Array): string | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  if (at(0, 0x42, 0x4d)) return 'image/bmp';
  if (at(0, 0x49, 0x49, 0x2a, 0x00) || at(0, 0x4d, 0x4d, 0x00, 0x2a)) return 'image/tiff';
  return null;
}
