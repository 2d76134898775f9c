/**
 * Plain-text preview helpers (spec 001 §2 "Plain text: fetched, angle brackets escaped, shown as text";
 * issue 14 text encodings and paging). The text is rendered as a React text node inside a `<pre>`, so
 * `<` and `>` reach the page escaped and never as markup; these helpers find the encoding, decode
 * pages of bytes without splitting characters, and bound the size.
 */

/** Bytes fetched per page (an HTTP Range request); further pages come with 加载更多. */
export const TEXT_PAGE_BYTES = 1024 * 1024;
/** Largest text kept on screen (bytes); past it the preview asks for the download. */
export const MAX_TEXT_BYTES = 32 * 1024 * 1024;

/** Encodings the preview recognises (WHATWG encoding labels, usable with TextDecoder). */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030' | 'big5';

/**
 * Common Chinese characters, simplified and traditional forms alike (general text and drawing/BIM
 * words). Bytes decoded with the right one of GB18030 and Big5 hit this set often; decoded with the
 * wrong one they give rare characters that seldom do.
 */
const COMMON_HAN = new Set(
  Array.from(
    '的一是不了在人有我他这這个個们們中来來上大为為和国國地到以说說时時要就出会會可也你对對生能而子' +
      '那得于於着著下自之年过過发發后後作里裡用道行所然家种種事成方多经經么麼去法学學如都同现現当當' +
      '没沒动動面起看定天分还還进進好小部其些主样樣理心她本前开開但因只从從想实實日者意无無力它与與' +
      '长長把机機十民第公此已工使情明性知全三又关關点點正业業外将將两兩高间間由问問很最重并並物手应應' +
      '向头頭文体體政美相见見被利什二等产產或新己制身果加西月话話合回特代内內信表化老给給世位次度门門' +
      '任常先海通教原东東声聲提立及比员員解水名真论論处處走义義各入几幾口认認条條平系气氣题題活更别別' +
      '打女变變四总總何电電数數安少报報才结結反受目太量再感建务務做接必场場件计計管期市直资資命山金指' +
      '许許统統区區保至队隊形社便空决決治展马馬科司五基书書非则則白界达達光放强強即难難思完设設式色路' +
      '记記南品住类類求据據程北边邊张張该該交规規万萬取格望术術领領共确確传傳今切院让讓识識带帶导導运運' +
      '步改收根造言联聯持组組每车車亲親极極服快办辦议議往元证證近转轉令准布始存未远遠叫单單具字流备備' +
      '连連调調深算质質团團集百需价價城石级級整府离離况況请請技际際约約示复復线線图圖纸紙筑築构構模型' +
      '层層墙牆梁柱板窗楼樓施测測项項目录錄说明版本页頁说编編号號单位尺寸',
  ),
);

/** Byte-order mark at the start, if any. */
function bomOf(b: Uint8Array): TextEncodingName | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  return null;
}

/** Whether bytes are UTF-8; a sequence cut at the end counts as valid when `final` is false. */
function isUtf8(b: Uint8Array, final: boolean): boolean {
  let end = b.length;
  if (!final) {
    // Drop an incomplete sequence at the very end (at most 3 bytes) before the check.
    let i = end - 1;
    while (i >= 0 && i >= end - 3 && ((b[i] ?? 0) & 0xc0) === 0x80) i -= 1;
    if (i >= 0 && (b[i] ?? 0) >= 0xc0) {
      const need = (b[i] ?? 0) >= 0xf0 ? 4 : (b[i] ?? 0) >= 0xe0 ? 3 : 2;
      if (end - i < need) end = i;
    }
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/** UTF-16 without BOM: many zero bytes on one side of each pair (ASCII-heavy text). */
function utf16WithoutBom(b: Uint8Array): TextEncodingName | null {
  const n = Math.min(b.length, 4096) & ~1;
  if (n < 8) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) evenZeros += 1;
    if (b[i + 1] === 0) oddZeros += 1;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/** Score of a decoding: common Chinese characters found, minus replacement characters. */
function hanScore(text: string): number {
  let score = 0;
  for (const ch of text) {
    if (ch === '\ufffd') score -= 5;
    else if (COMMON_HAN.has(ch)) score += 1;
  }
  return score;
}

/**
 * The encoding of a text file from its first bytes: a BOM (UTF-8, UTF-16 LE/BE); valid UTF-8; UTF-16
 * without BOM; else GB18030 or Big5, whichever decodes into more common Chinese characters and fewer
 * replacement characters (GB18030 on a tie: files here are mostly from mainland tools).
 * @param head the first bytes (a page is plenty)
 * @param final whether `head` is the whole file (else a cut multi-byte sequence at its end is allowed)
 */
export function detectEncoding(head: Uint8Array, final = true): TextEncodingName {
  const bom = bomOf(head);
  if (bom) return bom;
  if (isUtf8(head, final)) return 'utf-8';
  const wide = utf16WithoutBom(head);
  if (wide) return wide;
  const sample = head.subarray(0, 64 * 1024);
  const gb = hanScore(new TextDecoder('gb18030').decode(sample));
  const big5 = hanScore(new TextDecoder('big5').decode(sample));
  return big5 > gb ? 'big5' : 'gb18030';
}

/** Normalise line endings to `\n`. */
export function normaliseNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * A decoder for consecutive pages of one file: multi-byte characters cut by a page boundary are
 * completed by the next page (TextDecoder streaming), and a BOM is dropped.
 * @returns `decode(bytes, last)` answering the text of that page; pass `last` true for the final page
 */
export function pageDecoder(encoding: TextEncodingName): (bytes: Uint8Array, last: boolean) => string {
  const decoder = new TextDecoder(encoding);
  return (bytes, last) => decoder.decode(bytes, { stream: !last });
}

/** Decode a whole text file (encoding detected, BOM dropped, line endings normalised to `\n`). */
export function decodeText(bytes: Uint8Array): string {
  return normaliseNewlines(pageDecoder(detectEncoding(bytes, true))(bytes, true));
}
