/**
 * Text search of the bundled PDF viewer (spec 001 §2 "PDF: a bundled PDF viewer"). A page's text is
 * the list of its text items' strings (`page.getTextContent()` → `items[].str`, the same order in
 * which pdf.js `TextLayer` creates one element per item). Matching ignores case, full-width/half-width
 * differences and all white space — so a Chinese word broken over two lines, or split into several
 * items, is still found — and answers each match as ranges of item strings, which the text layer
 * highlights. Pure, so it is unit-tested.
 */

/** Searchable form of one page: normalised characters and, for each, where it came from. */
export interface PageText {
  /** Normalised characters, white space removed. */
  text: string;
  /** Item index of each character of `text`. */
  itemOf: number[];
  /** Offset (UTF-16 code unit) of each character of `text` in its item's string. */
  offsetOf: number[];
}

/** Part of one text item's string covered by a match: code units [start, end). */
export interface ItemRange {
  item: number;
  start: number;
  end: number;
}

/** One match: its page (1-based) and the item ranges it covers, in reading order. */
export interface PdfMatch {
  page: number;
  ranges: ItemRange[];
}

const SPACE = /\s/;

/** Normalise one UTF-16 code unit for matching; '' for white space. */
function fold(ch: string): string {
  if (SPACE.test(ch)) return '';
  const n = ch.normalize('NFKC').toLowerCase();
  // Keep a 1:1 mapping to the source characters; a character that expands stays as it is.
  return n.length === 1 ? n : ch.toLowerCase().length === 1 ? ch.toLowerCase() : ch;
}

/** Normalise a query the same way as page text (case, width, white space). */
export function normalizeQuery(query: string): string {
  let out = '';
  for (let k = 0; k < query.length; k++) out += fold(query[k]!);
  return out;
}

/** Build the searchable form of a page from its text items' strings. */
export function indexPageText(items: readonly string[]): PageText {
  let text = '';
  const itemOf: number[] = [];
  const offsetOf: number[] = [];
  items.forEach((str, item) => {
    for (let k = 0; k < str.length; k++) {
      const f = fold(str[k]!);
      if (!f) continue;
      text += f;
      itemOf.push(item);
      offsetOf.push(k);
    }
  });
  return { text, itemOf, offsetOf };
}

/**
 * Every non-overlapping occurrence of `query` (already normalised by `normalizeQuery`) in a page,
 * first to last. An empty query matches nothing.
 */
export function findInPage(pageText: PageText, query: string, page: number): PdfMatch[] {
  const out: PdfMatch[] = [];
  if (!query) return out;
  let at = pageText.text.indexOf(query);
  while (at >= 0) {
    const ranges: ItemRange[] = [];
    for (let k = at; k < at + query.length; k++) {
      const item = pageText.itemOf[k]!;
      const offset = pageText.offsetOf[k]!;
      const last = ranges[ranges.length - 1];
      if (last && last.item === item) last.end = offset + 1;
      else ranges.push({ item, start: offset, end: offset + 1 });
    }
    out.push({ page, ranges });
    at = pageText.text.indexOf(query, at + query.length);
  }
  return out;
}

/** Index of the match after (dir 1) or before (dir −1) `current`, wrapping around; −1 when none. */
export function stepMatch(current: number, total: number, dir: 1 | -1): number {
  if (total <= 0) return -1;
  if (current < 0) return dir === 1 ? 0 : total - 1;
  return (((current + dir) % total) + total) % total;
}

/** Index of the first match on page `page` or after it, else the first match; −1 when none. */
export function firstMatchFrom(matches: readonly PdfMatch[], page: number): number {
  if (matches.length === 0) return -1;
  const i = matches.findIndex((m) => m.page >= page);
  return i < 0 ? 0 : i;
}

/** A piece of one text item's string: plain, part of a match, or part of the selected match. */
export interface TextSegment {
  text: string;
  kind: 'plain' | 'match' | 'selected';
}

/**
 * Cut an item's string into plain and highlighted pieces for the text layer. `ranges` are the parts
 * of this item that matches cover (any order, not overlapping); `selected` marks the current match.
 */
export function splitForHighlight(
  str: string,
  ranges: ReadonlyArray<{ start: number; end: number; selected: boolean }>,
): TextSegment[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: TextSegment[] = [];
  let at = 0;
  for (const r of sorted) {
    const start = Math.max(at, Math.min(r.start, str.length));
    const end = Math.min(Math.max(r.end, start), str.length);
    if (start > at) out.push({ text: str.slice(at, start), kind: 'plain' });
    if (end > start) out.push({ text: str.slice(start, end), kind: r.selected ? 'selected' : 'match' });
    at = end;
  }
  if (at < str.length) out.push({ text: str.slice(at), kind: 'plain' });
  return out;
}
