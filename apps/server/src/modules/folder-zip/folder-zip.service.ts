/**
 * Folder download as a zip (issue 5; spec 001 §7 `GET /api/home/CompressFileFolder?iuid=`).
 *
 * The archive is written while it is sent: no temporary copy, constant memory (one entry's read
 * stream and zlib window at a time), whatever the folder's size. It is built with **yazl** (3.x):
 * a small, dependency-light, long-maintained streaming zip writer that picks ZIP64 by itself for
 * entries or archives over 4 GB (or over 65 534 entries), chooses store or deflate per entry, sets the
 * UTF-8 name flag (Chinese names), and opens each entry's stream only when that entry is written
 * (`addReadStreamLazy`), so a folder of 10 000 files holds one file handle at a time. (archiver was
 * the alternative; it queues a stream per appended entry and brings a larger dependency tree.)
 *
 * - Layout: the folder itself is the archive's top folder; every subfolder is a directory entry, so
 *   empty folders are kept. Names are made safe and unique (zip-names.ts).
 * - Compression: already-compressed or binary formats (models, drawings, video, images, archives,
 *   office OOXML, PDF) are stored; text-like files (IFC, DXF, OBJ, glTF JSON, TXT, …) are deflated.
 *   When every entry is stored the exact length is known and sent as Content-Length.
 * - Permission: the area (`ZipArea`) decides what the caller may see: the folder (404 otherwise),
 *   the subtree (only what the caller may see is listed), and each file again just before its bytes
 *   are read. `spaceZipArea` applies the space policy of every area (personal, projects, libraries).
 * - A file listed but missing on disk when the zip starts is left out and named in a note entry
 *   `缺失文件清单.txt` at the archive's root; one that disappears or loses its permission after its
 *   entry has started fails the download cleanly (the stream is destroyed, the client sees an
 *   incomplete transfer rather than a wrong file).
 * - A client that disconnects stops the archive and closes the open file handle (`abort`).
 */
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { crc32 as nativeCrc32 } from 'node:zlib';
import { ZipFile } from 'yazl';
import { suffixOf } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/errors.ts';
import { originalKeyOf } from '../../storage/local-storage.ts';
import type { Caller } from '../auth/caller.ts';
import { filesRepository } from '../files/files.repository.ts';
import type { FilesService } from '../files/files.service.ts';
import { folderZipRepository, type TreeEntry } from './folder-zip.repository.ts';
import { EntryNamer } from './zip-names.ts';

/**
 * yazl computes each entry's CRC-32 with `buffer-crc32`, a table loop in JavaScript (~70 MB/s on this
 * class of machine, the whole archive's ceiling); Node ships zlib's native one (`zlib.crc32`, several
 * hundred MB/s) with the same `(data, previous)` contract, so yazl's copy of `unsigned` is pointed at
 * it. The int tests check every entry's CRC against the extracted bytes.
 */
function useNativeCrc32(): void {
  const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
  const bufferCrc32 = fromYazl('buffer-crc32') as { unsigned: (buf: Buffer, previous?: number) => number };
  bufferCrc32.unsigned = (buf, previous = 0) => nativeCrc32(buf, previous);
}
useNativeCrc32();

/** What a file area lets a caller put into a folder zip. */
export interface ZipArea {
  /** The folder when the caller may download it, else null (answered 404). */
  folder(caller: Caller, folderId: string): Promise<{ id: string; name: string } | null>;
  /** Folders and files below the folder that the caller may see; parents before children. */
  subtree(caller: Caller, folderId: string): Promise<TreeEntry[]>;
  /**
   * Checked right before a file's bytes are read: the storage key of its current original when the
   * caller may still read it, else null.
   */
  readable(caller: Caller, entry: TreeEntry): Promise<string | null>;
}

/**
 * Every file area through the space policy (modules/spaces/space-access.ts): the folder must be in a
 * space whose policy lets the caller download; the subtree is that space's rows below it; each file is
 * checked again (same space, still downloadable) right before its bytes are read.
 */
export function spaceZipArea(ctx: AppContext, deps: { files: FilesService }): ZipArea {
  const { files } = deps;
  const repo = filesRepository(ctx.db);
  const tree = folderZipRepository(ctx.db);
  return {
    async folder(caller, folderId) {
      const f = await files.requireFile(caller, folderId, 'download').catch(() => null);
      return f && f.kind === 1 ? { id: f.id, name: f.name } : null;
    },
    async subtree(caller, folderId) {
      const f = await files.requireFile(caller, folderId, 'download');
      return tree.ownedSubtree(f.spaceId, folderId);
    },
    async readable(caller, entry) {
      const f = await repo.findOwned(entry.spaceId, entry.id);
      if (!f || f.kind !== 2) return null;
      const access = await files.spaces.resolve(caller, f.spaceId);
      return access?.rights.download ? originalKeyOf(f) : null;
    },
  };
}

