/** Reading the zips the server streams (folder downloads, spec 001 §7 CompressFileFolder) in integration tests. */
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

/** One entry of a zip as read back. */
export interface ZipEntry {
  /** Compression method recorded for it (0 store, 8 deflate). */
  method: number;
  /** CRC-32 recorded in the archive. */
  crc: number;
  /** Whether it is a folder (its name ends in `/`; no data). */
  dir: boolean;
  data: Buffer;
}

/**
 * Every entry of the zip `buf`, by name, in archive order (yauzl itself refuses absolute and `..`
 * names). @throws when the zip is malformed or an entry's bytes do not match its recorded CRC-32
 * (yauzl does not check them).
 */
export async function unzip(buf: Buffer): Promise<Map<string, ZipEntry>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const out = new Map<string, ZipEntry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (e: yauzl.Entry) => {
      const dir = e.fileName.endsWith('/');
      if (dir) {
        out.set(e.fileName, { method: e.compressionMethod, crc: e.crc32, dir, data: Buffer.alloc(0) });
        zip.readEntry();
        return;
      }
      zip.openReadStream(e, (err, s) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        s.on('data', (c: Buffer) => chunks.push(c));
        s.on('error', reject);
        s.on('end', () => {
          const data = Buffer.concat(chunks);
          if (crc32(data) !== e.crc32) return reject(new Error(`CRC mismatch: ${e.fileName}`));
          out.set(e.fileName, { method: e.compressionMethod, crc: e.crc32, dir, data });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return out;
}
