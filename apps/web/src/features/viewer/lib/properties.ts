/**
 * Properties of the selected element (spec 001 §2 preview overlay: "the selected element's
 * properties"). Pure.
 *
 * Fragments item data (`FragmentsModel.getItemsData`) is `{ _category, _localId, _guid, Name:
 * {value, type}, …, IsDefinedBy: ItemData[], ContainedInStructure: ItemData[] }`. IfcRelDefinesBy-
 * Properties is flattened by the importer: `IsDefinedBy` lists the element's IFCPROPERTYSET /
 * IFCELEMENTQUANTITY (and its type object); a set's rows are `HasProperties` (NominalValue,
 * EnumerationValues, ListValues, bounds) or `Quantities` (LengthValue, AreaValue, …).
 * GLB: the node's name, type, vertex/triangle counts and its userData (glTF extras).
 */
import type { ItemData } from '@thatopen/fragments';

/** One name/value line. */
export interface PropertyRow {
  key: string;
  label: string;
  value: string;
}

/** A titled list of rows (the attributes, one property set, one quantity set). */
export interface PropertyGroup {
  key: string;
  title: string;
  rows: PropertyRow[];
}

type Field = ItemData[string];

/** The plain value of an attribute (`{ value }`), or undefined for relations / absent. */
function raw(field: Field | undefined): unknown {
  if (!field || Array.isArray(field)) return undefined;
  return field.value;
}

/** Readable text of an attribute value: numbers to 6 significant digits, lists comma-joined. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number')
    return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6)));
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (Array.isArray(value)) return value.map((v) => formatValue(isAttr(v) ? v.value : v)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function isAttr(v: unknown): v is { value: unknown } {
  return typeof v === 'object' && v !== null && 'value' in v;
}

const FIRST = [
  'Name',
  'GlobalId',
  'Category',
  'ObjectType',
  'Description',
  'LongName',
  'Tag',
  'PredefinedType',
];

/** Attributes of an element: Name, GlobalId, Category, ObjectType… then its type and storey. */
export function elementAttributes(item: ItemData): PropertyRow[] {
  const values = new Map<string, unknown>();
  values.set('GlobalId', raw(item._guid));
  values.set('Category', raw(item._category));
  for (const [name, field] of Object.entries(item)) {
    if (name.startsWith('_') || Array.isArray(field)) continue;
    values.set(name, field.value);
  }
  const type = related(item.IsDefinedBy).find((r) => /TYPE$|STYLE$/.test(String(raw(r._category) ?? '')));
  if (type) values.set('Type', raw(type.Name) ?? raw(type._category));
  const storey = related(item.ContainedInStructure)[0];
  if (storey) values.set('ContainedIn', raw(storey.Name) ?? raw(storey._category));
  const order = (k: string) => (FIRST.includes(k) ? FIRST.indexOf(k) : FIRST.length);
  return [...values.entries()]
    .filter(([, v]) => v !== null && v !== undefined)
    .sort(([a], [b]) => order(a) - order(b))
    .map(([k, v]) => ({ key: k, label: k, value: formatValue(v) }));
}

function related(field: Field | undefined): ItemData[] {
  return Array.isArray(field) ? field : [];
}

const SET_CATEGORIES = /^IFC(PROPERTYSET|ELEMENTQUANTITY)$/;

/** localIds of the property / quantity sets and the type object an element is defined by. */
export function definingIds(item: ItemData): number[] {
  return related(item.IsDefinedBy)
    .map((r) => raw(r._localId))
    .filter((id): id is number => typeof id === 'number');
}

/** Value of one IfcProperty / IfcPhysicalQuantity row. */
function rowValue(p: ItemData): unknown {
  for (const name of ['NominalValue', 'EnumerationValues', 'ListValues']) {
    const v = p[name];
    if (v === undefined) continue;
    if (Array.isArray(v)) return v.map((x) => raw(x.NominalValue) ?? raw(x.Name));
    return v.value;
  }
  const lower = raw(p.LowerBoundValue);
  const upper = raw(p.UpperBoundValue);
  if (lower !== undefined || upper !== undefined) return `${formatValue(lower)} – ${formatValue(upper)}`;
  const measure = Object.keys(p).find((k) => k.endsWith('Value') && !Array.isArray(p[k]));
  return measure ? raw(p[measure]) : undefined;
}

/**
 * Groups of the property sets / quantity sets (and a type object's own HasPropertySets), in the
 * order given; sets without rows are left out.
 */
export function propertyGroups(sets: readonly ItemData[]): PropertyGroup[] {
  const groups: PropertyGroup[] = [];
  const seen = new Set<number>();
  const add = (set: ItemData) => {
    const id = raw(set._localId);
    if (typeof id === 'number') {
      if (seen.has(id)) return;
      seen.add(id);
    }
    const category = String(raw(set._category) ?? '');
    if (!SET_CATEGORIES.test(category)) {
      related(set.HasPropertySets).forEach(add);
      return;
    }
    const rows = [...related(set.HasProperties), ...related(set.Quantities)].map((p, i) => {
      const label = formatValue(raw(p.Name));
      return { key: `${i}:${label}`, label, value: formatValue(rowValue(p)) };
    });
    if (rows.length)
      groups.push({ key: String(id ?? groups.length), title: formatValue(raw(set.Name)), rows });
  };
  sets.forEach(add);
  return groups;
}

/** What the viewer reads from a GLB node. */
export interface GlbNodeInfo {
  name: string;
  type: string;
  vertices: number;
  triangles: number;
  materials: string[];
  userData: Record<string, unknown>;
}

/** Labels of the GLB rows / groups (translated by the caller). */
export interface GlbLabels {
  mesh: string;
  userData: string;
  name: string;
  type: string;
  vertices: string;
  triangles: string;
  materials: string;
}

/** Groups of a GLB node: the mesh facts, then userData (glTF extras) when present. */
export function glbGroups(info: GlbNodeInfo, labels: GlbLabels): PropertyGroup[] {
  const mesh: PropertyRow[] = [
    { key: 'name', label: labels.name, value: formatValue(info.name) },
    { key: 'type', label: labels.type, value: info.type },
    { key: 'vertices', label: labels.vertices, value: String(info.vertices) },
    { key: 'triangles', label: labels.triangles, value: String(info.triangles) },
  ];
  if (info.materials.length)
    mesh.push({ key: 'materials', label: labels.materials, value: info.materials.join(', ') });
  const groups: PropertyGroup[] = [{ key: 'mesh', title: labels.mesh, rows: mesh }];
  const extras = Object.entries(info.userData).map(([k, v]) => ({ key: k, label: k, value: formatValue(v) }));
  if (extras.length) groups.push({ key: 'userData', title: labels.userData, rows: extras });
  return groups;
}
