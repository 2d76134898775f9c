/**
 * Pure helpers for 2D drawings (issue 13 "2D drawings"; 001 §9 dwg, dxf): recognise what kind of
 * file the first bytes are, and count what an ASCII DXF holds by reading its group-code pairs
 * directly, independently of the DXF library the converter uses (so tests and the converter can
 * cross-check each other).
 */
import { isAscii, isUtf8 } from 'node:buffer';

/** What the first bytes of a drawing file are. */
export type DrawingSniff =
  | { format: 'dwg'; version: string }
  | { format: 'dxf-binary' }
  | { format: 'dxf-ascii' }
  | { format: 'unknown' };

/** The sentinel that starts every binary DXF (22 bytes: text, CR LF, SUB, NUL). */
export const BINARY_DXF_SENTINEL = 'AutoCAD Binary DXF\r\n\x1a\0';

/** DWG versions the converter reads: R14 (AC1014) to 2018 (AC1032). */
export const READABLE_DWG_VERSIONS: Readonly<Record<string, string>> = {
  AC1014: 'R14',
  AC1015: '2000',
  AC1018: '2004',
  AC1021: '2007',
  AC1024: '2010',
  AC1027: '2013',
  AC1032: '2018',
};

/**
 * Recognise a drawing from its first bytes (at least 32 are enough): a DWG starts with its version
 * code `AC10xx`; a binary DXF with BINARY_DXF_SENTINEL; an ASCII DXF with a group code (optionally
 * after a UTF-8 BOM, blank lines and `999` comments) followed by a value line.
 */
export function sniffDrawing(head: Uint8Array): DrawingSniff {
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1');
  const dwg = /^AC(10\d\d)/.exec(text);
  if (dwg) return { format: 'dwg', version: `AC${dwg[1]}` };
  if (text.startsWith(BINARY_DXF_SENTINEL)) return { format: 'dxf-binary' };
  const body = text.replace(/^\xEF\xBB\xBF/, '').replace(/^[\t \r\n]+/, '');
  if (/^\d{1,4}[\t ]*\r?\n/.test(body) && /(^|\n)[\t ]*0[\t ]*\r?\n[\t ]*(SECTION|EOF)\b/.test(body))
    return { format: 'dxf-ascii' };
  // Short head: a group code then SECTION further on than the bytes given.
  if (/^(999|0)[\t ]*\r?\n/.test(body)) return { format: 'dxf-ascii' };
  return { format: 'unknown' };
}

/** What an ASCII DXF holds, counted from its text. */
export interface DxfCounts {
  /** Entities of the ENTITIES section in model space (VERTEX, SEQEND and ATTRIB belong to their owner). */
  modelEntities: number;
  /** Entities of the ENTITIES section in paper space (group 67 = 1). */
  paperEntities: number;
  /** Entries of the LAYER table (a DXF without a TABLES section has none). */
  layers: number;
  /** Names of the LAYER table's entries, in file order. */
  layerNames: string[];
  /** Model-space entity count by DXF type name (`LINE`, `TEXT`, …). */
  types: Record<string, number>;
  /** Layers switched off (a negative colour number, group 62, in their LAYER entry). */
  offLayers: string[];
}

const SUB_ENTITIES = new Set(['VERTEX', 'SEQEND', 'ATTRIB']);

/**
 * Count the entities and layers of an ASCII DXF (group code line, value line, …; CR LF or LF).
 * Does not validate the file: a truncated file gives the counts of what is there.
 */
export function countDxf(text: string): DxfCounts {
  const lines = text.split(/\r?\n/);
  const counts: DxfCounts = {
    modelEntities: 0,
    paperEntities: 0,
    layers: 0,
    layerNames: [],
    types: {},
    offLayers: [],
  };
  let layer: { name: string | null } | null = null;
  let section: string | null = null;
  let sectionPending = false;
  let table: string | null = null;
  let tablePending = false;
  let current: { type: string; paper: boolean } | null = null;
  const flush = () => {
    if (!current) return;
    if (current.paper) counts.paperEntities++;
    else {
      counts.modelEntities++;
      counts.types[current.type] = (counts.types[current.type] ?? 0) + 1;
    }
    current = null;
  };
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const code = lines[i]!.trim();
    const value = lines[i + 1]!.trim();
    if (code === '0') {
      flush();
      layer = null;
      if (value === 'SECTION') sectionPending = true;
      else if (value === 'ENDSEC') section = null;
      else if (section === 'ENTITIES' && !SUB_ENTITIES.has(value)) current = { type: value, paper: false };
      else if (section === 'TABLES' && value === 'TABLE') tablePending = true;
      else if (section === 'TABLES' && value === 'ENDTAB') table = null;
      else if (section === 'TABLES' && table === 'LAYER' && value === 'LAYER') {
        counts.layers++;
        layer = { name: null };
      }
    } else if (code === '2' && sectionPending) {
      section = value;
      sectionPending = false;
    } else if (code === '2' && tablePending) {
      table = value;
      tablePending = false;
    } else if (code === '67' && current && value === '1') current.paper = true;
    else if (layer && code === '2' && layer.name === null) {
      layer.name = value;
      counts.layerNames.push(value);
    } else if (layer && code === '62' && Number(value) < 0 && layer.name !== null)
      counts.offLayers.push(layer.name);
  }
  flush();
  return counts;
}

/**
 * Whether an ASCII DXF's text is UTF-8: every DXF from AutoCAD 2007 (AC1021) on is, whatever its
 * `$DWGCODEPAGE` says; an older or header-less file is when its bytes are valid UTF-8 with non-ASCII
 * characters in them (a GBK file almost never is). Reads at most the first 64 KiB for the version.
 */
