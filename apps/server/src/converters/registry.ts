/**
 * Which converter handles a suffix (DESIGN.md converters): IFC → fragments (IfcImporter), mesh
 * formats → GLB (assimp), glTF → GLB with its companion files (glTF-Transform, gltf-bundle.ts),
 * 3DM → GLB (rhino3dm, rhino/rhino-to-glb.ts; issue 13), GLB passes through, office documents → PDF
 * (LibreOffice), video → MP4 and poster (ffmpeg), 2D drawings (dwg, dxf) → ASCII DXF (acad-ts, drawing/drawing-to-dxf.ts),
 * suffixes configured with an external command (`BIMDRIVE_EXTERNAL_CONVERTERS`, JSON
 * `{ "rvt": "cmd {input} {output}" }`) use it; others none.
 */
import {
  DRAWING_SUFFIXES,
  OFFICE_SUFFIXES,
  VIDEO_SUFFIXES,
  VIDEO_TRANSCODE_SUFFIXES,
} from '@bimdrive/contracts';

export type ConverterName =
  'ifc' | 'mesh' | 'gltf' | 'rhino' | 'passthrough' | 'office' | 'video' | 'drawing' | 'external';

const OFFICE = new Set<string>(OFFICE_SUFFIXES);
const VIDEO = new Set<string>([...VIDEO_SUFFIXES, ...VIDEO_TRANSCODE_SUFFIXES]);

/** 2D drawings: model suffixes of 001 §9 (file filters) but converted by the drawing converter. */
const DRAWING = new Set<string>(DRAWING_SUFFIXES);

const MESH = new Set(['obj', 'fbx', 'stl', '3ds', 'dae', 'ply', '3mf']);

/** Parsed external converter commands by lower-case suffix. */
export function externalConverters(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const raw = env.BIMDRIVE_EXTERNAL_CONVERTERS;
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>)
        .filter((e): e is [string, string] => typeof e[1] === 'string')
        .map(([k, v]) => [k.toLowerCase(), v]),
    );
  } catch {
    return {};
  }
}

/** The converter for a suffix (lower-case, no dot), or null when none exists. */
export function converterFor(suffix: string): ConverterName | null {
  const s = suffix.toLowerCase();
  if (s === 'ifc') return 'ifc';
  if (s === 'glb') return 'passthrough';
  if (s === 'gltf') return 'gltf';
  if (s === '3dm') return 'rhino';
  if (MESH.has(s)) return 'mesh';
  if (OFFICE.has(s)) return 'office';
  if (VIDEO.has(s)) return 'video';
  if (DRAWING.has(s)) return 'drawing';
  if (externalConverters()[s]) return 'external';
  return null;
}

/** Whether a suffix needs a conversion job. */
export const needsConversion = (suffix: string) => converterFor(suffix) !== null;
