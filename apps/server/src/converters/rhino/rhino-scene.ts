/**
 * A Rhino document read by rhino3dm → a converter Scene (scene-glb.ts), for the 3DM converter (issue
 * 13 "3DM (Rhino)"; spec 001 §4). What becomes a node:
 * - meshes, extrusions (their render mesh), Breps (the render meshes of their faces) and SubDs (their
 *   subdivided control net) of model space, each named by its object name, else by its type
 *   (`Brep 3`); curves, points, annotations and lights are counted as skipped;
 * - instance references (blocks) as a node named after the block definition, with the reference's
 *   transform, holding the definition's objects (nested blocks to a depth of 16; a mesh is written
 *   once however often it is placed);
 * - layers as nodes named after each layer (nested layers nested), the root named after the file,
 *   rotated Z-up → Y-up and scaled from the model's unit to metres.
 * Colours: the object's render material (from the object or from its layer), else its display colour
 * (object or layer colour) unless that is black (Rhino's default), else light grey. Hidden objects and
 * objects on hidden layers are left out.
 */
import type { RhinoModule } from 'rhino3dm';
import type { Scene, SceneMaterial, SceneMesh, SceneNode } from './scene-glb.ts';

/** Figures of a read 3DM (stored in the file's stats). */
export interface RhinoFigures {
  [key: string]: unknown;
  /** Object nodes written (instances of block members included). */
  elements: number;
  /** Layers holding at least one written object. */
  layers: number;
  /** Instance references (block insertions) written. */
  blocks: number;
  /** Objects without a surface to show (curves, points, annotations, lights…). */
  skipped: number;
  /** Breps, extrusions and SubDs that had no render mesh. */
  withoutRenderMesh: number;
  /** Hidden objects or objects on hidden layers. */
  hidden: number;
  /** The model's unit (`Millimeters`, …) and its size in metres. */
  unit: string;
  metresPerUnit: number;
}

/** The reason when a 3DM has surfaces but none has a render mesh. */
export const NO_RENDER_MESH_REASON = '3DM 文件不含渲染网格，请在 Rhino 中保存时包含渲染网格';
/** The reason when a 3DM has nothing to show at all. */
export const NOTHING_TO_SHOW_REASON = '3DM 文件中没有可显示的网格或曲面';

/** Metres per model unit by openNURBS LengthUnitSystem value (unknown and custom: 1). */
const METRES: Record<number, number> = {
  1: 1e-6,
  2: 1e-3,
  3: 1e-2,
  4: 1,
  5: 1e3,
  6: 2.54e-8,
  7: 2.54e-5,
  8: 0.0254,
  9: 0.3048,
  10: 1609.344,
  12: 1e-10,
  13: 1e-9,
  14: 0.1,
  15: 10,
  16: 100,
  19: 0.9144,
};

