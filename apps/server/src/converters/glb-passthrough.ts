/**
 * GLB needs no conversion (spec 001 §4): the upload is checked (valid glTF 2.0 binary with at least
 * one mesh) and copied to `outputPath` so every model is served from its derived location.
 * @returns GLB figures. @throws ConversionError for an invalid GLB.
 */
import { copyFile } from 'node:fs/promises';
import { glbInfo } from './glb-info.ts';

export async function glbPassthrough(inputPath: string, outputPath: string) {
  const info = await glbInfo(inputPath);
  await copyFile(inputPath, outputPath);
  return info;
}
