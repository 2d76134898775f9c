/**
 * Which other files a model names (issue 13 "multi-file models"; spec 001 §4 conversion, §9 suffixes):
 * a glTF's `buffers[].uri` and `images[].uri`, an OBJ's `mtllib` lines, an MTL's texture maps
 * (`map_Kd`, `bump`, …). Pure text parsing, no file access: the caller looks the names up among the
 * model's siblings (same space, same folder) and never follows a path written in the file.
 */

/** One file a glTF names: the `uri` as written, its file name, and whether it is a buffer or an image. */
export interface GltfReference {
  uri: string;
  name: string;
  kind: 'buffer' | 'image';
}

/** One texture line of an MTL: the keyword, its options as written (may be ''), and the file name. */
export interface MtlTexture {
  keyword: string;
  options: string;
  name: string;
}

/**
 * The file name a reference points at: URI-decoded, the last segment of a `/` or `\` path (so
 * `.\tex.jpg`, `textures/a.png` and `C:\models\a.png` all name `a.png`). Data URIs and empty,
 * `.`/`..` names answer null.
 * @param uri as written in the model (glTF uri, mtllib or map_* value).
 */
export function referenceName(uri: string): string | null {
  const raw = uri.trim();
  if (!raw || /^data:/i.test(raw)) return null;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded text: keep it as written.
  }
  const name = decoded.split(/[\\/]/).filter(Boolean).at(-1)?.trim() ?? '';
  if (!name || name === '.' || name === '..' || name.includes('\0')) return null;
  return name;
}

/**
 * Files a glTF JSON names in `buffers[].uri` and `images[].uri` (data URIs and buffer views skipped).
 * @param json the parsed glTF JSON (any shape: missing or odd members are ignored).
 * @returns references in document order, buffers first.
 */
export function gltfReferences(json: unknown): GltfReference[] {
  const doc = (json ?? {}) as { buffers?: unknown; images?: unknown };
  const out: GltfReference[] = [];
  const scan = (list: unknown, kind: GltfReference['kind']) => {
    if (!Array.isArray(list)) return;
    for (const item of list as Array<{ uri?: unknown } | null>) {
      const uri = item?.uri;
      if (typeof uri !== 'string') continue;
      const name = referenceName(uri);
      if (name) out.push({ uri, name, kind });
    }
  };
  scan(doc.buffers, 'buffer');
  scan(doc.images, 'image');
  return out;
}

/**
 * The material libraries of one OBJ `mtllib` line's value. Several names are split on whitespace
 * only when every word ends in `.mtl`; otherwise the whole value is one name (`my model.mtl`).
 * @param value the text after `mtllib`.
 * @returns file names (see referenceName), possibly empty.
 */
export function mtllibNames(value: string): string[] {
  const words = value.trim().split(/\s+/).filter(Boolean);
  const several = words.length > 1 && words.every((w) => /\.mtl$/i.test(w));
  const raw = several ? words : [value.trim()];
  return raw.map(referenceName).filter((n): n is string => n !== null);
}

/** Matches an OBJ `mtllib` line; group 1 is the value. */
export const MTLLIB_LINE = /^[ \t]*mtllib[ \t]+(.+?)[ \t]*\r?$/;

/**
 * Material libraries named by an OBJ's text (all its `mtllib` lines), each name once (first spelling).
 * @param text OBJ text (or any part of it holding whole lines).
 */
export function objMaterialLibraries(text: string): string[] {
  const names = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = MTLLIB_LINE.exec(line);
    if (!m) continue;
    for (const n of mtllibNames(m[1]!)) if (!names.has(n.toLowerCase())) names.set(n.toLowerCase(), n);
  }
  return [...names.values()];
}

/** Number of values each MTL texture option takes (`-o`, `-s`, `-t` take 1 to 3 numbers). */
const OPTION_ARGS: Record<string, number> = {
  blendu: 1,
  blendv: 1,
  bm: 1,
  boost: 1,
  cc: 1,
  clamp: 1,
  imfchan: 1,
  texres: 1,
  type: 1,
  mm: 2,
  o: 3,
  s: 3,
  t: 3,
};

const TEXTURE_LINE = /^[ \t]*(map_[A-Za-z]+|bump|disp|decal|refl|norm)[ \t]+(.+?)[ \t]*\r?$/i;

/**
 * Parse one MTL line naming a texture (`map_Kd -s 1 1 1 .\wood.jpg`), or null for any other line.
 * Options (`-bm 0.5`, `-o 0 0`, …) are kept as written; the rest of the line is the file.
 */
export function mtlTextureLine(line: string): MtlTexture | null {
  const m = TEXTURE_LINE.exec(line);
  if (!m) return null;
  const words = m[2]!.split(/[ \t]+/);
  let i = 0;
  while (i < words.length - 1 && /^-[a-z]+$/i.test(words[i]!)) {
    const max = OPTION_ARGS[words[i]!.slice(1).toLowerCase()];
    if (max === undefined) break;
    i++;
    let taken = 0;
    const numeric = max === 3;
    while (taken < max && i < words.length - 1 && (!numeric || /^-?[\d.]+(e-?\d+)?$/i.test(words[i]!))) {
      i++;
      taken++;
    }
  }
  const name = referenceName(words.slice(i).join(' '));
  if (!name) return null;
  return { keyword: m[1]!, options: words.slice(0, i).join(' '), name };
}

/** Texture files an MTL names, each once (first spelling). @param text the MTL's text. */
export function mtlTextures(text: string): string[] {
  const names = new Map<string, string>();
  for (const line of text.split('\n')) {
    const t = mtlTextureLine(line);
    if (t && !names.has(t.name.toLowerCase())) names.set(t.name.toLowerCase(), t.name);
  }
  return [...names.values()];
}

/**
 * The MTL with every texture line pointing at the bare file name (`map_Kd .\a.jpg` → `map_Kd a.jpg`),
 * so the converter only ever opens files staged beside the model.
 */
export function rewriteMtl(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const t = mtlTextureLine(line);
      if (!t) return line;
      return `${t.keyword} ${t.options ? `${t.options} ` : ''}${t.name}${line.endsWith('\r') ? '\r' : ''}`;
    })
    .join('\n');
}

/** Image suffixes copied beside a 3DS/FBX model (their texture names are inside binary chunks). */
export const TEXTURE_SUFFIXES = ['png', 'jpg', 'jpeg', 'bmp', 'tga', 'gif', 'tif', 'tiff', 'dds', 'webp'];

/** The reason for missing companion files (Simplified Chinese), naming each (at most 10, then 等 N 个). */
export function missingReason(names: string[]): string {
  const shown = names.slice(0, 10).join('、');
  return names.length > 10 ? `缺少引用文件 ${shown} 等 ${names.length} 个文件` : `缺少引用文件 ${shown}`;
}
