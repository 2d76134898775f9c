/**
 * Mesh formats → GLB with Debian's `assimp` command (OBJ, FBX, STL, 3DS, DAE, PLY, 3MF, glTF; spec
 * 001 §4, DESIGN.md converters), under the request's time and memory limits. assimp picks the reader
 * by extension, so the stored original is linked into a scratch folder of `outputDir` under the
 * user's file name (assimp names the model's root node after it; the viewer's tree shows it).
 * Multi-file models (issue 13): with `req.companions` the files the model names (an OBJ's `.mtl` and
 * its textures; every image beside a 3DS/FBX) are staged beside it (companion-files.ts), and the
 * textures assimp leaves as external URIs are embedded afterwards (gltf-bundle.ts), so the GLB is
 * self-contained; the result is checked by the Khronos glTF Validator.
 * @returns GLB figures (meshes, vertices, bbox) of `outputPath`, read back from the written file.
 * @throws ConversionError with a readable reason: `缺少引用文件 …` naming every missing companion,
 * unreadable file (not retried), time or memory limit (not retried; memory also capped by
 * `ulimit -v` = memoryMb + 256 MiB), assimp missing or not startable (retryable).
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { stageModel } from './companion-files.ts';
import { glbInfo } from './glb-info.ts';
import { embedTextures } from './gltf-bundle.ts';
import { missingReason, referenceName } from './model-references.ts';
import { runTool } from './run-isolated.ts';
import { ConversionError, type ConvertRequest } from './types.ts';

/** The assimp binary (override with ASSIMP_BIN, read on each conversion). */
const assimpBin = () => process.env.ASSIMP_BIN ?? 'assimp';

export async function meshToGlb(req: ConvertRequest, outputPath: string) {
  const scratch = path.join(req.outputDir, '.input');
  const base = path
    .basename(req.fileName ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N}_ ()-]/gu, '_');
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch);
  // The address-space cap leaves room for the binary and its libraries above the RSS limit.
  const limits = { timeoutMs: req.timeoutMs, memoryMb: req.memoryMb, addressSpaceMb: req.memoryMb + 256 };
  try {
    const staged = await stageModel(
      req.inputPath,
      req.suffix,
      scratch,
      `${base || 'model'}.${req.suffix}`,
      req.companions,
    );
    req.onProgress?.(10);
    await runTool(assimpBin(), ['export', staged.modelPath, outputPath, '-fglb2'], limits, {
      tool: '模型转换工具 assimp ',
      failPrefix: '模型文件无法解析',
    }).catch((err: unknown) => {
      throw referencedFileError(err);
    });
    req.onProgress?.(70);
    if (!req.companions) return await glbInfo(outputPath);
    const figures = await embedTextures(outputPath, staged.resources, req);
    req.onProgress?.(90);
    return figures;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * assimp's "could not open referenced file \"x.bin\"" (and its other missing-file messages) as
 * `缺少引用文件 x.bin`; any other error unchanged.
 */
function referencedFileError(err: unknown): unknown {
  if (!(err instanceof ConversionError)) return err;
  const m =
    /(?:referenced file|open file|Unable to open file|Failed to open file)[^"']*["']([^"']+)["']/i.exec(
      err.message,
    );
  const name = m ? referenceName(m[1]!) : null;
  return name ? new ConversionError(missingReason([name])) : err;
}
