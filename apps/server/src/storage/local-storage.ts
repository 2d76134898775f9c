/** Local-disk object storage under `data/storage` (DESIGN.md embedded default). */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ObjectStorage, StoredObject } from './object-storage.ts';

/** Reject keys that could escape the root (defence in depth; keys are server-made). */
function safeJoin(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (full !== root && !full.startsWith(root + path.sep)) throw new Error(`storage key escapes root: ${key}`);
  return full;
}

/** Create a local-disk store rooted at `root` (absolute). */
export function createLocalStorage(root: string): ObjectStorage {
  return {
    async importFile(key, sourcePath) {
      const dest = safeJoin(root, key);
      await mkdir(path.dirname(dest), { recursive: true });
      try {
        await rename(sourcePath, dest);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        // Another disk: copy beside the destination under a temporary name, then rename (all or nothing).
        const partial = `${dest}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
        try {
          await copyFile(sourcePath, partial);
          await rename(partial, dest);
        } finally {
          await rm(partial, { force: true });
        }
        await unlink(sourcePath);
      }
    },
    async stat(key): Promise<StoredObject | null> {
      try {
        const s = await stat(safeJoin(root, key));
        return { size: s.size };
      } catch {
        return null;
      }
    },
    read(key, range, opts): Readable {
      return createReadStream(safeJoin(root, key), {
        ...(range ? { start: range.start, end: range.end } : {}),
        ...(opts?.chunkBytes ? { highWaterMark: opts.chunkBytes } : {}),
      });
    },
    async localFile(key) {
      const file = safeJoin(root, key);
      await stat(file); // ENOENT when absent, as on S3
      return file;
    },
    async deletePrefix(prefix) {
      await rm(safeJoin(root, prefix), { recursive: true, force: true });
    },
  };
}

/** Storage key of a file's original bytes. */
export const originalKey = (spaceId: string, fileId: string) => `files/${spaceId}/${fileId}/original`;
/** Storage key folder of a file (original + derived). */
export const fileFolderKey = (spaceId: string, fileId: string) => `files/${spaceId}/${fileId}`;
/** Storage key folder of a file's derived outputs. */
export const derivedDirKey = (spaceId: string, fileId: string) => `files/${spaceId}/${fileId}/derived`;
/** Storage key of an IFC model's first-frame preview GLB (converters/model-preview.ts); `.gz` beside it. */
export const previewGlbKey = (spaceId: string, fileId: string) =>
  `${derivedDirKey(spaceId, fileId)}/preview.glb`;

/** Storage key of version `n` (≥ 2) of a file's original bytes (version 1 is `originalKey`). */
export const versionOriginalKey = (spaceId: string, fileId: string, n: number) =>
  `files/${spaceId}/${fileId}/v${n}/original`;
/**
 * Storage key of the original bytes of a version added by upload `uploadId` (FileVersionAdd): known
 * before the version gets its number, so the bytes are in place before the version is recorded.
 */
export const versionUploadKey = (spaceId: string, fileId: string, uploadId: string) =>
  `files/${spaceId}/${fileId}/u${uploadId}/original`;
/**
 * Storage key of the original bytes a file row (or a version's view of it) points at: its
 * `storageKey`, or `originalKey` for rows without one.
 */
export const originalKeyOf = (f: { spaceId: string; id: string; storageKey: string | null }) =>
  f.storageKey ?? originalKey(f.spaceId, f.id);
/** Folder of the derived outputs that belong to an original: `…/original` → `…/derived`. */
export const derivedDirOf = (original: string) => `${original.replace(/\/original$/, '')}/derived`;
/** First-frame preview GLB beside the derived outputs of an original (`previewGlbKey` for version 1). */
export const previewGlbKeyOf = (original: string) => `${derivedDirOf(original)}/preview.glb`;
