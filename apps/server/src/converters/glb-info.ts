/**
 * Reads a GLB (glTF 2.0 binary) container without decoding its buffers and answers what a user
 * sees: meshes, primitives, vertices, triangles and the world-space bounding box (node transforms
 * applied to each primitive's POSITION accessor min/max). Used to check converter output and
 * uploaded GLB files.
 * @throws ConversionError when the bytes are not a valid GLB or hold no mesh.
 */
import { readFile } from 'node:fs/promises';
import { Box3, Matrix4, Quaternion, Vector3 } from 'three';
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

interface GltfJson {
  asset?: { version?: string };
  scene?: number;
  scenes?: Array<{ nodes?: number[] }>;
  nodes?: Array<{
    mesh?: number;
    children?: number[];
    matrix?: number[];
    translation?: [number, number, number];
    rotation?: [number, number, number, number];
    scale?: [number, number, number];
  }>;
  meshes?: Array<{
    primitives: Array<{ attributes: Record<string, number>; indices?: number; mode?: number }>;
  }>;
  accessors?: Array<{ count: number; min?: number[]; max?: number[] }>;
}

/** Parse the JSON chunk of a GLB buffer. */
export function glbJson(bytes: Uint8Array): GltfJson {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 20 || view.getUint32(0, true) !== 0x46546c67)
    throw new ConversionError('不是有效的 GLB 文件（文件头错误）');
  if (view.getUint32(4, true) !== 2) throw new ConversionError('仅支持 glTF 2.0 的 GLB 文件');
  const length = view.getUint32(8, true);
  if (length > bytes.length) throw new ConversionError('GLB 文件不完整（文件被截断）');
  const chunkLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== 0x4e4f534a || 20 + chunkLength > length)
    throw new ConversionError('不是有效的 GLB 文件（缺少 JSON 数据块）');
  try {
    return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + chunkLength))) as GltfJson;
  } catch {
    throw new ConversionError('不是有效的 GLB 文件（JSON 数据块无法解析）');
  }
}

/** Figures of a parsed glTF document. */
export function gltfInfo(json: GltfJson): GlbInfo {
  const nodes = json.nodes ?? [];
  const meshes = json.meshes ?? [];
  const accessors = json.accessors ?? [];
  let primitives = 0;
  let vertices = 0;
  let triangles = 0;
  for (const mesh of meshes)
    for (const p of mesh.primitives) {
      primitives++;
      const pos = accessors[p.attributes.POSITION ?? -1];
      vertices += pos?.count ?? 0;
      if ((p.mode ?? 4) === 4)
        triangles += Math.floor(
          (p.indices !== undefined ? (accessors[p.indices]?.count ?? 0) : (pos?.count ?? 0)) / 3,
        );
    }
  const box = new Box3();
  const corner = new Vector3();
  const visit = (index: number, parent: Matrix4, depth: number) => {
    const node = nodes[index];
    if (!node || depth > 256) return;
    const local = new Matrix4();
    if (node.matrix?.length === 16) local.fromArray(node.matrix);
    else
      local.compose(
        new Vector3(...(node.translation ?? [0, 0, 0])),
        new Quaternion(...(node.rotation ?? [0, 0, 0, 1])),
        new Vector3(...(node.scale ?? [1, 1, 1])),
      );
    const world = parent.clone().multiply(local);
    for (const p of meshes[node.mesh ?? -1]?.primitives ?? []) {
      const a = accessors[p.attributes.POSITION ?? -1];
      if (!a?.min || !a.max) continue;
      for (let i = 0; i < 8; i++) {
        corner.set(
          i & 1 ? a.max[0]! : a.min[0]!,
          i & 2 ? a.max[1]! : a.min[1]!,
          i & 4 ? a.max[2]! : a.min[2]!,
        );
        box.expandByPoint(corner.applyMatrix4(world));
      }
    }
    for (const c of node.children ?? []) visit(c, world, depth + 1);
  };
  const roots = json.scenes?.[json.scene ?? 0]?.nodes ?? nodes.map((_, i) => i);
  for (const r of roots) visit(r, new Matrix4(), 0);
  if (meshes.length === 0 || box.isEmpty()) throw new ConversionError('模型中没有可显示的网格');
  // Rounded to 0.1 mm; `+ 0` turns -0 into 0.
  const round = (v: Vector3) =>
    v.toArray().map((x) => Math.round(x * 1e4) / 1e4 + 0) as [number, number, number];
  return {
    meshes: meshes.length,
    primitives,
    vertices,
    triangles,
    nodes: nodes.length,
    bbox: { min: round(box.min), max: round(box.max) },
  };
}

/** Figures of a GLB file on disk. */
export async function glbInfo(file: string): Promise<GlbInfo> {
  return gltfInfo(glbJson(new Uint8Array(await readFile(file))));
}
