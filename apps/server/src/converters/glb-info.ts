/**
 * What a user sees of a GLB (glTF 2.0 binary), read with glTF-Transform (`NodeIO.readBinary`, every
 * extension it knows registered, meshopt decoding): meshes, primitives, vertices, triangles, nodes and
 * the world-space bounding box (`getBounds`: every vertex through its node's world matrix). Used to
 * check converter output and uploaded GLB files (spec 001 §4 conversion; issue 13).
 * @throws ConversionError when the bytes are not a readable glTF 2.0 binary or hold no mesh.
 */
import { readFile } from 'node:fs/promises';
import {
  getBounds,
  GLB_BUFFER,
  NodeIO,
  type Document,
  type GLTF,
  type JSONDocument,
} from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { ConversionError } from './types.ts';

/** Figures of a GLB; bbox in the file's units (metres by glTF convention). */
export type GlbInfo = {
  meshes: number;
  primitives: number;
  vertices: number;
  triangles: number;
  nodes: number;
  bbox: { min: [number, number, number]; max: [number, number, number] };
};

/** glTF primitive mode TRIANGLES (the only one that counts triangles). */
const TRIANGLES = 4;

let io: Promise<NodeIO> | null = null;
/** One NodeIO for the process (the meshopt decoder is initialised once). */
function gltfIo(): Promise<NodeIO> {
  io ??= MeshoptDecoder.ready.then(() =>
    new NodeIO()
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder }),
  );
  return io;
}

/**
 * Check the 12-byte GLB header: magic `glTF`, version 2, declared length within the bytes.
 * @throws ConversionError with the reason a user reads (文件头错误, glTF 2.0 only, 文件被截断).
 */
export function assertGlbHeader(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 20 || view.getUint32(0, true) !== 0x46546c67)
    throw new ConversionError('不是有效的 GLB 文件（文件头错误）');
  if (view.getUint32(4, true) !== 2) throw new ConversionError('仅支持 glTF 2.0 的 GLB 文件');
  if (view.getUint32(8, true) > bytes.length) throw new ConversionError('GLB 文件不完整（文件被截断）');
}

/**
 * Read GLB bytes into a glTF-Transform Document. Images the GLB names by an external `uri` (assimp
 * writes them for a mesh's texture files) are read as empty: the figures do not need them.
 * @throws ConversionError naming what is wrong (not a GLB, not glTF 2.0, truncated or unreadable).
 */
export async function readGlb(bytes: Uint8Array): Promise<Document> {
  assertGlbHeader(bytes);
  try {
    const reader = await gltfIo();
    const glb = await reader.binaryToJSON(bytes).catch(async (err: unknown) => {
      if (!(err instanceof Error) || !err.message.includes('external images')) throw err;
      return withoutExternalImages(bytes);
    });
    return await reader.readJSON(glb);
  } catch (err) {
    throw new ConversionError(`不是有效的 GLB 文件（${err instanceof Error ? err.message : String(err)}）`);
  }
}

/** The GLB's JSON and BIN chunk as glTF-Transform resources, each external image given no bytes. */
function withoutExternalImages(bytes: Uint8Array): JSONDocument {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as GLTF.IGLTF;
  const binAt = 20 + jsonLength;
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  for (const image of json.images ?? [])
    if (image.uri && !image.uri.startsWith('data:')) resources[image.uri] = new Uint8Array(0);
  if (binAt + 8 <= bytes.length)
    resources[GLB_BUFFER] = bytes.slice(binAt + 8, binAt + 8 + view.getUint32(binAt, true));
  return { json, resources };
}

/** Figures of a glTF-Transform Document (see GlbInfo). @throws ConversionError without a mesh. */
export function documentInfo(doc: Document): GlbInfo {
  const root = doc.getRoot();
  const meshes = root.listMeshes();
  let primitives = 0;
  let vertices = 0;
  let triangles = 0;
  for (const mesh of meshes)
    for (const p of mesh.listPrimitives()) {
      primitives++;
      const count = p.getAttribute('POSITION')?.getCount() ?? 0;
      vertices += count;
      if (p.getMode() === TRIANGLES) triangles += Math.floor((p.getIndices()?.getCount() ?? count) / 3);
    }
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const box = scene ? getBounds(scene) : null;
  if (meshes.length === 0 || !box || !box.min.every(Number.isFinite) || !box.max.every(Number.isFinite))
    throw new ConversionError('模型中没有可显示的网格');
  // Rounded to 0.1 mm; `+ 0` turns -0 into 0.
  const round = (v: number[]) => v.map((x) => Math.round(x * 1e4) / 1e4 + 0) as [number, number, number];
  return {
    meshes: meshes.length,
    primitives,
    vertices,
    triangles,
    nodes: root.listNodes().length,
    bbox: { min: round(box.min), max: round(box.max) },
  };
}

/** Figures of a GLB file on disk. @throws ConversionError (see readGlb, documentInfo). */
export async function glbInfo(file: string): Promise<GlbInfo> {
  return documentInfo(await readGlb(new Uint8Array(await readFile(file))));
}
