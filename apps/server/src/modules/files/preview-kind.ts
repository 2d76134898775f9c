/**
 * How a file previews (spec 001 §2 "Viewer by file suffix", §9 suffix groups): IFC → fragments,
 * mesh formats → GLB (after conversion), images, PDF, text, native video, office; everything else none.
 */
import { IMAGE_SUFFIXES, OFFICE_SUFFIXES, VIDEO_SUFFIXES, type PreviewKindValue } from '@bimdrive/contracts';

const MESH_SUFFIXES = ['glb', 'gltf', 'obj', 'fbx', 'stl', '3ds', 'dae', 'ply', '3mf'];
const TEXT_SUFFIXES = ['txt', 'csv', 'md', 'json', 'log', 'xml'];

/** Preview kind for a lower-case suffix. */
export function previewKindFor(suffix: string): PreviewKindValue {
  if (suffix === 'ifc') return 'fragments';
  if (MESH_SUFFIXES.includes(suffix)) return 'glb';
  if ((IMAGE_SUFFIXES as readonly string[]).includes(suffix)) return 'image';
  if (suffix === 'pdf') return 'pdf';
  if (TEXT_SUFFIXES.includes(suffix)) return 'text';
  if ((VIDEO_SUFFIXES as readonly string[]).includes(suffix)) return 'video';
  if ((OFFICE_SUFFIXES as readonly string[]).includes(suffix)) return 'office';
  return 'none';
}

/** Whether the preview shows a converted model (fragments or GLB). */
export const isModelPreview = (k: PreviewKindValue) => k === 'fragments' || k === 'glb';

/** MIME type for serving a file inline. */
export function mimeFor(suffix: string): string {
  const map: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    bmp: 'image/bmp',
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
  };
  return map[suffix] ?? 'application/octet-stream';
}
