/**
 * A converter's scene (named node tree, triangle meshes, flat colours) → GLB bytes with
 * glTF-Transform (no three.js), for the 3DM converter (issue 13; spec 001 §4). Node names become the
 * viewer's element tree, node `extras` its properties. A mesh used by several nodes (block instances)
 * is written once; a mesh drawn in two colours becomes two glTF meshes.
 */
import { Document, NodeIO, type Material, type Mesh, type Node } from '@gltf-transform/core';

/** Triangles of one object: positions (xyz, model units), optional normals and RGB colours, indices. */
export interface SceneMesh {
  position: Float32Array<ArrayBuffer>;
  normal?: Float32Array<ArrayBuffer>;
  /** Vertex colours, RGB 0–1 (3 floats a vertex). */
  color?: Float32Array<ArrayBuffer>;
  index: Uint32Array<ArrayBuffer>;
}

/** A flat material: name and linear-ish RGBA factors 0–1 (alpha < 1 is blended). */
export interface SceneMaterial {
  name: string;
  rgba: [number, number, number, number];
}

/** One node of the tree. `matrix` is a column-major 4×4 (glTF order); absent means identity. */
export interface SceneNode {
  name: string;
  mesh?: number;
  material?: number;
  matrix?: number[];
  /** Translation, rotation quaternion (xyzw) and scale; used when `matrix` is absent. */
  trs?: { t?: [number, number, number]; r?: [number, number, number, number]; s?: [number, number, number] };
  extras?: Record<string, string | number>;
  children: SceneNode[];
}

/** A whole scene: the root node, meshes and materials referenced by index. */
export interface Scene {
  root: SceneNode;
  meshes: SceneMesh[];
  materials: SceneMaterial[];
}

/**
 * Write `scene` as a GLB (glTF 2.0 binary, one buffer, uint16 indices where they fit).
 * @returns the GLB bytes. @throws Error from glTF-Transform on inconsistent input (a bug, not a file).
 */
export async function sceneToGlb(scene: Scene): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const materials: Material[] = scene.materials.map((m) =>
    doc
      .createMaterial(m.name)
      .setBaseColorFactor(m.rgba)
      .setMetallicFactor(0)
      .setRoughnessFactor(0.8)
      .setDoubleSided(true)
      .setAlphaMode(m.rgba[3] < 1 ? 'BLEND' : 'OPAQUE'),
  );
  const meshes = new Map<string, Mesh>();
  const meshOf = (index: number, material: number | undefined): Mesh => {
    const key = `${index}:${material ?? -1}`;
    const known = meshes.get(key);
    if (known) return known;
    const src = scene.meshes[index]!;
    const vertexCount = src.position.length / 3;
    const prim = doc
      .createPrimitive()
      .setAttribute(
        'POSITION',
        doc.createAccessor().setType('VEC3').setArray(src.position).setBuffer(buffer),
      );
    if (src.normal && src.normal.length === src.position.length)
      prim.setAttribute(
        'NORMAL',
        doc.createAccessor().setType('VEC3').setArray(src.normal).setBuffer(buffer),
      );
    if (src.color && src.color.length === src.position.length)
      prim.setAttribute(
        'COLOR_0',
        doc.createAccessor().setType('VEC3').setArray(src.color).setBuffer(buffer),
      );
    const indices = vertexCount <= 0xffff ? Uint16Array.from(src.index) : src.index;
    prim.setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer));
    if (material !== undefined) prim.setMaterial(materials[material]!);
    const mesh = doc.createMesh().addPrimitive(prim);
    meshes.set(key, mesh);
    return mesh;
  };
  const build = (n: SceneNode): Node => {
    const node = doc.createNode(n.name);
    if (n.matrix) node.setMatrix(n.matrix as Parameters<Node['setMatrix']>[0]);
    else if (n.trs) {
      if (n.trs.t) node.setTranslation(n.trs.t);
      if (n.trs.r) node.setRotation(n.trs.r);
      if (n.trs.s) node.setScale(n.trs.s);
    }
    if (n.mesh !== undefined) node.setMesh(meshOf(n.mesh, n.material));
    if (n.extras && Object.keys(n.extras).length) node.setExtras(n.extras);
    for (const c of n.children) node.addChild(build(c));
    return node;
  };
  doc.createScene('Scene').addChild(build(scene.root));
  return new NodeIO().writeBinary(doc);
}