type Rgba = { r: number; g: number; b: number; a?: number };
/** An enum member of rhino3dm (`ObjectType.Brep`, `UnitSystem.Meters`, …). */
type RhinoEnum = { value: number; constructor: { name: string } };
interface Deletable {
  delete(): void;
}
interface RhinoMesh extends Deletable {
  faces(): { count: number } & Deletable;
  vertexColors(): { count: number };
  append(other: RhinoMesh): void;
  compact(): boolean;
  toThreejsBuffers(rotateToYUp: boolean): {
    position: Float32Array;
    normal?: Float32Array;
    color?: Float32Array;
    index: Uint32Array;
  };
}
interface RhinoGeometry {
  objectType: RhinoEnum;
  getMesh?(type: RhinoEnum): RhinoMesh | null;
  faces?(): {
    count: number;
    get(i: number): { getMesh(type: RhinoEnum): RhinoMesh | null } & Deletable;
  } & Deletable;
  subdivide?(level: number): boolean;
  parentIdefId?: string;
  xform?: { toFloatArray(rowDominant: boolean): ArrayLike<number> };
}
interface RhinoAttributes {
  id: string;
  name: string;
  visible: boolean;
  isInstanceDefinitionObject: boolean;
  layerIndex: number;
  materialIndex: number;
  materialSource: RhinoEnum;
  drawColor(doc: RhinoDoc): Rgba;
}
interface Table<T> {
  count: number;
  get(i: number): T;
}
/** The parts of a rhino3dm File3dm this module reads. */
export interface RhinoDoc {
  layers(): Table<{
    name: string;
    fullPath: string;
    visible: boolean;
    color: Rgba;
    renderMaterialIndex: number;
  }>;
  materials(): Table<{ name: string; diffuseColor: Rgba | number[]; transparency: number }>;
  objects(): Table<{ geometry(): RhinoGeometry; attributes(): RhinoAttributes }>;
  instanceDefinitions(): Table<{ id: string; name: string; getObjectIds(): ArrayLike<string> }>;
  settings(): { modelUnitSystem: RhinoEnum };
}
/** The parts of the rhino3dm module this module uses. */
interface RhinoApi {
  ObjectType: Record<'Mesh' | 'Brep' | 'Extrusion' | 'SubD' | 'InstanceReference', RhinoEnum>;
  MeshType: { Any: RhinoEnum };
  Mesh: {
    new (): RhinoMesh;
    createFromSubDControlNet(subd: RhinoGeometry, limit: boolean): RhinoMesh | null;
  };
}
type Entry = { geometry: RhinoGeometry; attrs: RhinoAttributes };
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const DEFAULT_GREY: [number, number, number, number] = [0.8, 0.8, 0.8, 1];
const MAX_BLOCK_DEPTH = 16;

/**
 * Build the scene of a rhino3dm document.
 * @param rhino the initialised rhino3dm module; @param doc a File3dm read from bytes.
 * @param rootName the root node's name (the user's file name).
 * @returns the scene and its figures; the caller checks `triangles` (0 means nothing to show).
 */
