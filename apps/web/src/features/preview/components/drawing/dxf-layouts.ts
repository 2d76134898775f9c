/**
 * Paper-space layouts of an ASCII DXF (issue 13 "model space and each layout (paper space)"), read
 * from the derived DXF's text so the drawing viewer can show a layout as CAD programs print it: the
 * sheet (the layout's limits), the layout's own entities (title block, notes…) and, through each
 * viewport, model space scaled and clipped to the viewport's rectangle.
 *
 * Where things are in a DXF (R2000 and later): a LAYOUT object (OBJECTS section) names the layout,
 * its tab order, its limits (10/20 – 11/21 in paper units) and its block record (last 330). The
 * active layout's entities sit in the ENTITIES section (67 = 1, owner 330 = that block record); every
 * other layout's entities sit in its `*Paper_SpaceN` block in the BLOCKS section. A layout's first
 * viewport (id 69 = 1; the first one when ids are missing, as acad-ts writes DWGs) is the sheet
 * itself and shows no model space. Twisted views (51) are drawn without the twist.
 */

/** A point in drawing units. */
export interface Point2 {
  x: number;
  y: number;
}

/** A rectangle in drawing units. */
export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** One model-space viewport of a layout: a window of the sheet showing model space at a scale. */
export interface LayoutViewport {
  /** Centre of the viewport on the sheet (paper units). */
  center: Point2;
  /** Width and height of the viewport on the sheet (paper units). */
  width: number;
  height: number;
  /** The model-space point shown at the viewport's centre (model units). */
  viewCenter: Point2;
  /** Model-space height shown by the viewport (model units); the scale is height / viewHeight. */
  viewHeight: number;
  /** Layers frozen in this viewport only (names). */
  frozenLayers: string[];
}

/** A layout ready to draw. */
export interface DrawingLayout {
  name: string;
  /** The sheet: the layout's limits (paper units). */
  limits: Rect;
  /** Viewports that show model space (switched-off ones and the sheet's own viewport left out). */
  viewports: LayoutViewport[];
  /** Entities drawn on the sheet itself (viewports not counted). */
  paperEntities: number;
  /**
   * The DXF with its ENTITIES section holding only this layout's own entities (tables and blocks
   * kept, so block references resolve): what the viewer draws on the sheet.
   */
  paperDxf: string;
}

/** One group-code record of the DXF text: its type, its groups and where it lies in the text. */
interface DxfRecord {
  type: string;
  start: number;
  end: number;
  groups: [number, string][];
}

/** Records whose groups are kept (everything else only keeps its type, owner and place). */
const KEEP_GROUPS = new Set(['LAYOUT', 'VIEWPORT', 'LAYER', 'BLOCK', 'SECTION']);
/** Records that continue the entity before them (polyline vertices, block attributes). */
const CONTINUATION = new Set(['VERTEX', 'ATTRIB', 'SEQEND']);

/** A record with its owner (330 outside 102 groups) and, in BLOCKS, the block record it belongs to. */
type Owned = DxfRecord & { owner: string | null; block: string | null };

interface Scanned {
  /** Records of a section, in file order (continuations merged into the record before them). */
  sections: Map<string, Owned[]>;
  /** Where the ENTITIES section's body starts and its ENDSEC begins (text offsets). */
  entitiesBody: { start: number; end: number } | null;
}

/** Walk the group codes of `text` once (LF or CR LF), collecting what readLayout needs. */
function scan(text: string): Scanned {
  const sections: Scanned['sections'] = new Map();
  let section: string | null = null;
  let list: Owned[] = [];
  let current: Owned | null = null;
  /** Inside a continuation record: its groups are not the entity's own. */
  let continuing = false;
  let block: string | null = null;
  let entitiesBody: Scanned['entitiesBody'] = null;
  let entitiesStart = -1;
  let inGroup102 = false;
  let pos = 0;
  const line = (): string | null => {
    if (pos >= text.length) return null;
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    const s = text.slice(pos, nl);
    pos = nl + 1;
    return s;
  };
  for (;;) {
    const at = pos;
    const codeLine = line();
    const valueLine = line();
    if (codeLine === null || valueLine === null) break;
    const code = Number(codeLine.trim());
    const value = valueLine.trim();
    if (code === 0) {
      if (current) current.end = at;
      if (value === 'SECTION' || value === 'ENDSEC' || value === 'EOF') {
        if (value === 'ENDSEC' && section === 'ENTITIES' && entitiesStart >= 0)
          entitiesBody = { start: entitiesStart, end: at };
        current =
          value === 'SECTION' ? { type: value, start: at, end: at, groups: [], owner: null, block } : null;
        if (value !== 'SECTION') section = null;
        continuing = false;
        continue;
      }
      continuing = !!current && CONTINUATION.has(value) && current.type !== 'BLOCK';
      // A continuation belongs to the record before it, which goes on to its end.
      if (continuing) continue;
      if (section === 'BLOCKS' && value === 'ENDBLK') {
        block = null;
        current = null;
        continue;
      }
      current = { type: value, start: at, end: at, groups: [], owner: null, block };
      inGroup102 = false;
      list.push(current);
      continue;
    }
    if (!current || continuing) continue;
    if (current.type === 'SECTION' && code === 2) {
      section = value;
      list = [];
      sections.set(value, list);
      if (value === 'ENTITIES') entitiesStart = pos;
      current = null;
      continue;
    }
    if (code === 102) inGroup102 = value.startsWith('{');
    else if (code === 330 && !inGroup102) current.owner = value;
    if (KEEP_GROUPS.has(current.type)) current.groups.push([code, value]);
    if (current.type === 'BLOCK' && code === 330 && !inGroup102) block = value;
  }
  if (current) current.end = pos;
  return { sections, entitiesBody };
}

