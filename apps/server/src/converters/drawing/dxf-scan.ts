/**
 * Pure helpers for 2D drawings (issue 13 "2D drawings"; 001 §9 dwg, dxf): recognise what kind of
 * file the first bytes are, and count what an ASCII DXF holds by reading its group-code pairs
 * directly, independently of the DXF library the converter uses (so tests and the converter can
 * cross-check each other).
 */

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
  const counts: DxfCounts = { modelEntities: 0, paperEntities: 0, layers: 0, types: {}, offLayers: [] };
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
    else if (layer && code === '2' && layer.name === null) layer.name = value;
    else if (layer && code === '62' && Number(value) < 0 && layer.name !== null)
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
  if (!bytes.some((b) => b >= 0x80)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
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
