/**
 * The first-frame preview of a converted IFC model (issue 3 "first frame"): every element's geometry
 * from the `.frag`, in world coordinates, merged into one mesh per material, welded, simplified as
 * far as no surface moves by more than 0.1 % of the mesh's size (about a pixel at the opening view,
 * which shows the whole model), as a GLB with KHR_mesh_quantization and EXT_meshopt_compression
 * (AC20-FZK-Haus: 5.8k of 21.8k triangles; 20 copies of it: 19k of 436k). A share visitor's browser draws it with plain three.js while the full fragments
 * viewer (tree, properties, picking) is still loading, then the full viewer replaces it — the way
 * BIMFACE or Speckle show a model before it is interactive.
 *
 * Shape: `fragmentsToPreviewGlb(fragBytes)` → `{ glb, triangles, materials, elements, categories }`;
 * `glb` is a complete binary glTF 2.0 file (bytes), `triangles` the count written, `materials` the
 * meshes written (one per fragments material that has geometry), `elements` the model's elements with
 * geometry and `categories` its IFC categories (counted here because the model is loaded anyway; the
 * conversion itself does not read its output back). No normals are stored: the viewer shades flat from
 * screen-space derivatives. Colours are the fragments materials' sRGB bytes, written as glTF's
 * linear `baseColorFactor`; translucent ones (alpha < 255) blend.
 *
 * Errors: throws when the bytes are not a fragments model or the model has no geometry.
 */
import { Document, Logger, NodeIO } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import { meshopt, simplify, weld } from '@gltf-transform/functions';
import { MeshoptEncoder, MeshoptSimplifier } from 'meshoptimizer';
import * as FRAGS from '@thatopen/fragments';
import * as THREE from 'three';

/** One material's merged mesh: sizes counted first, then the typed arrays filled. */
interface Bucket {
  vertexCount: number;
  indexCount: number;
  positions: Float32Array<ArrayBuffer>;
  indices: Uint32Array<ArrayBuffer>;
  vertexAt: number;
  indexAt: number;
}

const srgbToLinear = (c: number) => new THREE.Color().setRGB(c / 255, 0, 0, THREE.SRGBColorSpace).r;

/** Build the preview GLB of a `.frag` file's bytes; see the module docstring. */
export async function fragmentsToPreviewGlb(
  fragBytes: Uint8Array,
): Promise<{ glb: Uint8Array; triangles: number; materials: number; elements: number; categories: number }> {
  const model = new FRAGS.SingleThreadedFragmentsModel('preview', fragBytes);
  try {
    const samples = model.getSamples();
    const materials = model.getMaterials();
    const items = model.getItemsWithGeometry();
    const meshes = model
      .getItemsGeometry(items)
      .flat()
      .filter((m) => m.positions && m.indices && m.sampleId !== undefined);
    const materialOf = (m: FRAGS.MeshData) => samples.get(m.sampleId!)?.material ?? -1;
    const buckets = new Map<number, Bucket>();
    for (const mesh of meshes) {
      const id = materialOf(mesh);
      const b = buckets.get(id) ?? { vertexCount: 0, indexCount: 0, vertexAt: 0, indexAt: 0 };
      b.vertexCount += mesh.positions!.length / 3;
      b.indexCount += mesh.indices!.length;
      buckets.set(id, b as Bucket);
    }
    for (const b of buckets.values()) {
      b.positions = new Float32Array(b.vertexCount * 3);
      b.indices = new Uint32Array(b.indexCount);
    }
    const v = new THREE.Vector3();
    for (const mesh of meshes) {
      const b = buckets.get(materialOf(mesh))!;
      const base = b.vertexAt;
      const p = mesh.positions!;
      const out = b.positions;
      for (let i = 0, o = base * 3; i < p.length; i += 3, o += 3) {
        v.set(p[i]!, p[i + 1]!, p[i + 2]!).applyMatrix4(mesh.transform);
        out[o] = v.x;
        out[o + 1] = v.y;
        out[o + 2] = v.z;
      }
      b.vertexAt += p.length / 3;
      for (const index of mesh.indices!) b.indices[b.indexAt++] = base + index;
    }

    const doc = new Document().setLogger(new Logger(Logger.Verbosity.WARN));
    const buffer = doc.createBuffer();
    const scene = doc.createScene('model');
    let triangles = 0;
    for (const [materialId, bucket] of buckets) {
      if (bucket.indexCount === 0) continue;
      const rgba = materials.get(materialId) ?? { r: 200, g: 200, b: 200, a: 255 };
      const material = doc
        .createMaterial(`m${materialId}`)
        .setBaseColorFactor([srgbToLinear(rgba.r), srgbToLinear(rgba.g), srgbToLinear(rgba.b), rgba.a / 255])
        .setMetallicFactor(0)
        .setRoughnessFactor(1)
        .setDoubleSided(true)
        .setAlphaMode(rgba.a < 255 ? 'BLEND' : 'OPAQUE');
      const position = doc.createAccessor().setType('VEC3').setArray(bucket.positions).setBuffer(buffer);
      const index = doc.createAccessor().setType('SCALAR').setArray(bucket.indices).setBuffer(buffer);
      const primitive = doc
        .createPrimitive()
        .setAttribute('POSITION', position)
        .setIndices(index)
        .setMaterial(material);
      scene.addChild(doc.createNode(`m${materialId}`).setMesh(doc.createMesh().addPrimitive(primitive)));
      triangles += bucket.indices.length / 3;
    }
    if (triangles === 0) throw new Error('model has no geometry');

    await Promise.all([MeshoptEncoder.ready, MeshoptSimplifier.ready]);
    // Welding drops the per-face vertex copies (no normals are kept): ~4× fewer vertices. The
    // simplifier then removes what does not show at the opening view's scale: no target count
    // (ratio 0), only the error bound, so a large model is reduced as much as a small one looks.
    await doc.transform(
      weld(),
      simplify({
        simplifier: MeshoptSimplifier,
        ratio: 0,
        error: 0.001,
      }),
      meshopt({ encoder: MeshoptEncoder, level: 'medium' }),
    );
    const written = doc
      .getRoot()
      .listMeshes()
      .flatMap((m) => m.listPrimitives())
      .reduce((n, p) => n + (p.getIndices()?.getCount() ?? 0) / 3, 0);
    const io = new NodeIO()
      .registerExtensions([EXTMeshoptCompression, KHRMeshQuantization])
      .registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
    return {
      glb: await io.writeBinary(doc),
      triangles: written,
      materials: scene.listChildren().length,
      elements: items.length,
      categories: model.getCategories().length,
    };
  } finally {
    model.dispose();
  }
}
