/**
 * Pure rules for archive entries (issue 14 "archives"; 001 §9 zip, rar): decoding stored names,
 * showing them safely, refusing zip bombs, and which entries preview inline. No I/O here.
 */
import {
  ARCHIVE_MAX_ENTRY_BYTES,
  ARCHIVE_MAX_RATIO,
  ARCHIVE_RATIO_MIN_BYTES,
  IMAGE_SUFFIXES,
  TEXT_SUFFIXES,
  suffixOf,
  type ArchiveEntryKindValue,
} from '@bimdrive/contracts';
import { crc32 } from 'node:zlib';

/** ZIP general-purpose flag bit 11: the name and comment are UTF-8 (APPNOTE 4.4.4). */
export const ZIP_UTF8_FLAG = 0x800;
/** Info-ZIP Unicode Path extra field (APPNOTE 4.6.9). */
const UNICODE_PATH_FIELD = 0x7075;

/** An extra field of a ZIP central-directory record (as yauzl gives it). */
export interface ZipExtraField {
  id: number;
  data: Buffer;
}

/**
 * The name of a ZIP entry from its raw bytes. In order: the Info-ZIP Unicode Path field (when its
 * CRC matches the stored name); UTF-8 when flag bit 11 is set or the bytes are valid UTF-8; else
 * GB18030 — what Chinese Windows (资源管理器, WinRAR, 好压, 360压缩) writes without the flag.
 * Pure ASCII is the same in all of them.
 * @param raw the stored name bytes
 * @param flags the general-purpose bit flag
 * @param extra the record's extra fields
 */
export function decodeZipName(raw: Buffer, flags: number, extra: readonly ZipExtraField[] = []): string {
  const unicode = extra.find((e) => e.id === UNICODE_PATH_FIELD);
  if (
    unicode &&
    unicode.data.length > 5 &&
    unicode.data[0] === 1 &&
    unicode.data.readUInt32LE(1) === crc32(raw)
  )
    return unicode.data.subarray(5).toString('utf8');
  if (flags & ZIP_UTF8_FLAG) return new TextDecoder('utf-8').decode(raw);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return new TextDecoder('gb18030').decode(raw);
  }
}

/**
 * A stored entry name as it is shown: `/` separators (backslashes too), no drive letter (`C:`), no
 * leading `/` or `//server/`, no `.` or `..` segments, no control characters, no trailing `/`.
 * The result names the entry on screen only; it is never a file-system path.
 * @returns `path` ('' when nothing is left, shown as "(未命名)" by the caller), whether the name had
 * unsafe parts, and whether it named a folder (trailing separator)
 */
export function sanitiseEntryPath(name: string): { path: string; unsafe: boolean; folder: boolean } {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f]/g, '');
  const slashed = cleaned.replace(/\\/g, '/');
  const folder = slashed.endsWith('/');
  let unsafe = cleaned !== name;
  let rest = slashed;
  if (/^[A-Za-z]:/.test(rest)) {
    rest = rest.slice(2);
    unsafe = true;
  }
  if (rest.startsWith('/')) unsafe = true;
  const parts: string[] = [];
  for (const seg of rest.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      unsafe = true;
      continue;
    }
    parts.push(seg);
  }
  return { path: parts.join('/'), unsafe, folder };
}

/**
 * Why an entry is not served ('' when it may be): encrypted, over {@link ARCHIVE_MAX_ENTRY_BYTES}
 * uncompressed, or a zip bomb — over {@link ARCHIVE_RATIO_MIN_BYTES} and more than
 * {@link ARCHIVE_MAX_RATIO} times its compressed size. Messages are shown to users (zh-CN).
 * @param e sizes in bytes as the archive declares them
 */
export function refusalOf(e: {
  size: number;
  compressedSize: number;
  encrypted: boolean;
  isFolder: boolean;
}): string {
  if (e.isFolder) return '';
  if (e.encrypted) return '该文件已加密，无法在线查看';
  if (e.size > ARCHIVE_MAX_ENTRY_BYTES) return '文件超过 512MB，无法单独查看或下载，请下载压缩包';
  if (e.size > ARCHIVE_RATIO_MIN_BYTES && e.size > Math.max(e.compressedSize, 1) * ARCHIVE_MAX_RATIO)
    return '压缩比异常（疑似压缩炸弹），已拒绝解压';
  return '';
}

/** How an entry previews inline, from its (sanitised) path: image, text, PDF or none. */
export function entryKindOf(path: string): ArchiveEntryKindValue {
  const s = suffixOf(path.slice(path.lastIndexOf('/') + 1));
  if ((IMAGE_SUFFIXES as readonly string[]).includes(s)) return 'image';
  if ((TEXT_SUFFIXES as readonly string[]).includes(s)) return 'text';
  if (s === 'pdf') return 'pdf';
  return 'none';
}

/** ZIP/RAR local time as "yyyy-MM-dd HH:mm:ss" (001 §9), '' for an invalid date. */
export function formatEntryTime(d: Date | null): string {
  if (!d || Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/**
 * A transform-free guard for streamed entries: counts bytes and reports when they pass the declared
 * size (a lying header), so the stream is stopped there.
 * @returns a function to call per chunk; it answers false once the total exceeds `declared`
 */
export function sizeGuard(declared: number): (chunkBytes: number) => boolean {
  let seen = 0;
  return (n) => {
    seen += n;
    return seen <= declared;
  };
}
