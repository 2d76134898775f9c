/**
 * Reads what the tree and the properties panel show from a loaded model (spec 001 §2 preview
 * overlay). Fragments: `getSpatialStructure()` + one `getItemsData(ids, { attributes: ['Name'] })`
 * for the labels; an element's attributes with its `IsDefinedBy` / `ContainedInStructure` one level
 * deep, then its sets with `HasProperties` / `Quantities` (a full relation walk is cyclic: sets point
 * back to every element they define). GLB: counts and userData of a three.js node.
 * Errors: rejections of the fragments worker propagate to the caller.
 */
import type { FragmentsModel, ItemData } from '@thatopen/fragments';
import * as THREE from 'three';
import { buildSpatialTree, collectLocalIds, type ItemLabel, type ViewerTreeNode } from './spatial-tree.ts';
import {
  definingIds,
  elementAttributes,
  propertyGroups,
  type GlbNodeInfo,
  type PropertyGroup,
  type PropertyRow,
} from './properties.ts';

const NO_RELATIONS = { attributes: false, relations: false };
const ONE_LEVEL = { attributes: true, relations: false };

/** The tree of a fragments model with item names and categories. */
export async function loadFragmentsTree(
  model: FragmentsModel,
  categoryLabel: (category: string) => string,
): Promise<ViewerTreeNode[]> {
  const root = await model.getSpatialStructure();
  const ids = collectLocalIds(root);
  const data = ids.length
    ? await model.getItemsData(ids, {
        attributesDefault: false,
        attributes: ['Name'],
        relationsDefault: NO_RELATIONS,
      })
    : [];
  const labels = new Map<number, ItemLabel>();
  data.forEach((item, i) => {
    const id = ids[i];
    if (id === undefined) return;
    labels.set(id, { name: attr(item, 'Name'), category: attr(item, '_category') });
  });
  return buildSpatialTree(root, labels, categoryLabel);
}

function attr(item: ItemData, name: string): string | null {
  const field = item[name];
  if (!field || Array.isArray(field)) return null;
  return field.value === null || field.value === undefined ? null : String(field.value);
}

/** Attributes and property / quantity sets of one element. */
export async function loadFragmentsProperties(
  model: FragmentsModel,
  localId: number,
): Promise<{ attributes: PropertyRow[]; groups: PropertyGroup[] }> {
  const [item] = await model.getItemsData([localId], {
    attributesDefault: true,
    relations: { IsDefinedBy: ONE_LEVEL, ContainedInStructure: ONE_LEVEL },
    relationsDefault: NO_RELATIONS,
  });
  if (!item) return { attributes: [], groups: [] };
  const setIds = definingIds(item);
  const sets = setIds.length
    ? await model.getItemsData(setIds, {
        attributesDefault: true,
        relations: {
          HasProperties: ONE_LEVEL,
          Quantities: ONE_LEVEL,
          HasPropertySets: { attributes: true, relations: true },
        },
        relationsDefault: NO_RELATIONS,
      })
    : [];
  return { attributes: elementAttributes(item), groups: propertyGroups(sets) };
}

/** Facts of one GLB node: name, type, vertex / triangle counts of its meshes, materials, userData. */
export function glbNodeInfo(node: THREE.Object3D): GlbNodeInfo {
  let vertices = 0;
  let triangles = 0;
  const materials = new Set<string>();
  node.traverse((o) => {
    if (!(o instanceof THREE.Mesh)) return;
    const geometry = o.geometry as THREE.BufferGeometry;
    const count = geometry.getAttribute('position')?.count ?? 0;
    vertices += count;
    triangles += Math.floor((geometry.index?.count ?? count) / 3);
    for (const m of Array.isArray(o.material) ? o.material : [o.material])
      materials.add((m as THREE.Material).name || (m as THREE.Material).type);
  });
  return {
    name: node.name,
    type: node.type,
    vertices,
    triangles,
    materials: [...materials],
    userData: { ...node.userData },
  };
}
