/**
 * Mesh formats → GLB with Debian's `assimp` command (OBJ, FBX, STL, 3DS, DAE, PLY, 3MF, glTF; spec
 * 001 §4, DESIGN.md converters), under the request's time and memory limits. assimp picks the reader
 * by extension, so the stored original is linked into a scratch folder of `outputDir` under the
 * user's file name (assimp names the model's root node after it; the viewer's tree shows it).
 * @returns GLB figures (meshes, vertices, bbox) of `outputPath`, read back from the written file.
 * @throws ConversionError with a readable reason: unreadable file (not retried), time or memory
 * limit (not retried; memory also capped by `ulimit -v` = memoryMb + 256 MiB), assimp missing or not
 * startable (retryable).
 */
import { mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { glbInfo } from './glb-info.ts';
import { runTool } from './run-isolated.ts';
import type { ConvertRequest } from './types.ts';

/** The assimp binary (override with ASSIMP_BIN, read on each conversion). */
const assimpBin = () => process.env.ASSIMP_BIN ?? 'assimp';

export async function meshToGlb(req: ConvertRequest, outputPath: string) {
  const scratch = path.join(req.outputDir, '.input');
  const base = path
    .basename(req.fileName ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N}_ ()-]/gu, '_');
  const linked = path.join(scratch, `${base || 'model'}.${req.suffix}`);
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch);
  await symlink(req.inputPath, linked);
  // The address-space cap leaves room for the binary and its libraries above the RSS limit.
  const limits = { timeoutMs: req.timeoutMs, memoryMb: req.memoryMb, addressSpaceMb: req.memoryMb + 256 };
  try {
    req.onProgress?.(10);
    await runTool(assimpBin(), ['export', linked, outputPath, '-fglb2'], limits, {
      tool: '模型转换工具 assimp ',
      failPrefix: '模型文件无法解析',
    });
    req.onProgress?.(90);
    return await glbInfo(outputPath);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
