/**
 * GLB needs no conversion (spec 001 §4): the upload is checked (valid glTF 2.0 binary with at least
 * one mesh, and no error from the Khronos glTF Validator, gltf-validate.ts) and copied to
 * `outputPath` so every model is served from its derived location.
 * @returns GLB figures. @throws ConversionError for an invalid GLB, naming the first error.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { assertGlbHeader, documentInfo, readGlb } from './glb-info.ts';
import { assertValidGlb } from './gltf-validate.ts';

export async function glbPassthrough(inputPath: string, outputPath: string) {
  const bytes = new Uint8Array(await readFile(inputPath));
  assertGlbHeader(bytes);
  // The validator before reading: it names what is wrong (e.g. /bufferViews/0/byteLength).
  await assertValidGlb(bytes);
  const info = documentInfo(await readGlb(bytes));
  await copyFile(inputPath, outputPath);
  return info;
}
