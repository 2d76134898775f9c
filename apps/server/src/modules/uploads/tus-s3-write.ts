/**
 * Writing one PATCH body of an upload on S3 at its offset (tus-s3-store.ts `writeChunk`; issue 15).
 * - The bytes fill parts (tus-s3-parts.ts), starting with the incomplete part the previous PATCH
 *   left (tus-s3-incomplete-part.ts); a full part is sent at once, up to `queueSize` at a time, and
 *   the request body is read only as fast as they are taken (memory: about (queueSize + 1) ×
 *   partBytes per PATCH). What does not fill a part becomes the new incomplete part, unless the
 *   upload is complete: then it is sent as the last (small) part. The record is written after.
 * - Checksum extension: parts sent while a checksummed chunk streams in are recorded only once the
 *   whole chunk's digest matched. On a mismatch (460) the record stays as it was: the parts sent are
 *   no part of the upload (the next PATCH sends the same part numbers again, which replaces them, and
 *   completion names only recorded parts) and the incomplete-part remainder is not written.
 * - Without a checksum, what arrived before the client went away (or the lock's holder was asked to
 *   let go) counts, as on local disk: the parts sent and the rest as incomplete part are recorded, so
 *   HEAD answers that offset and the client resumes from it.
 */
import { createHash } from 'node:crypto';
import { addAbortSignal, type Readable } from 'node:stream';
import { ERRORS } from '@tus/utils';
import { CHECKSUM_MISMATCH, type ChunkOptions } from './tus-file-store.ts';
import { readIncompletePart, storeIncompletePart } from './tus-s3-incomplete-part.ts';
import { PartQueue, type PartSending } from './tus-s3-parts.ts';
import { readRecord, saveRecord } from './tus-s3-record.ts';

/**
 * Write one PATCH body of upload `id` at `offset` (see the module comment).
 * @returns the bytes of `body` stored. @throws CHECKSUM_MISMATCH (nothing stored),
 * ERR_SIZE_EXCEEDED past the upload's size or `limit`, FILE_NOT_FOUND, INVALID_OFFSET, or the
 * stream's or S3's error (without a checksum, what arrived before a stream error is kept).
 */
export async function writeChunk(
  w: PartSending,
  id: string,
  offset: number,
  body: Readable,
  opts: ChunkOptions = {},
): Promise<number> {
  const rec = await readRecord(w.bucket, id);
  if (!rec) throw ERRORS.FILE_NOT_FOUND;
  if (rec.completed || rec.offset !== offset) throw ERRORS.INVALID_OFFSET;
  const size = rec.size ?? 0;
  const remaining = size - offset;
  const partBytes = rec.s3.partBytes;
  const hash = opts.checksum ? createHash(opts.checksum.algorithm) : null;

  // The part being filled, starting with the incomplete part left by the previous PATCH. A part
  // buffer is never bigger than what the upload can still bring (a small upload, a last part).
  let unbuffered = (rec.s3.pendingBytes ?? 0) + remaining;
  const nextBuffer = () => Buffer.allocUnsafe(Math.min(partBytes, unbuffered));
  let part = nextBuffer();
  let filled = 0;
  if (rec.s3.pendingKey) filled = await readIncompletePart(w.bucket, id, rec.s3, part);

  const queue = new PartQueue(w, rec);
  let received = 0;
  let streamError: unknown = null;
  const limit = Math.min(remaining, opts.limit ?? Infinity);
  try {
    const source = opts.signal ? addAbortSignal(opts.signal, body) : body;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (received + chunk.length > limit)
        throw Object.assign(new Error('size exceeded'), ERRORS.ERR_SIZE_EXCEEDED);
      received += chunk.length;
      hash?.update(chunk);
      let at = 0;
      while (at < chunk.length) {
        const n = chunk.copy(part, filled, at);
        if (n === 0) throw new Error(`upload ${id}: part buffer overrun`); // cannot happen: received ≤ limit
        filled += n;
        at += n;
        if (filled === partBytes) {
          queue.send(part);
          unbuffered -= partBytes;
          part = nextBuffer();
          filled = 0;
          await queue.waitBelow(w.queueSize);
        }
      }
    }
  } catch (err) {
    streamError = err;
  }
  await queue.drain();
  if (streamError && hash) throw streamError; // a checksummed chunk counts whole or not at all
  if (!streamError && hash && !hash.digest().equals(opts.checksum!.digest)) throw CHECKSUM_MISMATCH;

  const newOffset = offset + received;
  const rest = part.subarray(0, filled);
  const parts = [...rec.s3.parts, ...queue.sent].sort((a, b) => a.n - b.n);
  const previousPending = rec.s3.pendingKey;
  let pendingKey: string | undefined;
  if (newOffset === size && parts.length > 0) {
    // The last part may be small.
    if (rest.length) {
      queue.send(Buffer.from(rest));
      await queue.drain();
      parts.push(queue.sent[queue.sent.length - 1]!);
    }
  } else if (rest.length) pendingKey = await storeIncompletePart(w.bucket, id, rest);
  await saveRecord(w.bucket, {
    ...rec,
    offset: newOffset,
    s3: {
      ...rec.s3,
      parts,
      pendingKey,
      pendingBytes: pendingKey ? rest.length : undefined,
    },
  });
  if (previousPending && previousPending !== pendingKey) await w.bucket.deleteKey(previousPending);
  if (streamError) throw streamError;
  return received;
}
