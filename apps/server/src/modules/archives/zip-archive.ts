/**
 * Reading ZIP archives in place with yauzl (issue 14 archives; 001 §9 zip): list the central
 * directory, and stream one entry out — never unpacking the archive to disk. Names are read as raw
 * bytes (`decodeStrings: false`) and decoded by decodeZipName (UTF-8 flag → UTF-8, else GB18030).
 */
import { Transform, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../lib/errors.ts';
import { decodeZipName, sizeGuard } from './archive-entry-rules.ts';

/** The error of an entry whose bytes pass its declared size or do not inflate (422). */
const overDeclared = () => new AppError(422, '压缩包中的文件已损坏或解压后的大小超过声明的大小，已停止');

/** One entry as the archive declares it (sizes in bytes; the name decoded, not yet sanitised). */
export interface RawArchiveEntry {
  index: number;
  name: string;
  isFolder: boolean;
  size: number;
  compressedSize: number;
  modified: Date | null;
  encrypted: boolean;
}

const openZip = (file: string, validateEntrySizes: boolean) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      {
        lazyEntries: true,
        decodeStrings: false,
        autoClose: false,
        validateEntrySizes,
        strictFileNames: false,
      },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    ),
  );

function toRaw(e: Entry, index: number): RawArchiveEntry {
  const name = decodeZipName(e.fileNameRaw, e.generalPurposeBitFlag, e.extraFields);
  let modified: Date | null;
  try {
    modified = e.getLastModDate();
  } catch {
    modified = null;
  }
  return {
    index,
    name,
    isFolder: /[/\\]$/.test(name),
    size: e.uncompressedSize,
    compressedSize: e.compressedSize,
    modified,
    encrypted: e.isEncrypted(),
  };
}

/**
 * The entries of a ZIP file in directory order, at most `limit` of them.
 * @param file path of the archive on local disk
 * @returns the entries and the archive's entry count
 * @throws yauzl's error for a file that is not a readable ZIP
 */
export async function listZip(
  file: string,
  limit: number,
): Promise<{ entries: RawArchiveEntry[]; total: number }> {
  const zip = await openZip(file, false);
  try {
    const entries: RawArchiveEntry[] = [];
    let index = 0;
    for await (const e of zip.eachEntry()) {
      if (index >= limit) break;
      entries.push(toRaw(e, index));
      index += 1;
    }
    return { entries, total: zip.entryCount };
  } finally {
    zip.close();
  }
}

/**
 * Stream entry `index` of a ZIP file (uncompressed), optionally only bytes `start`–`end` (inclusive).
 * The caller checks {@link RawArchiveEntry} against refusalOf first. yauzl fails the stream when the
 * bytes exceed the declared size, and so does a counting guard here (a lying header stops there).
 * @returns the entry and its byte stream; null when there is no such entry
 * @throws yauzl's error for an unreadable archive or entry
 */
export async function openZipEntry(
  file: string,
  index: number,
  range?: { start: number; end: number },
): Promise<{ entry: RawArchiveEntry; stream: Readable } | null> {
  const zip = await openZip(file, true);
  let found: Entry | null = null;
  let i = 0;
  try {
    for await (const e of zip.eachEntry()) {
      if (i === index) {
        found = e;
        break;
      }
      i += 1;
    }
  } catch (err) {
    zip.close();
    throw err;
  }
  if (!found) {
    zip.close();
    return null;
  }
  const entry = toRaw(found, index);
  const source = await zip.openReadStreamPromise(found);
  const declared = entry.size;
  const start = range?.start ?? 0;
  const end = range?.end ?? declared - 1;
  let pos = 0;
  const withinDeclared = sizeGuard(declared);
  const slicer = new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = pos;
      pos += chunk.length;
      if (!withinDeclared(chunk.length)) return done(overDeclared());
      const a = Math.max(start - from, 0);
      const b = Math.min(end + 1 - from, chunk.length);
      if (b > a) this.push(chunk.subarray(a, b));
      // Past the requested range: stop reading the rest of the entry.
      if (pos > end) {
        this.push(null);
        source.unpipe(this);
        source.destroy();
      }
      done();
    },
  });
  const closeZip = () => zip.close();
  slicer.once('close', closeZip);
  // yauzl's own check ("too many bytes in the stream") and a failed inflate are the same to the user.
  source.once('error', () => slicer.destroy(overDeclared()));
  source.pipe(slicer);
  return { entry, stream: slicer };
}
