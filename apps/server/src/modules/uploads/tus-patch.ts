/**
 * tus 1.0 PATCH (core protocol, "PATCH") on the Node request, without @tus/server's Web-stream detour.
 *
 * @tus/server 2.x turns each Node request into a Web `Request` (srvx), its body back into a Node
 * stream (`Readable.fromWeb`) and then through a PassThrough and a size limiter into the store; with
 * client and server on 2 cores that halves upload throughput (issue 3 upload benchmark). PATCH
 * carries every byte of an upload, so it alone takes this short path; creation, HEAD, termination and
 * GET stay with @tus/server, and both share its locker and file store, so a DELETE during a PATCH
 * still ends the PATCH first.
 *
 * The steps and answers are @tus/server's: 403 without `Upload-Offset`, 415 (as tus 1.0 advises)
 * without the `application/offset+octet-stream` content type, 404 for an unknown upload, 410 for an expired one,
 * 409 when `Upload-Offset` is not the stored offset, 400 for `Upload-Length` (sizes are never
 * deferred here), 413 when the body would run past the declared size. The body is written at the
 * offset with a 1 MiB buffer; what reached the disk before a client went away counts (the offset is
 * the file's length), so the client resumes from there. A 204 answers with the new `Upload-Offset`.
 *
 * Per-user limit of concurrent uploads (issue 5; upload-slots.ts): once the caller is known, the
 * upload takes a slot before the body is read and gives it back when the body has been written. When
 * the caller's other uploads hold every slot, the PATCH answers 429 with `Retry-After` and an
 * envelope body (`UPLOAD_BUSY_MSG`) without reading the body (the connection is closed), and the
 * client retries later from the same offset.
 */
import { createWriteStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERRORS, type Locker, type Upload } from '@tus/utils';
import { ResultCode } from '@bimdrive/contracts';
import { WRITE_HIGH_WATER_MARK, type FastFileStore } from './tus-file-store.ts';
import type { UploadSlot } from './upload-slots.ts';

/** A tus answer other than success: status and body (tus hooks and `ERRORS` share this shape). */
export interface TusFailure {
  status_code: number;
  body: string;
  /** Extra response headers (e.g. `retry-after` of a 429). */
  headers?: Record<string, string>;
}

/** Envelope message of a PATCH refused by the per-user upload limit (the client keeps waiting). */
export const UPLOAD_BUSY_MSG = '同时上传的文件较多，等待中...';

export interface TusPatchDeps<Caller> {
  store: FastFileStore;
  locker: Locker;
  /** Resolve who asks and prove the upload is theirs; throws a TusFailure (401/404) otherwise. */
  authorize(req: IncomingMessage, uploadId: string): Promise<Caller>;
  /** Turn the completed upload into a file; returns extra response headers or throws a TusFailure. */
  finish(caller: Caller, upload: Upload): Promise<Record<string, string>>;
  /** Report an unexpected error (answered with 500). */
  logError(err: unknown): void;
  /**
   * Per-user limit of concurrent uploads: take a slot for this upload of `caller` (null = none free,
   * answered 429 with `Retry-After: retryAfterSeconds`). Absent = no limit.
   */
  slots?: {
    acquire(caller: Caller, uploadId: string): Promise<UploadSlot | null>;
    retryAfterSeconds: number;
  };
}

const TUS_RESUMABLE = '1.0.0';
/** tus 1.0 core, PATCH: "otherwise the Server SHOULD return a 415 Unsupported Media Type status". */
const UNSUPPORTED_MEDIA_TYPE: TusFailure = {
  status_code: 415,
  body: 'Content-Type must be application/offset+octet-stream\n',
};
const isFailure = (e: unknown): e is TusFailure =>
  typeof e === 'object' && e !== null && 'status_code' in e && 'body' in e;

/** Stops a body that runs past `limit` bytes (only used when the client sent no Content-Length). */
function limiter(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > limit ? Object.assign(new Error('size exceeded'), ERRORS.ERR_SIZE_EXCEEDED) : null, chunk);
    },
  });
}

/**
 * Handle one PATCH for upload `uploadId`, answering on `res`. Never throws: every failure is answered
 * with its tus status (an unexpected one with 500), or the connection is closed when the client left.
 */
