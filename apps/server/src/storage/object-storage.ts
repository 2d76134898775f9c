/**
 * Object storage behind one interface (DESIGN.md: local disk on the embedded default; an S3-compatible
 * store is the scale-out variant). Keys are POSIX-style relative paths such as
 * `files/<spaceId>/<fileId>/original`; they never come from user input.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  /** Size in bytes. */
  size: number;
}

export interface ObjectStorage {
  /**
   * Move a local file (a finished tus upload, a converter's output from its staging folder) into the
   * store under `key`, replacing what is there; the local file is gone afterwards. All or nothing: a
   * process killed during the import leaves the old object (or none), never a part of the new one
   * (local disk: a rename, or a copy under a temporary name renamed once complete; S3: one upload).
   */
  importFile(key: string, sourcePath: string): Promise<void>;
  /** Size of an object, or null when absent. */
  stat(key: string): Promise<StoredObject | null>;
  /**
   * Read an object, optionally a byte range (inclusive `end`, as in HTTP Range). `chunkBytes` sets the
   * read size (default 64 KiB); long sequential reads such as folder zips go faster with 1 MiB.
   */
  read(key: string, range?: { start: number; end: number }, opts?: { chunkBytes?: number }): Readable;
  /**
   * A local file with the object's bytes, for tools that need a path (converters, sharp, poppler):
   * on local disk the object itself (read it, never write it); on S3 a copy downloaded into
   * `scratchDir`, which the caller removes (a staging folder, staging.ts).
   * @throws an ENOENT error when the object is absent.
   */
  localFile(key: string, scratchDir: string): Promise<string>;
  /** Delete every object whose key starts with `prefix` (a "folder"). Missing is not an error. */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A URL a browser can GET the object from directly, valid `expiresInSeconds`, answered with the
   * given Content-Type and Content-Disposition; absent where the store cannot hand one out (local
   * disk, or an S3 store without `S3_PUBLIC_ENDPOINT`). Used for downloads (file-serve.routes.ts).
   */
  directUrl?(
    key: string,
    opts: { expiresInSeconds: number; contentType: string; contentDisposition: string },
  ): Promise<string>;
}
