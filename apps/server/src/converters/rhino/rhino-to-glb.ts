/**
 * 3DM (Rhino 4–8) → GLB (issue 13 "3DM (Rhino)"; spec 001 §4 statuses, §9 suffix 3dm): runs
 * `rhino-to-glb.child.ts` (rhino3dm, WebAssembly) in a child process under the request's time and
 * memory limits, then checks the GLB with the Khronos glTF Validator and reads its figures. Meshes,
 * extrusions, Brep and SubD render meshes, blocks with their transforms, layers and object names make
 * the element tree; colours come from render materials or layer/object colours (rhino-scene.ts).
 * @throws ConversionError with a readable reason: not a 3DM, damaged, no render meshes
 * (NO_RENDER_MESH_REASON), nothing to show, limits hit (not retried); child not startable (retryable).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { glbInfo, type GlbInfo } from '../glb-info.ts';
import { assertValidGlb } from '../gltf-validate.ts';
import { forkConverter } from '../run-isolated.ts';
import type { ConvertRequest } from '../types.ts';
import type { RhinoFigures } from './rhino-scene.ts';

const CHILD = path.join(import.meta.dirname, 'rhino-to-glb.child.ts');

/**
 * Convert `req.inputPath` (a .3dm) to the GLB `outputPath`.
 * @returns the GLB's figures (meshes, triangles, bbox in metres) with the 3DM's (elements, layers,
 * blocks, skipped, unit…), stored as the file's stats.
 */
export async function rhinoToGlb(req: ConvertRequest, outputPath: string): Promise<GlbInfo & RhinoFigures> {
  const rootName = path.basename(req.fileName || 'model.3dm');
  const figures = await forkConverter<RhinoFigures>(
    CHILD,
    [req.inputPath, outputPath, rootName],
    req,
    '3DM 文件',
  );
  await assertValidGlb(new Uint8Array(await readFile(outputPath)));
  req.onProgress?.(95);
  return { ...(await glbInfo(outputPath)), ...figures };
}