const num = (groups: [number, string][], code: number, from = 0): number => {
  for (let i = from; i < groups.length; i++) if (groups[i]![0] === code) return Number(groups[i]![1]);
  return NaN;
};

/** The groups after the subclass marker `100 <name>` (all groups when there is none). */
function subclass(groups: [number, string][], name: string): [number, string][] {
  const i = groups.findIndex(([c, v]) => c === 100 && v === name);
  return i < 0 ? groups : groups.slice(i + 1);
}

/** Names of the paper-space layouts of a DXF in tab order (without Model). */
export function layoutNames(text: string): string[] {
  const objects = scan(text).sections.get('OBJECTS') ?? [];
  return objects
    .filter((r) => r.type === 'LAYOUT')
    .map((r) => {
      const g = subclass(r.groups, 'AcDbLayout');
      return { name: g.find(([c]) => c === 1)?.[1] ?? '', tab: num(g, 71) };
    })
    .filter((l) => l.name && l.name.toLowerCase() !== 'model')
    .sort((a, b) => (a.tab || 0) - (b.tab || 0))
    .map((l) => l.name);
}

/**
 * The layout `name` of the ASCII DXF `text`: its sheet, its model-space viewports and a DXF of its
 * own entities. @returns null when the DXF has no such layout (or no ENTITIES section).
 */
export function readLayout(text: string, name: string): DrawingLayout | null {
  const { sections, entitiesBody } = scan(text);
  if (!entitiesBody) return null;
  const layout = (sections.get('OBJECTS') ?? []).find(
    (r) => r.type === 'LAYOUT' && subclass(r.groups, 'AcDbLayout').find(([c]) => c === 1)?.[1] === name,
  );
  if (!layout) return null;
  const g = subclass(layout.groups, 'AcDbLayout');
  const owners = g.filter(([c]) => c === 330).map(([, v]) => v);
  const blockRecord = owners[owners.length - 1];
  if (!blockRecord) return null;
  const limits: Rect = { minX: num(g, 10), minY: num(g, 20), maxX: num(g, 11), maxY: num(g, 21) };

  const layerNames = new Map<string, string>();
  for (const r of sections.get('TABLES') ?? [])
    if (r.type === 'LAYER') {
      const handle = r.groups.find(([c]) => c === 5)?.[1];
      const layerName = r.groups.find(([c]) => c === 2)?.[1];
      if (handle && layerName) layerNames.set(handle.toUpperCase(), layerName);
    }

  const own = [
    ...(sections.get('ENTITIES') ?? []).filter((r) => r.owner === blockRecord),
    ...(sections.get('BLOCKS') ?? []).filter((r) => r.block === blockRecord && r.type !== 'BLOCK'),
  ];
  const viewportRecords = own.filter((r) => r.type === 'VIEWPORT');
  const sheetViewport =
    viewportRecords.find((r) => num(r.groups, 69) === 1) ??
    (viewportRecords.some((r) => Number.isFinite(num(r.groups, 69))) ? undefined : viewportRecords[0]);
  const viewports: LayoutViewport[] = [];
  for (const r of viewportRecords) {
    if (r === sheetViewport) continue;
    const v = r.groups;
    if (num(v, 68) === 0) continue; // switched off
    const vp: LayoutViewport = {
      center: { x: num(v, 10), y: num(v, 20) },
      width: num(v, 40),
      height: num(v, 41),
      viewCenter: { x: num(v, 12), y: num(v, 22) },
      viewHeight: num(v, 45),
      frozenLayers: v
        .filter(([c]) => c === 331)
        .map(([, h]) => layerNames.get(h.toUpperCase()))
        .filter((n): n is string => !!n),
    };
    const figures = [
      vp.center.x,
      vp.center.y,
      vp.width,
      vp.height,
      vp.viewCenter.x,
      vp.viewCenter.y,
      vp.viewHeight,
    ];
    if (figures.every(Number.isFinite) && vp.width > 0 && vp.height > 0 && vp.viewHeight > 0)
      viewports.push(vp);
  }
  const paper = own.filter((r) => r.type !== 'VIEWPORT');
  if (
    ![limits.minX, limits.minY, limits.maxX, limits.maxY].every(Number.isFinite) ||
    limits.maxX <= limits.minX
  ) {
    // No limits: the sheet is what its viewports cover.
    const boxes = viewportRecords.map((r) => {
      const [cx, cy, w, h] = [num(r.groups, 10), num(r.groups, 20), num(r.groups, 40), num(r.groups, 41)];
      return { minX: cx - w / 2, minY: cy - h / 2, maxX: cx + w / 2, maxY: cy + h / 2 };
    });
    Object.assign(limits, {
      minX: Math.min(0, ...boxes.map((b) => b.minX)),
      minY: Math.min(0, ...boxes.map((b) => b.minY)),
      maxX: Math.max(1, ...boxes.map((b) => b.maxX)),
      maxY: Math.max(1, ...boxes.map((b) => b.maxY)),
    });
  }
  const paperDxf =
    text.slice(0, entitiesBody.start) +
    paper.map((r) => text.slice(r.start, r.end)).join('') +
    text.slice(entitiesBody.end);
  return { name, limits, viewports, paperEntities: paper.length, paperDxf };
}

/**
 * Where a viewport's model space lands: the model point shown at paper point `p` (the viewport's
 * linear map, no twist).
 */
export function paperToModel(vp: LayoutViewport, p: Point2): Point2 {
  const s = vp.viewHeight / vp.height;
  return { x: (p.x - vp.center.x) * s + vp.viewCenter.x, y: (p.y - vp.center.y) * s + vp.viewCenter.y };
}
