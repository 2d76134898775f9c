/**
 * `@tus/file-store` FileStore with a faster write path (issue 3 upload benchmark): the stock store
 * writes each request chunk through an `fs.WriteStream` with the 16 KiB default highWaterMark, which
 * on this class of machine reaches about a third of what the disk takes. This store buffers up to
 * WRITE_HIGH_WATER_MARK bytes so the stream writes them with one `writev`. Semantics are unchanged:
 * writes start at `offset`, the returned number is the new offset, a failed write throws
 * FILE_WRITE_ERROR. Upload ids are UUIDs (checked before any store call), so the path is safe.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/utils';

/** Bytes the write stream buffers before writing (1 MiB). */
export const WRITE_HIGH_WATER_MARK = 1024 * 1024;

export class FastFileStore extends FileStore {
  /** Append `readable` to the upload's file at `offset`; resolves to the new offset. */
  override async write(readable: Readable, fileId: string, offset: number): Promise<number> {
    const target = path.join(this.directory, path.basename(fileId));
    const out = createWriteStream(target, {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_HIGH_WATER_MARK,
    });
    try {
      await pipeline(readable, out);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + out.bytesWritten;
  }
}