export function rhinoScene(
  rhino: RhinoModule,
  doc: RhinoDoc,
  rootName: string,
): { scene: Scene; figures: RhinoFigures; triangles: number } {
  const r = rhino as unknown as RhinoApi;
  const meshes: SceneMesh[] = [];
  const materials: SceneMaterial[] = [];
  const materialIndex = new Map<string, number>();
  const meshOfObject = new Map<string, number | null>();
  let triangles = 0;
  const figures: RhinoFigures = {
    elements: 0,
    layers: 0,
    blocks: 0,
    skipped: 0,
    withoutRenderMesh: 0,
    hidden: 0,
    unit: '',
    metresPerUnit: 1,
  };

  const layerTable = doc.layers();
  const layers: Array<{ name: string; fullPath: string; visible: boolean; color: Rgba; material: number }> =
    [];
  for (let i = 0; i < layerTable.count; i++) {
    const l = layerTable.get(i);
    layers.push({
      name: String(l.name ?? ''),
      fullPath: String(l.fullPath ?? l.name ?? ''),
      visible: l.visible !== false,
      color: l.color as Rgba,
      material: Number(l.renderMaterialIndex ?? -1),
    });
  }
  const materialTable = doc.materials();

  /** The index of a flat material with this name and colour (shared between objects). */
  const flat = (name: string, rgba: [number, number, number, number]): number => {
    const key = `${name}|${rgba.map((v) => v.toFixed(4)).join(',')}`;
    let i = materialIndex.get(key);
    if (i === undefined) {
      i = materials.length;
      materials.push({ name, rgba });
      materialIndex.set(key, i);
    }
    return i;
  };
  const fromRenderMaterial = (index: number): number | null => {
    if (index < 0 || index >= materialTable.count) return null;
    const m = materialTable.get(index);
    const c = m.diffuseColor as Rgba | number[];
    const [cr, cg, cb] = Array.isArray(c) ? c : [c.r, c.g, c.b];
    const alpha = 1 - Math.min(1, Math.max(0, Number(m.transparency ?? 0)));
    return flat(String(m.name || '材质'), [cr! / 255, cg! / 255, cb! / 255, alpha]);
  };
  /** The material of an object by its attributes (see the module doc). */
  const materialOf = (attrs: RhinoAttributes): number => {
    const source = Number(attrs.materialSource?.value ?? 0);
    const layer = layers[Number(attrs.layerIndex)];
    if (source === 1) {
      const m = fromRenderMaterial(Number(attrs.materialIndex));
      if (m !== null) return m;
    } else if (source === 0 && layer) {
      const m = fromRenderMaterial(layer.material);
      if (m !== null) return m;
    }
    const c = attrs.drawColor(doc);
    if (c && (c.r || c.g || c.b))
      return flat(`#${hex(c.r)}${hex(c.g)}${hex(c.b)}`, [c.r / 255, c.g / 255, c.b / 255, 1]);
    return flat('默认', DEFAULT_GREY);
  };

  /** Render mesh of a geometry as SceneMesh index, null when it has none; cached by object id. */
  const meshOf = (id: string, geometry: RhinoGeometry): number | null => {
    if (meshOfObject.has(id)) return meshOfObject.get(id)!;
    let mesh: RhinoMesh | null = null;
    let owned = false;
    const type = geometry.objectType;
    try {
      if (type === r.ObjectType.Mesh) mesh = geometry as unknown as RhinoMesh;
      else if (type === r.ObjectType.Extrusion) {
        mesh = geometry.getMesh?.(r.MeshType.Any) ?? null;
        owned = true;
      } else if (type === r.ObjectType.Brep && geometry.faces) {
        const faces = geometry.faces();
        const joined = new r.Mesh();
        for (let k = 0; k < faces.count; k++) {
          const face = faces.get(k);
          const part = face.getMesh(r.MeshType.Any);
          if (part) {
            joined.append(part);
            part.delete();
          }
          face.delete();
        }
        faces.delete();
        owned = true;
        if (joined.faces().count > 0) {
          joined.compact();
          mesh = joined;
        } else joined.delete();
      } else if (type === r.ObjectType.SubD) {
        geometry.subdivide?.(3);
        mesh = r.Mesh.createFromSubDControlNet(geometry, false);
        owned = true;
      }
    } catch {
      mesh = null;
    }
    let index: number | null = null;
    if (mesh) {
      const b = mesh.toThreejsBuffers(false);
      if (b.index.length >= 3) {
        const hasColours = mesh.vertexColors().count === b.position.length / 3;
        index = meshes.length;
        meshes.push({
          position: Float32Array.from(b.position),
          normal: b.normal?.length ? Float32Array.from(b.normal) : undefined,
          color: hasColours && b.color?.length ? Float32Array.from(b.color) : undefined,
          index: Uint32Array.from(b.index),
        });
      }
      if (owned) mesh.delete();
    }
    meshOfObject.set(id, index);
    return index;
  };

  const surfaceTypes = new Set([r.ObjectType.Brep, r.ObjectType.Extrusion, r.ObjectType.SubD]);
  const objectTable = doc.objects();
  const byId = new Map<string, Entry>();
  const topLevel: Entry[] = [];
  for (let i = 0; i < objectTable.count; i++) {
    const o = objectTable.get(i);
    const entry = { geometry: o.geometry(), attrs: o.attributes() };
    byId.set(String(entry.attrs.id), entry);
    if (!entry.attrs.isInstanceDefinitionObject) topLevel.push(entry);
  }
  const idefs = new Map<string, { name: string; ids: string[] }>();
  const idefTable = doc.instanceDefinitions();
  for (let i = 0; i < idefTable.count; i++) {
    const d = idefTable.get(i);
    idefs.set(String(d.id), { name: String(d.name || `块 ${i + 1}`), ids: Array.from(d.getObjectIds()) });
  }

  const typeCount = new Map<string, number>();
  const labelOf = (geometry: RhinoGeometry, attrs: RhinoAttributes): string => {
    if (attrs.name) return String(attrs.name);
    const type = String(geometry.objectType?.constructor?.name ?? 'Object').replace(/^ObjectType_/, '');
    const n = (typeCount.get(type) ?? 0) + 1;
    typeCount.set(type, n);
    return `${type} ${n}`;
  };

  /** The node of one object, or null when it shows nothing. */
  const nodeOf = (entry: Entry, depth: number): SceneNode | null => {
    const { geometry, attrs } = entry;
    const type = geometry.objectType;
    const id = String(attrs.id);
    const layerName = layers[Number(attrs.layerIndex)]?.fullPath ?? '';
    if (type === r.ObjectType.InstanceReference) {
      const def = idefs.get(String(geometry.parentIdefId));
      if (!def || depth >= MAX_BLOCK_DEPTH) return null;
      const children = def.ids
        .map((cid) => byId.get(cid))
        .filter((c): c is Entry => c !== undefined && c.attrs.visible !== false)
        .map((c) => nodeOf(c, depth + 1))
        .filter((c): c is SceneNode => c !== null);
      if (!children.length) return null;
      figures.blocks++;
      return {
        name: attrs.name ? String(attrs.name) : def.name,
        matrix: Array.from(geometry.xform?.toFloatArray(false) ?? IDENTITY),
        extras: { rhinoType: 'InstanceReference', block: def.name, layer: layerName, rhinoId: id },
        children,
      };
    }
    if (type !== r.ObjectType.Mesh && !surfaceTypes.has(type)) {
      figures.skipped++;
      return null;
    }
    const mesh = meshOf(id, geometry);
    if (mesh === null) {
      if (surfaceTypes.has(type)) figures.withoutRenderMesh++;
      return null;
    }
    figures.elements++;
    triangles += meshes[mesh]!.index.length / 3;
    const typeName = String(type?.constructor?.name ?? '').replace(/^ObjectType_/, '');
    return {
      name: labelOf(geometry, attrs),
      mesh,
      material: materialOf(attrs),
      extras: { rhinoType: typeName, layer: layerName, rhinoId: id },
      children: [],
    };
  };

  // Layer nodes, nested like the layer tree (full paths joined with ::).
  const root: SceneNode = { name: rootName, children: [] };
  const layerNodes = new Map<string, SceneNode>();
  const layerNode = (fullPath: string): SceneNode => {
    const known = layerNodes.get(fullPath);
    if (known) return known;
    const parts = fullPath.split('::');
    const parent = parts.length > 1 ? layerNode(parts.slice(0, -1).join('::')) : root;
    const node: SceneNode = { name: parts.at(-1) || '图层', extras: { layer: fullPath }, children: [] };
    parent.children.push(node);
    layerNodes.set(fullPath, node);
    figures.layers++;
    return node;
  };
  for (const entry of topLevel) {
    const layer = layers[Number(entry.attrs.layerIndex)];
    if (entry.attrs.visible === false || layer?.visible === false) {
      figures.hidden++;
      continue;
    }
    const path = layer?.fullPath || '默认';
    const node = nodeOf(entry, 0);
    if (node) layerNode(path).children.push(node);
  }

  const unit = doc.settings().modelUnitSystem;
  const metres = METRES[Number(unit?.value)] ?? 1;
  figures.unit = String(unit?.constructor?.name ?? '').replace(/^UnitSystem_/, '') || 'None';
  figures.metresPerUnit = metres;
  // Rhino is Z-up, glTF Y-up: a -90° turn about X, and the model's unit scaled to metres.
  root.trs = { r: [-Math.SQRT1_2, 0, 0, Math.SQRT1_2], s: [metres, metres, metres] };
  return { scene: { root, meshes, materials }, figures, triangles };
}

const hex = (v: number) => Math.round(v).toString(16).padStart(2, '0');
