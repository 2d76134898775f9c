/**
 * Test archives made byte by byte (issue 14 archive tests): ZIP and RAR 4 files with exactly the
 * names and sizes a test needs — GBK names without the UTF-8 flag, `../` names, declared sizes that
 * lie — which normal archivers refuse to write. Used by tests only.
 */
import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a test ZIP. `name` raw bytes or a string (then written as UTF-8 with flag 11). */
export interface ZipFixtureEntry {
  name: string | Buffer;
  data?: Buffer;
  /** Deflate the data (default true for files). */
  deflate?: boolean;
  /** Override the declared uncompressed size (a lying header). */
  declaredSize?: number;
  /** Set the "encrypted" flag bit (the data is not really encrypted). */
  encrypted?: boolean;
}

const DOS_TIME = ((2024 - 1980) << 25) | (3 << 21) | (15 << 16) | (14 << 11) | (30 << 5) | 0;

/**
 * Write the fields a ZIP local header (at 6) and central directory header (at 8) share, in the same
 * order: flags, method, DOS time, CRC-32, compressed size, uncompressed size, name length (2, 2, 4,
 * 4, 4, 4, 2 bytes, little-endian).
 */
function writeCommonHeader(
  b: Buffer,
  at: number,
  h: { flags: number; method: number; crc: number; compressed: number; size: number; nameLength: number },
): void {
  b.writeUInt16LE(h.flags, at);
  b.writeUInt16LE(h.method, at + 2);
  b.writeUInt32LE(DOS_TIME >>> 0, at + 4);
  b.writeUInt32LE(h.crc, at + 8);
  b.writeUInt32LE(h.compressed, at + 12);
  b.writeUInt32LE(h.size, at + 16);
  b.writeUInt16LE(h.nameLength, at + 20);
}

/** Build a ZIP file from entries (no zip64, no data descriptors). */
export function makeZip(entries: ZipFixtureEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = typeof e.name === 'string' ? Buffer.from(e.name, 'utf8') : e.name;
    const flags = (typeof e.name === 'string' ? 0x800 : 0) | (e.encrypted ? 1 : 0);
    const data = e.data ?? Buffer.alloc(0);
    const deflate = e.deflate ?? data.length > 0;
    const body = deflate ? deflateRawSync(data) : data;
    const method = deflate ? 8 : 0;
    const size = e.declaredSize ?? data.length;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    const common = { flags, method, crc, compressed: body.length, size, nameLength: name.length };
    writeCommonHeader(local, 6, common);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    writeCommonHeader(central, 8, common);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** One entry of a test RAR (stored, RAR 4 format); a name ending in `/` is a folder. */
export interface RarFixtureEntry {
  name: string;
  data?: Buffer;
}

function rarBlock(type: number, flags: number, fields: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt8(type, 0);
  head.writeUInt16LE(flags, 1);
  head.writeUInt16LE(7 + fields.length, 3);
  const crc = crc32(Buffer.concat([head, fields])) & 0xffff;
  const c = Buffer.alloc(2);
  c.writeUInt16LE(crc, 0);
  return Buffer.concat([c, head, fields]);
}

/** Build a RAR 4 archive of stored entries (UTF-8 names through the Unicode flag). */
export function makeRar(entries: RarFixtureEntry[]): Buffer {
  const parts: Buffer[] = [Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00])];
  parts.push(rarBlock(0x73, 0, Buffer.alloc(6)));
  for (const e of entries) {
    const folder = e.name.endsWith('/');
    const name = Buffer.from(folder ? e.name.slice(0, -1) : e.name, 'utf8').toString('latin1');
    const nameBytes = Buffer.from(name.replace(/\//g, '\\'), 'latin1');
    const data = folder ? Buffer.alloc(0) : (e.data ?? Buffer.alloc(0));
    const f = Buffer.alloc(25);
    f.writeUInt32LE(data.length, 0); // PACK_SIZE
    f.writeUInt32LE(data.length, 4); // UNP_SIZE
    f.writeUInt8(2, 8); // HOST_OS Win32
    f.writeUInt32LE(crc32(data), 9);
    f.writeUInt32LE(DOS_TIME >>> 0, 13);
    f.writeUInt8(20, 17); // UNP_VER 2.0
    f.writeUInt8(0x30, 18); // stored
    f.writeUInt16LE(nameBytes.length, 19);
    f.writeUInt32LE(folder ? 0x10 : 0x20, 21);
    const flags = 0x8000 | 0x0200 | (folder ? 0x00e0 : 0);
    parts.push(rarBlock(0x74, flags, Buffer.concat([f, nameBytes])), data);
  }
  parts.push(rarBlock(0x7b, 0x4000, Buffer.alloc(0)));
  return Buffer.concat(parts);
}
