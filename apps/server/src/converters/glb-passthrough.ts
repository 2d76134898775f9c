/**
 * GLB needs no conversion (spec 001 §4): the upload is checked (valid glTF 2.0 binary with at least
 * one mesh, and no error from the Khronos glTF Validator, gltf-validate.ts) and copied to
 * `outputPath` so every model is served from its derived location.
 * @returns GLB figures. @throws ConversionError for an invalid GLB, naming the first error.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { glbInfo } from './glb-info.ts';
import { assertValidGlb } from './gltf-validate.ts';

export async function glbPassthrough(inputPath: string, outputPath: string) {
  const info = await glbInfo(inputPath);
  await assertValidGlb(new Uint8Array(await readFile(inputPath)));
  await copyFile(inputPath, outputPath);
  return info;
}
