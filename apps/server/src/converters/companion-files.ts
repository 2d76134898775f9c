/**
 * Companion files of a multi-file model (issue 13 "multi-file models"; spec 001 §4): the `.bin` and
 * textures of a `.gltf`, the `.mtl` and textures of an `.obj`, the image files beside a `.3ds`/`.fbx`.
 * They are looked up among the model's siblings through a CompanionSource (the worker's one answers
 * only files of the same space and folder, current versions, names compared case-insensitively) and
 * staged in a scratch folder beside the model, under the name the model uses. Paths written in the
 * model are never followed: only the file name counts, and OBJ/MTL text is rewritten to bare names.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import {
  gltfReferences,
  missingReason,
  MTLLIB_LINE,
  mtllibNames,
  mtlTextures,
  rewriteMtl,
} from './model-references.ts';
import { ConversionError, type CompanionSource } from './types.ts';

/** What was staged: the model's path in the scratch folder and every companion by lower-case name. */
export interface StagedModel {
  modelPath: string;
  /** Lower-case file name → local path (the stored original, or its rewritten copy in scratch). */
  resources: Map<string, string>;
}

/** MTL files larger than this are not read for texture names (MiB). */
const MTL_MAX_BYTES = 16 * 1024 * 1024;
/** The first bytes of a GLB ('glTF'). */
const GLB_MAGIC = 0x46546c67;

/**
 * Stage `inputPath` as `scratch/<modelName>` with the companions it names.
 * @param suffix lower-case suffix of the model (obj, gltf, 3ds, fbx; others get no companions).
 * @param source the model's siblings; without one the model is staged alone (nothing is checked).
 * @throws ConversionError `缺少引用文件 a.bin、b.png` naming every missing file (not retried).
 */
export async function stageModel(
  inputPath: string,
  suffix: string,
  scratch: string,
  modelName: string,
  source: CompanionSource | undefined,
): Promise<StagedModel> {
  const modelPath = path.join(scratch, modelName);
  const resources = new Map<string, string>();
  if (!source) {
    await symlink(inputPath, modelPath);
    return { modelPath, resources };
  }
  if (suffix === 'obj') {
    const libraries = await copyObj(inputPath, modelPath);
    await stageObjCompanions(libraries, scratch, source, resources);
  } else {
    await symlink(inputPath, modelPath);
    if (suffix === 'gltf') await stageGltfCompanions(inputPath, source, resources);
    else if (suffix === '3ds' || suffix === 'fbx')
      for (const [name, p] of await source.images()) {
        resources.set(name, p);
        await symlink(p, path.join(scratch, name)).catch(() => undefined);
      }
  }
  return { modelPath, resources };
}

/** Names the glTF (JSON, or GLB bytes under a .gltf name) references; missing ones fail. */
async function stageGltfCompanions(
  inputPath: string,
  source: CompanionSource,
  resources: Map<string, string>,
): Promise<void> {
  const bytes = await readFile(inputPath);
  let json: unknown;
  try {
    if (bytes.length >= 20 && bytes.readUInt32LE(0) === GLB_MAGIC)
      json = JSON.parse(bytes.subarray(20, 20 + bytes.readUInt32LE(12)).toString('utf8'));
    else json = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new ConversionError('glTF 文件无法解析：不是有效的 JSON');
  }
  const names = unique(gltfReferences(json).map((r) => r.name));
  const found = await source.find(names);
  const missing = names.filter((n) => !found.has(n.toLowerCase()));
  if (missing.length) throw new ConversionError(missingReason(missing));
  for (const [k, v] of found) resources.set(k, v);
}

/**
 * The OBJ's material libraries, then the textures each names, staged beside the model (the MTL
 * rewritten to bare texture names). Every missing file fails the conversion, named.
 */
async function stageObjCompanions(
  libraries: string[],
  scratch: string,
  source: CompanionSource,
  resources: Map<string, string>,
): Promise<void> {
  const missing: string[] = [];
  const libs = await source.find(libraries);
  const textures: string[] = [];
  for (const lib of libraries) {
    const found = libs.get(lib.toLowerCase());
    if (!found) {
      missing.push(lib);
      continue;
    }
    const size = (await stat(found)).size;
    const text = size <= MTL_MAX_BYTES ? await readFile(found, 'utf8') : '';
    const staged = path.join(scratch, lib);
    await writeFile(staged, size <= MTL_MAX_BYTES ? rewriteMtl(text) : await readFile(found));
    resources.set(lib.toLowerCase(), staged);
    textures.push(...mtlTextures(text));
  }
  const names = unique(textures);
  const images = await source.find(names);
  for (const n of names) {
    const p = images.get(n.toLowerCase());
    if (!p) missing.push(n);
    else {
      resources.set(n.toLowerCase(), p);
      await symlink(p, path.join(scratch, n)).catch(() => undefined);
    }
  }
  if (missing.length) throw new ConversionError(missingReason(unique(missing)));
}

/**
 * Copy an OBJ line by line into `dest`, every `mtllib` line rewritten to bare file names.
 * @returns the material libraries named, each once.
 */
async function copyObj(src: string, dest: string): Promise<string[]> {
  const libraries = new Map<string, string>();
  const out = createWriteStream(dest);
  const lines = createInterface({ input: createReadStream(src), crlfDelay: Infinity });
  for await (const line of lines) {
    const m = line.length < 4096 ? MTLLIB_LINE.exec(line) : null;
    let text = line;
    if (m) {
      const names = mtllibNames(m[1]!);
      for (const n of names) if (!libraries.has(n.toLowerCase())) libraries.set(n.toLowerCase(), n);
      text = `mtllib ${names.join(' ')}`;
    }
    if (!out.write(`${text}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return [...libraries.values()];
}

function unique(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const n of names) if (!seen.has(n.toLowerCase())) seen.set(n.toLowerCase(), n);
  return [...seen.values()];
}