/** Suffixes deflated in a zip: text-like formats that shrink well. Everything else is stored. */
export const DEFLATE_SUFFIXES: ReadonlySet<string> = new Set([
  'ifc',
  'ifcxml',
  'dxf',
  'obj',
  'mtl',
  'gltf',
  'dae',
  'stl',
  'ply',
  'txt',
  'csv',
  'json',
  'xml',
  'html',
  'htm',
  'md',
  'log',
  'svg',
  'bmp',
  'doc',
  'xls',
  'ppt',
  '3ds',
]);

/** Whether an entry with this suffix is deflated (true) or stored (false). */
export function shouldDeflate(suffix: string): boolean {
  return DEFLATE_SUFFIXES.has(suffix.toLowerCase());
}

/** The stream argument of a yazl lazy-stream callback that reports an error. */
const NO_STREAM = undefined as unknown as NodeJS.ReadableStream;

/** Read size of entry streams: 1 MiB (4× fewer trips through the zip's transforms than 64 KiB's default). */
const READ_CHUNK_BYTES = 1024 * 1024;

/** Name of the note entry listing files that were missing on disk. */
export const MISSING_NOTE_NAME = '缺失文件清单.txt';

/** A zip being streamed. */
export interface FolderZip {
  /** The archive bytes. */
  stream: Readable;
  /** Download name: `<folder name>.zip`. */
  fileName: string;
  /** Exact length when every entry is stored, else null (chunked). */
  size: number | null;
  /** Stop: destroys the open entry stream and the archive stream. Idempotent. */
  abort: () => void;
  /** Archive paths of files left out because their bytes were missing on disk. */
  missing: string[];
}

/**
 * Start the zip of a folder for a caller.
 * @throws 404 when the folder does not exist or the area does not let the caller download it.
 */
export async function createFolderZip(
  ctx: AppContext,
  area: ZipArea,
  caller: Caller,
  folderId: string,
): Promise<FolderZip> {
  const folder = await area.folder(caller, folderId);
  if (!folder) throw notFound('文件夹不存在或已被删除');
  const entries = await area.subtree(caller, folder.id);

  const zip = new ZipFile();
  // yazl's output is a PassThrough (its typings say only NodeJS.ReadableStream).
  const out = zip.outputStream as unknown as Readable;
  const namer = new EntryNamer();
  const top = namer.next('', folder.name, true);
  const dirs = new Map<string, string>([[folder.id, top]]);
  zip.addEmptyDirectory(top);
  const missing: string[] = [];
  let current: Readable | null = null;
  let aborted = false;

  const abort = () => {
    if (aborted) return;
    aborted = true;
    current?.destroy();
    current = null;
    out.destroy();
  };
  zip.on('error', (err: Error) => {
    if (!aborted) ctx.log.warn({ err, folderId: folder.id }, 'folder zip failed');
    abort();
  });

  for (const e of entries) {
    const dir = dirs.get(e.parentId);
    if (dir === undefined) continue; // parent not reachable for this caller
    const entryPath = namer.next(dir, e.name, e.kind === 1);
    if (e.kind === 1) {
      dirs.set(e.id, entryPath);
      zip.addEmptyDirectory(entryPath, { mtime: e.updatedAt });
      continue;
    }
    const key = originalKeyOf(e);
    const stored = await ctx.storage.stat(key);
    if (!stored) {
      missing.push(entryPath);
      continue;
    }
    zip.addReadStreamLazy(
      entryPath,
      { mtime: e.updatedAt, compress: shouldDeflate(e.suffix || suffixOf(e.name)), size: stored.size },
      (cb) => {
        if (aborted) return cb(new Error('folder zip aborted'), NO_STREAM);
        // The permission (and the current version) is checked again just before reading.
        area.readable(caller, e).then(
          (now) => {
            if (aborted) return cb(new Error('folder zip aborted'), NO_STREAM);
            if (now !== key) return cb(new Error(`entry no longer readable: ${entryPath}`), NO_STREAM);
            const s = ctx.storage.read(key, undefined, { chunkBytes: READ_CHUNK_BYTES });
            current = s;
            s.once('close', () => {
              if (current === s) current = null;
            });
            cb(null, s);
          },
          (err: Error) => cb(err, NO_STREAM),
        );
      },
    );
  }
  if (missing.length > 0) {
    const text = `以下文件在服务器上未找到，未包含在此压缩包中：\r\n${missing.join('\r\n')}\r\n`;
    zip.addBuffer(Buffer.from(text, 'utf8'), namer.next('', MISSING_NOTE_NAME, false), { compress: false });
  }
  let size: number | null = null;
  // yazl answers the total at once here (no addFile entries): -1 when any entry is deflated.
  const end = zip.end.bind(zip) as (o: object, cb: (total: number) => void) => void;
  end({}, (total) => {
    size = total >= 0 ? total : null;
  });
  return { stream: out, fileName: `${folder.name}.zip`, size, abort, missing };
}
