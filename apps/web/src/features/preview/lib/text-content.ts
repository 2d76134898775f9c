/**
 * Plain-text preview helpers (spec 001 §2 "Plain text: fetched, angle brackets escaped, shown as text").
 * The text is rendered as a React text node inside a `<pre>`, so `<` and `>` reach the page escaped and
 * never as markup; these helpers decode the bytes and bound the size.
 */

/** Largest text shown in the preview (bytes); the rest is left to the download. */
export const MAX_TEXT_BYTES = 2 * 1024 * 1024;

/**
 * Decode a text file: UTF-8 (with or without BOM) first, then GB18030 for files saved by Chinese
 * Windows tools; line endings normalised to `\n`.
 */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gb18030').decode(bytes);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.replace(/\r\n?/g, '\n');
}

/** Cut a byte buffer to at most `max` bytes without splitting a UTF-8 sequence. */
export function clipBytes(
  bytes: Uint8Array,
  max = MAX_TEXT_BYTES,
): { bytes: Uint8Array; truncated: boolean } {
  if (bytes.length <= max) return { bytes, truncated: false };
  let end = max;
  // Step back over continuation bytes (10xxxxxx) so the cut lands on a character boundary.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return { bytes: bytes.subarray(0, end), truncated: true };
}
