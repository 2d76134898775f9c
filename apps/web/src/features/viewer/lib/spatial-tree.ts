/**
 * Element tree of the viewer (spec 001 §2 preview overlay: "the spatial element tree"). Pure.
 *
 * Fragments: `FragmentsModel.getSpatialStructure()` gives a `SpatialTreeItem` whose nodes are either
 * items (`localId` set) or category groups (`localId` null, `category` e.g. "IFCWALLSTANDARDCASE").
 * `buildSpatialTree` turns it into display nodes: spatial levels (project → site → building →
 * storey) appear as their items, other categories as a group "墙 (12)" holding the elements.
 * GLB: `buildObjectTree` lists the scene's nodes by name.
 *
 * Keys: `f:<localId>` for items, `g:<uuid>` for GLB nodes (the viewer engine's element keys),
 * `c:<parent>/<category>` for category groups.
 */
import type { SpatialTreeItem } from '@thatopen/fragments';

/** One node of the viewer's tree. */
export interface ViewerTreeNode {
  key: string;
  /** Name of the element (or a category label when it has none). */
  title: string;
  /** Category label shown beside the name, if any. */
  category?: string;
  /** Number of elements of a category group. */
  count?: number;
  children?: ViewerTreeNode[];
}

/** Name and category of one item (from `getItemsData(ids, { attributes: ['Name'] })`). */
export interface ItemLabel {
  name?: string | null;
  category?: string | null;
}

/** IFC classes of the spatial structure; their groups are flattened into the tree. */
const SPATIAL = new Set([
  'IFCPROJECT',
  'IFCSITE',
  'IFCBUILDING',
  'IFCBUILDINGSTOREY',
  'IFCFACILITY',
  'IFCFACILITYPART',
  'IFCBRIDGE',
  'IFCROAD',
  'IFCRAILWAY',
  'IFCMARINEFACILITY',
]);

/** Every item localId of a spatial structure, depth first. */
export function collectLocalIds(root: SpatialTreeItem): number[] {
  const ids: number[] = [];
  const walk = (node: SpatialTreeItem) => {
    if (node.localId !== null) ids.push(node.localId);
    for (const child of node.children ?? []) walk(child);
  };
  walk(root);
  return ids;
}

/** Display tree of a fragments spatial structure. */
export function buildSpatialTree(
  root: SpatialTreeItem,
  labels: ReadonlyMap<number, ItemLabel>,
  categoryLabel: (category: string) => string,
): ViewerTreeNode[] {
  const build = (node: SpatialTreeItem, parentKey: string): ViewerTreeNode[] => {
    if (node.localId !== null) {
      const key = `f:${node.localId}`;
      const label = labels.get(node.localId);
      const category = label?.category ?? node.category ?? null;
      const catText = category ? categoryLabel(category) : undefined;
      const children = (node.children ?? []).flatMap((c) => build(c, key));
      return [
        {
          key,
          title: label?.name?.trim() || catText || `#${node.localId}`,
          ...(catText ? { category: catText } : {}),
          ...(children.length ? { children } : {}),
        },
      ];
    }
    const children = (node.children ?? []).flatMap((c) => build(c, parentKey));
    if (!node.category || SPATIAL.has(node.category.toUpperCase()) || children.length === 0) return children;
    const catText = categoryLabel(node.category);
    return [
      {
        key: `c:${parentKey}/${node.category}`,
        title: catText,
        category: catText,
        count: children.length,
        children,
      },
    ];
  };
  return build(root, 'root');
}

/** The part of a three.js Object3D the GLB tree needs. */
export interface ObjectLike {
  uuid: string;
  name: string;
  type: string;
  children: readonly ObjectLike[];
}

/** Display tree of a GLB scene: its nodes by name; an unnamed root is skipped. */
export function buildObjectTree(root: ObjectLike, typeLabel: (type: string) => string): ViewerTreeNode[] {
  const build = (o: ObjectLike): ViewerTreeNode => {
    const children = o.children.map(build);
    const type = typeLabel(o.type);
    return {
      key: `g:${o.uuid}`,
      title: o.name.trim() || type,
      category: type,
      ...(children.length ? { children } : {}),
    };
  };
  return root.name.trim() ? [build(root)] : root.children.map(build);
}

/** Keys from the top of the tree down to `key` (inclusive), or [] when absent. */
export function pathTo(nodes: readonly ViewerTreeNode[], key: string): string[] {
  for (const node of nodes) {
    if (node.key === key) return [key];
    const sub = node.children ? pathTo(node.children, key) : [];
    if (sub.length) return [node.key, ...sub];
  }
  return [];
}

/** Keys of the first `depth` levels (the tree's initial expansion). */
export function topKeys(nodes: readonly ViewerTreeNode[], depth: number): string[] {
  if (depth <= 0) return [];
  return nodes.flatMap((n) => (n.children ? [n.key, ...topKeys(n.children, depth - 1)] : []));
}

/** localIds of the node `key` and of everything under it (what selecting a storey highlights). */
export function itemIdsUnder(nodes: readonly ViewerTreeNode[], key: string): number[] {
  const find = (list: readonly ViewerTreeNode[]): ViewerTreeNode | undefined => {
    for (const n of list) {
      if (n.key === key) return n;
      const sub = n.children && find(n.children);
      if (sub) return sub;
    }
    return undefined;
  };
  const ids: number[] = [];
  const walk = (n: ViewerTreeNode) => {
    if (n.key.startsWith('f:')) ids.push(Number(n.key.slice(2)));
    n.children?.forEach(walk);
  };
  const node = find(nodes);
  if (node) walk(node);
  return ids;
}
