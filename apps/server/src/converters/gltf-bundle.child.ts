/**
 * Child-process entry of the glTF bundler (gltf-bundle.ts): `node gltf-bundle.child.ts <job JSON>`,
 * job `{ mode, input, output, resources }` where `resources` maps lower-case file names to local paths.
 * - `gltf`: a `.gltf` (JSON, or GLB bytes under that name: read by content) with its buffers and
 *   images taken from `resources` by file name → one GLB (glTF-Transform NodeIO).
 * - `embed`: a GLB written by assimp whose images are external URIs → the same GLB with each image
 *   embedded (looked up by file name in `resources`); a texture whose file is absent or not PNG,
 *   JPEG or WebP is dropped, the material keeps its colour.
 * Paths written in the model are never opened: only `resources` are read.
 * Reports over IPC: { type: 'progress' } … then { type: 'done', stats } or { type: 'failed', reason }.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { GLB_BUFFER, ImageUtils, NodeIO, type Document, type JSONDocument } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { gltfReferences, missingReason } from './model-references.ts';

interface Job {
  mode: 'gltf' | 'embed';
  input: string;
  output: string;
  resources: Record<string, string>;
}

/** A failure with a reason for the user. */
class Unreadable extends Error {}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const send = (m: unknown) => process.send?.(m);
const EMBEDDABLE = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** Split GLB bytes into a JSON document (the BIN chunk as the GLB buffer). */
function glbToJson(bytes: Uint8Array<ArrayBuffer>): JSONDocument {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 20 || view.getUint32(4, true) !== 2) throw new Unreadable('仅支持 glTF 2.0 的 GLB 文件');
  const total = Math.min(view.getUint32(8, true), bytes.length);
  let offset = 12;
  let json: unknown = null;
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  while (offset + 8 <= total) {
    const length = view.getUint32(offset, true);
    const type = view.getUint32(offset + 4, true);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (body.length < length) throw new Unreadable('GLB 文件不完整（文件被截断）');
    if (type === 0x4e4f534a) json = JSON.parse(new TextDecoder().decode(body));
    else if (type === 0x004e4942) resources[GLB_BUFFER] = body;
    offset += 8 + length + ((4 - (length % 4)) % 4);
  }
  if (!json) throw new Unreadable('不是有效的 GLB 文件（缺少 JSON 数据块）');
  return { json: json as JSONDocument['json'], resources };
}

/** The glTF as a JSON document: GLB bytes by content, else JSON text. */
function parse(bytes: Uint8Array<ArrayBuffer>): JSONDocument {
  const glb =
    bytes.length >= 4 && new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true) === 0x46546c67;
  if (glb) return glbToJson(bytes);
  try {
    const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
    return { json: JSON.parse(text) as JSONDocument['json'], resources: {} };
  } catch {
    throw new Unreadable('glTF 文件无法解析：不是有效的 JSON');
  }
}

/**
 * Normals that are not unit length (assimp writes zero normals for degenerate faces; the validator
 * refuses them): rescaled where they have a length; a zero normal (only degenerate, invisible
 * triangles use it) becomes +Z.
 */
function mendNormals(document: Document): void {
  for (const mesh of document.getRoot().listMeshes())
    for (const prim of mesh.listPrimitives()) {
      const normal = prim.getAttribute('NORMAL');
      const array = normal?.getArray();
      if (!normal || !(array instanceof Float32Array) || normal.getType() !== 'VEC3') continue;
      for (let i = 0; i < array.length; i += 3) {
        const len = Math.hypot(array[i]!, array[i + 1]!, array[i + 2]!);
        if (Math.abs(len - 1) <= 5e-4) continue;
        if (len < 1e-12 || !Number.isFinite(len)) array.set([0, 0, 1], i);
        else array.set([array[i]! / len, array[i + 1]! / len, array[i + 2]! / len], i);
      }
    }
}

async function run(): Promise<Record<string, unknown>> {
  const doc = parse(new Uint8Array(await readFile(job.input)));
  if (!String(doc.json.asset?.version ?? '').startsWith('2'))
    throw new Unreadable('仅支持 glTF 2.0 文件（asset.version 不是 2.0）');
  send({ type: 'progress', percent: 20 });
  const missing: string[] = [];
  const unusable = new Set<string>();
  for (const ref of gltfReferences(doc.json)) {
    if (ref.uri in doc.resources) continue;
    const found = job.resources[ref.name.toLowerCase()];
    if (!found) {
      if (job.mode === 'gltf') missing.push(ref.name);
      else unusable.add(ref.uri);
      continue;
    }
    const data = new Uint8Array(await readFile(found));
    if (ref.kind === 'image' && !EMBEDDABLE.has(ImageUtils.getMimeType(data) ?? '')) unusable.add(ref.uri);
    else doc.resources[ref.uri] = data;
  }
  if (missing.length) throw new Unreadable(missingReason([...new Set(missing)]));
  // Images that cannot be embedded lose their URI (and are dropped below with their textures).
  // An empty data URI reads as an empty image, whose texture is dropped below.
  for (const image of doc.json.images ?? [])
    if (image.uri !== undefined && unusable.has(image.uri)) image.uri = 'data:image/png;base64,';
  const io = new NodeIO()
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.decoder': MeshoptDecoder });
  await MeshoptDecoder.ready;
  let document;
  try {
    document = await io.readJSON(doc);
  } catch (err) {
    throw new Unreadable(`glTF 文件无法解析：${String((err as Error)?.message ?? err).slice(0, 160)}`);
  }
  send({ type: 'progress', percent: 60 });
  mendNormals(document);
  let dropped = 0;
  for (const texture of document.getRoot().listTextures()) {
    const image = texture.getImage();
    const mime = image && image.byteLength ? ImageUtils.getMimeType(image) : null;
    if (!mime || !EMBEDDABLE.has(mime)) {
      texture.dispose();
      dropped++;
    } else {
      texture.setMimeType(mime).setURI('');
    }
  }
  // One GLB holds one buffer: merge the glTF's buffers into the first.
  const buffers = document.getRoot().listBuffers();
  const first = buffers[0];
  if (first) {
    first.setURI('');
    for (const accessor of document.getRoot().listAccessors()) accessor.setBuffer(first);
    for (const b of buffers.slice(1)) b.dispose();
  }
  const glb = await io.writeBinary(document);
  await writeFile(job.output, glb);
  return {
    images: document.getRoot().listTextures().length,
    droppedTextures: dropped,
    materials: document.getRoot().listMaterials().length,
  };
}

run().then(
  (stats) => send({ type: 'done', stats }),
  (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    const outOfMemory = /out of memory|Array buffer allocation failed/i.test(message);
    send({
      type: 'failed',
      reason: err instanceof Unreadable ? err.message : `glTF 文件无法解析：${message.slice(0, 160)}`,
      outOfMemory,
    });
  },
);