export async function handleTusPatch<Caller>(
  req: IncomingMessage,
  res: ServerResponse,
  uploadId: string,
  deps: TusPatchDeps<Caller>,
): Promise<void> {
  const answer = (status: number, headers: Record<string, string> = {}, body = '') => {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, { 'tus-resumable': TUS_RESUMABLE, ...headers });
    res.end(status === 204 ? undefined : body);
  };
  const aborted = new AbortController();
  let slot: UploadSlot | null = null;
  req.once('close', () => {
    if (!req.complete) aborted.abort();
  });
  try {
    const offsetHeader = req.headers['upload-offset'];
    if (typeof offsetHeader !== 'string' || !/^\d+$/.test(offsetHeader)) throw ERRORS.MISSING_OFFSET;
    if (req.headers['content-type'] !== 'application/offset+octet-stream') throw UNSUPPORTED_MEDIA_TYPE;
    if (req.headers['upload-length'] !== undefined) throw ERRORS.INVALID_LENGTH;
    const offset = Number(offsetHeader);
    const caller = await deps.authorize(req, uploadId);
    if (deps.slots) {
      slot = await deps.slots.acquire(caller, uploadId);
      if (!slot) {
        const retryAfter = String(deps.slots.retryAfterSeconds);
        throw {
          status_code: 429,
          body: JSON.stringify({ code: ResultCode.refused, msg: UPLOAD_BUSY_MSG, data: null }),
          headers: {
            'content-type': 'application/json',
            'retry-after': retryAfter,
            'access-control-expose-headers': 'retry-after',
          },
        } satisfies TusFailure;
      }
    }

    const lock = deps.locker.newLock(uploadId);
    await lock.lock(aborted.signal, () => aborted.abort()); // a termination asks the writer to stop
    let upload: Upload;
    let written: number;
    try {
      upload = await deps.store.getUpload(uploadId);
      const expiry = deps.store.getExpiration();
      if (
        expiry > 0 &&
        upload.creation_date &&
        Date.now() > new Date(upload.creation_date).getTime() + expiry
      )
        throw ERRORS.FILE_NO_LONGER_EXISTS;
      if (upload.offset !== offset) throw ERRORS.INVALID_OFFSET;
      const remaining = (upload.size ?? 0) - offset;
      const length = req.headers['content-length'];
      if (length !== undefined && Number(length) > remaining) throw ERRORS.ERR_SIZE_EXCEEDED;
      const out = createWriteStream(path.join(deps.store.directory, path.basename(uploadId)), {
        flags: 'r+',
        start: offset,
        highWaterMark: WRITE_HIGH_WATER_MARK,
      });
      try {
        // With a Content-Length the HTTP parser already stops at it, so only chunked bodies need a limit.
        if (length !== undefined) await pipeline(req, out, { signal: aborted.signal });
        else await pipeline(req, limiter(remaining), out, { signal: aborted.signal });
      } catch (err) {
        if (isFailure(err)) throw err;
        if (aborted.signal.aborted) throw ERRORS.ABORTED;
        throw ERRORS.FILE_WRITE_ERROR;
      }
      written = out.bytesWritten;
    } finally {
      await lock.unlock();
      await slot?.release();
    }

    const newOffset = offset + written;
    upload.offset = newOffset;
    const headers: Record<string, string> = { 'upload-offset': String(newOffset) };
    if (newOffset === upload.size) Object.assign(headers, await deps.finish(caller, upload));
    else if (upload.creation_date && deps.store.getExpiration() > 0)
      headers['upload-expires'] = new Date(
        new Date(upload.creation_date).getTime() + deps.store.getExpiration(),
      ).toUTCString();
    answer(204, headers);
  } catch (err) {
    await slot?.release(); // idempotent: also when the lock was never taken
    // A body left unread would be taken for the next request on this connection: close it instead.
    const close: Record<string, string> = req.complete ? {} : { connection: 'close' };
    if (isFailure(err))
      return answer(err.status_code, { 'content-type': 'text/plain', ...err.headers, ...close }, err.body);
    deps.logError(err);
    answer(500, { 'content-type': 'text/plain', ...close }, ERRORS.UNKNOWN_ERROR.body);
  }
}
