/**
 * One self-contained GLB from a multi-file model (issue 13 "multi-file models"; spec 001 §4):
 * `gltfToGlb` reads a `.gltf` with its `.bin` and textures (glTF-Transform, not assimp), `embedTextures`
 * puts the external textures of an assimp-written GLB inside it. Both run gltf-bundle.child.ts in a
 * child process under the request's time and memory limits, then check the written GLB with the
 * Khronos glTF Validator (gltf-validate.ts) and read its figures (glb-info.ts).
 */
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { stageModel } from './companion-files.ts';
import { glbInfo, type GlbInfo } from './glb-info.ts';
import { assertValidGlb } from './gltf-validate.ts';
import { forkConverter } from './run-isolated.ts';
import type { ConvertRequest } from './types.ts';

const CHILD = path.join(import.meta.dirname, 'gltf-bundle.child.ts');

/** What the child reports besides the GLB figures. */
export interface BundleFigures {
  [key: string]: unknown;
  /** Textures embedded in the GLB. */
  images: number;
  /** Textures dropped (file absent or not PNG/JPEG/WebP). */
  droppedTextures: number;
  materials: number;
}

type Limits = Pick<ConvertRequest, 'timeoutMs' | 'memoryMb' | 'onProgress'>;

async function bundle(
  mode: 'gltf' | 'embed',
  input: string,
  outputPath: string,
  resources: Map<string, string>,
  req: Limits,
): Promise<BundleFigures & GlbInfo> {
  const job = { mode, input, output: outputPath, resources: Object.fromEntries(resources) };
  const figures = await forkConverter<BundleFigures>(CHILD, [JSON.stringify(job)], req, '模型文件');
  await assertValidGlb(new Uint8Array(await readFile(outputPath)));
  return { ...(await glbInfo(outputPath)), ...figures };
}

/**
 * `.gltf` (JSON with external or embedded buffers, or GLB bytes under a .gltf name) → one GLB at
 * `outputPath`. Companions come from `req.companions` (same space and folder only).
 * @returns GLB figures (meshes, triangles, bbox in metres) and the embedded image count.
 * @throws ConversionError: `缺少引用文件 …` naming every missing buffer or image, unreadable JSON,
 * not glTF 2.0, invalid output (validator's first error), limits hit.
 */
export async function gltfToGlb(req: ConvertRequest, outputPath: string): Promise<BundleFigures & GlbInfo> {
  const scratch = path.join(req.outputDir, '.input');
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch);
  try {
    req.onProgress?.(5);
    const staged = await stageModel(req.inputPath, 'gltf', scratch, 'model.gltf', req.companions);
    return await bundle('gltf', staged.modelPath, outputPath, staged.resources, req);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Embed the external textures of `glbPath` (written by assimp) that are found in `resources`
 * (lower-case file name → path), replacing `glbPath` in place; textures not found are dropped.
 * @returns figures of the rewritten GLB. @throws ConversionError as gltfToGlb.
 */
export async function embedTextures(
  glbPath: string,
  resources: Map<string, string>,
  req: Limits,
): Promise<BundleFigures & GlbInfo> {
  const raw = `${glbPath}.assimp.glb`;
  await rename(glbPath, raw);
  try {
    return await bundle('embed', raw, glbPath, resources, req);
  } finally {
    await rm(raw, { force: true });
  }
}