export function isUtf8Dxf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 65_536)).toString(
    'latin1',
  );
  const version = /\$ACADVER\s*\r?\n\s*1\s*\r?\n\s*(AC\d{4})/.exec(head)?.[1];
  if (version && version >= 'AC1021') return true;
  return !isAscii(bytes) && isUtf8(bytes);
}

/**
 * The bytes of an ASCII DXF made to say `$DWGCODEPAGE` UTF-8 (the value replaced, or the variable
 * added to the HEADER section, or a HEADER section with only it put first), so that a reader which
 * decodes strings by that variable reads UTF-8 text right. Other bytes are unchanged.
 */
export function withUtf8CodePage(bytes: Uint8Array): Uint8Array {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const head = buf.subarray(0, Math.min(buf.length, 1 << 20)).toString('latin1');
  const eol = head.includes('\r\n') ? '\r\n' : '\n';
  const existing = /\$DWGCODEPAGE[\t ]*\r?\n[\t ]*3[\t ]*\r?\n([^\r\n]*)/.exec(head);
  let at: number;
  let cut = 0;
  let insert: string;
  if (existing) {
    at = existing.index + existing[0].length - existing[1]!.length;
    cut = existing[1]!.length;
    insert = 'UTF-8';
  } else {
    const header = /(^|\n)[\t ]*2[\t ]*\r?\n[\t ]*HEADER[\t ]*\r?\n/.exec(head);
    if (header) {
      at = header.index + header[0].length;
      insert = `  9${eol}$DWGCODEPAGE${eol}  3${eol}UTF-8${eol}`;
    } else {
      at = /^\xEF\xBB\xBF/.test(head) ? 3 : 0;
      insert = `  0${eol}SECTION${eol}  2${eol}HEADER${eol}  9${eol}$DWGCODEPAGE${eol}  3${eol}UTF-8${eol}  0${eol}ENDSEC${eol}`;
    }
  }
  return new Uint8Array(
    Buffer.concat([buf.subarray(0, at), Buffer.from(insert, 'latin1'), buf.subarray(at + cut)]),
  );
}

/**
 * Where the first run of group pairs `pairs` ([code, value] …, each a code line then a value line,
 * spaces and tabs around each allowed) at or after `from` starts and ends in an ASCII DXF's text.
 */
function findPairs(text: string, pairs: [string, string][], from = 0): { at: number; end: number } | null {
  const body = pairs.map(([c, v]) => `[\\t ]*${c}[\\t ]*\\r?\\n[\\t ]*${v}[\\t ]*\\r?\\n`).join('');
  const re = new RegExp(`(^|\\n)${body}`, 'g');
  re.lastIndex = Math.max(0, from - 1); // the line break before `from` starts a line there
  const m = re.exec(text);
  return m ? { at: m.index + m[1]!.length, end: m.index + m[0].length } : null;
}

/**
 * The text of an ASCII DXF with LAYER table entries added for `names` (colour 7, CONTINUOUS, as
 * layer 0 by default; subclass markers and no handle, which readers then assign), so that a viewer which lists only the table's layers (dxf-viewer) lists them
 * too: at the end of the LAYER table, in a new LAYER table at the start of the TABLES section, or in a
 * new TABLES section before the BLOCKS / ENTITIES / OBJECTS section (a DXF of entities alone).
 * Everything else is unchanged. Much cheaper than writing the whole drawing again (issue 13 benchmark).
 * @returns null when the text has none of those places (not a DXF this can mend).
 */
export function withLayers(text: string, names: readonly string[]): string | null {
  if (!names.length) return text;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = (...l: string[]) => l.join(eol) + eol;
  const entries = names
    .map(
      (n) =>
        lines('  0', 'LAYER', '100', 'AcDbSymbolTableRecord', '100', 'AcDbLayerTableRecord', '  2', n) +
        lines(' 70', '0', ' 62', '7', '  6', 'CONTINUOUS'),
    )
    .join('');
  const table =
    lines('  0', 'TABLE', '  2', 'LAYER', ' 70', String(names.length)) + entries + lines('  0', 'ENDTAB');
  const put = (at: number, what: string) => text.slice(0, at) + what + text.slice(at);
  const tables = findPairs(text, [
    ['0', 'SECTION'],
    ['2', 'TABLES'],
  ]);
  if (tables) {
    const endSec = findPairs(text, [['0', 'ENDSEC']], tables.end)?.at ?? text.length;
    const layerTable = findPairs(
      text,
      [
        ['0', 'TABLE'],
        ['2', 'LAYER'],
      ],
      tables.end,
    );
    const endTab = layerTable && findPairs(text, [['0', 'ENDTAB']], layerTable.end);
    if (endTab && endTab.at < endSec) return put(endTab.at, entries);
    return put(tables.end, table);
  }
  for (const section of ['BLOCKS', 'ENTITIES', 'OBJECTS']) {
    const start = findPairs(text, [
      ['0', 'SECTION'],
      ['2', section],
    ]);
    if (start)
      return put(start.at, lines('  0', 'SECTION', '  2', 'TABLES') + table + lines('  0', 'ENDSEC'));
  }
  return null;
}

/** The TextDecoder label for a DXF's `$DWGCODEPAGE` (CJK code pages and Windows-1252 otherwise). */
export function decoderLabelOf(codePage: string | undefined): string {
  const cp = (codePage ?? '').toUpperCase();
  if (cp === 'UTF-8' || cp === 'UTF8') return 'utf-8';
  if (cp === 'ANSI_936' || cp === 'GB2312' || cp === 'GBK') return 'gbk';
  if (cp === 'ANSI_950' || cp === 'BIG5') return 'big5';
  if (cp === 'ANSI_932') return 'shift_jis';
  if (cp === 'ANSI_949') return 'euc-kr';
  return 'windows-1252';
}
