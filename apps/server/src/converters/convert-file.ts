/**
 * One entry for every conversion (spec 001 §4; used by modules/conversions/conversion.worker.ts):
 * picks the converter by suffix (registry.ts: models, office documents, videos, 2D drawings), runs it
 * isolated under the request's limits and answers a ConvertResult. Never throws for a bad file:
 * failures come back as `{ ok: false, reason }`
 * with a Simplified Chinese reason; `retryable` marks transient failures (e.g. the process could not
 * start). On failure the partial output in `outputDir` is removed.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { drawingToDxf } from './drawing/drawing-to-dxf.ts';
import { externalToGlb } from './external.ts';
import { glbPassthrough } from './glb-passthrough.ts';
import { gltfToGlb } from './gltf-bundle.ts';
import { ifcToFragments } from './ifc-to-fragments.ts';
import { meshToGlb } from './mesh-to-glb.ts';
import { officeToPdf } from './office/office-to-pdf.ts';
import { converterFor, type ConverterName } from './registry.ts';
import { rhinoToGlb } from './rhino/rhino-to-glb.ts';
import { videoToMp4 } from './video/video-to-mp4.ts';
import {
  ConversionError,
  type ConvertRequest,
  type ConvertResult,
  type DerivedKind,
  type ModelStats,
} from './types.ts';

/** Name of the derived file each converter writes in `outputDir`. */
const OUTPUT: Record<ConverterName, string> = {
  ifc: 'model.frag',
  mesh: 'model.glb',
  gltf: 'model.glb',
  rhino: 'model.glb',
  passthrough: 'model.glb',
  external: 'model.glb',
  office: 'rendition.pdf',
  video: 'video.mp4',
  drawing: 'drawing.dxf',
};

export type { ConvertRequest, ConvertResult } from './types.ts';

/** Make `dir` an empty folder (its parents made as needed); what was there is removed. */
async function freshFolder(dir: string): Promise<void> {
  await mkdir(path.dirname(dir), { recursive: true });
  try {
    await mkdir(dir); // the usual case, a new folder: no recursive removal (about 2 ms) first
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir);
  }
}

export async function convertFile(req: ConvertRequest): Promise<ConvertResult> {
  const converter = converterFor(req.suffix);
  if (!converter) return { ok: false, reason: `暂不支持转换 .${req.suffix} 文件`, retryable: false };
  const started = performance.now();
  await freshFolder(req.outputDir);
  let kind: DerivedKind = converter === 'ifc' ? 'fragments' : 'glb';
  let outputPath = path.join(req.outputDir, OUTPUT[converter]);
  try {
    const bytesIn = (await stat(req.inputPath)).size;
    let figures: Record<string, unknown>;
    if (converter === 'ifc') figures = await ifcToFragments(req, outputPath);
    else if (converter === 'passthrough') figures = await glbPassthrough(req.inputPath, outputPath);
    else if (converter === 'mesh') figures = await meshToGlb(req, outputPath);
    else if (converter === 'gltf') figures = await gltfToGlb(req, outputPath);
    else if (converter === 'rhino') figures = await rhinoToGlb(req, outputPath);
    else if (converter === 'office') {
      kind = 'pdf';
      figures = await officeToPdf(req, outputPath);
    } else if (converter === 'video') {
      const { derivedPath, ...video } = await videoToMp4(req, outputPath);
      kind = video.transcoded ? 'mp4' : 'poster';
      outputPath = derivedPath;
      figures = video;
    } else if (converter === 'drawing') {
      kind = 'dxf';
      figures = await drawingToDxf(req, outputPath);
    } else figures = await externalToGlb(req, outputPath);
    const outputBytes = (await stat(outputPath)).size;
    const stats: ModelStats = {
      ...figures,
      bytesIn,
      bytesOut: outputBytes,
      seconds: Math.round((performance.now() - started) / 10) / 100,
    };
    req.onProgress?.(99);
    return { ok: true, kind, outputPath, outputBytes, stats };
  } catch (err) {
    await rm(req.outputDir, { recursive: true, force: true }).catch(() => undefined);
    if (err instanceof ConversionError) return { ok: false, reason: err.message, retryable: err.retryable };
    const code = (err as NodeJS.ErrnoException).code;
    const transient = code === 'EAGAIN' || code === 'EMFILE' || code === 'ENOSPC' || code === 'EBUSY';
    return {
      ok: false,
      reason: transient
        ? '服务器暂时繁忙，稍后自动重试'
        : `转换失败：${err instanceof Error ? err.message.slice(0, 200) : String(err)}`,
      retryable: transient,
    };
  }
}
