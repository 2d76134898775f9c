/**
 * tus 1.0 PATCH, HEAD and DELETE on the Node request, without @tus/server's Web-stream detour.
 *
 * @tus/server 2.x turns each Node request into a Web `Request` (srvx), its body back into a Node
 * stream (`Readable.fromWeb`) and then through a PassThrough and a size limiter into the store; with
 * client and server on 2 cores that halves upload throughput (issue 3 upload benchmark). PATCH
 * carries every byte of an upload, so it takes this short path. HEAD and DELETE are here too because
 * an upload outlives its bytes (issue 15): once finished, its bytes are the file's, in object
 * storage, yet until it expires the upload still answers HEAD with offset = length (so a client that
 * resumes a finished upload does not upload it again) and DELETE (which forgets the upload and never
 * touches the file). Creation (POST) and OPTIONS stay with @tus/server; all share its store and the
 * locker (in memory, or Redis across API nodes: redis-locker.ts), so a DELETE or HEAD during a PATCH
 * asks that PATCH to stop first, on whichever node it runs.
 *
 * PATCH answers as tus 1.0 says: 403 without `Upload-Offset`, 415 without the
 * `application/offset+octet-stream` content type, 404 for an unknown upload, 410 for an expired one,
 * 409 when `Upload-Offset` is not the stored offset, 400 for `Upload-Length` (lengths are never
 * deferred here), 413 when the body would run past the declared size, 400 for an `Upload-Checksum`
 * whose algorithm is not offered and 460 when the chunk's digest differs (the chunk is discarded and
 * the offset stays). The body is written at the offset with a 1 MiB buffer; without a checksum, what
 * reached the disk before a client went away counts (the offset is the file's length), so the client
 * resumes from there. A 204 answers with the new `Upload-Offset` and `Upload-Expires`; the PATCH that
 * completes the upload also finishes it (the file is made) before answering, still holding the lock.
 *
 * Per-user limit of concurrent uploads (issue 5; upload-slots.ts): once the caller is known, the
 * upload takes a slot before the body is read and gives it back when the body has been written. When
 * the caller's other uploads hold every slot, the PATCH answers 429 with `Retry-After` and an
 * envelope body (`UPLOAD_BUSY_MSG`) without reading the body (the connection is closed), and the
 * client retries later from the same offset.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERRORS, type Lock, type Locker, type Upload } from '@tus/utils';
import { ResultCode } from '@bimdrive/contracts';
import { CHECKSUM_ALGORITHMS, type ChecksumAlgorithm, type TusUploadStore } from './tus-file-store.ts';
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

export interface TusRequestDeps<Caller> {
  store: TusUploadStore;
  locker: Locker;
  /** Resolve who asks and prove the upload is theirs; throws a TusFailure (401/404) otherwise. */
  authorize(req: IncomingMessage, uploadId: string): Promise<Caller>;
  /**
   * Finish a complete upload (idempotent; called holding its lock): make the file, or answer the one
   * already made. Returns extra response headers or throws a TusFailure.
   */
  finish(caller: Caller, uploadId: string): Promise<Record<string, string>>;
  /** tus termination (called holding the lock): forget the upload; its bytes only when unfinished. */
  terminate(caller: Caller, uploadId: string): Promise<void>;
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
/** @deprecated name of `TusRequestDeps`. */
export type TusPatchDeps<Caller> = TusRequestDeps<Caller>;

const TUS_RESUMABLE = '1.0.0';
/** tus 1.0 core, PATCH: "otherwise the Server SHOULD return a 415 Unsupported Media Type status". */
const UNSUPPORTED_MEDIA_TYPE: TusFailure = {
  status_code: 415,
  body: 'Content-Type must be application/offset+octet-stream\n',
};
const BAD_CHECKSUM: TusFailure = { status_code: 400, body: 'Unsupported or malformed Upload-Checksum\n' };
const isFailure = (e: unknown): e is TusFailure =>
  typeof e === 'object' && e !== null && 'status_code' in e && 'body' in e;

/** The `Upload-Checksum` of a request: absent, or algorithm and digest. @throws BAD_CHECKSUM (400). */
export function parseUploadChecksum(
  header: string | string[] | undefined,
): { algorithm: ChecksumAlgorithm; digest: Buffer } | undefined {
  if (header === undefined) return undefined;
  const m = typeof header === 'string' ? /^([a-z0-9-]+) ([A-Za-z0-9+/]+={0,2})$/.exec(header.trim()) : null;
  const algorithm = m?.[1] as ChecksumAlgorithm | undefined;
  if (!m || !algorithm || !CHECKSUM_ALGORITHMS.includes(algorithm)) throw BAD_CHECKSUM;
  return { algorithm, digest: Buffer.from(m[2]!, 'base64') };
}

/** When an upload expires (RFC 7231 date), or undefined when uploads do not expire. */
export function expiresHeader(store: TusUploadStore, upload: Upload): string | undefined {
  const period = store.getExpiration();
  if (period <= 0 || !upload.creation_date) return undefined;
  return new Date(new Date(upload.creation_date).getTime() + period).toUTCString();
}

/** The upload, unless it expired (410). @throws 404 unknown, 410 gone or expired. */
async function liveUpload(store: TusUploadStore, uploadId: string): Promise<Upload> {
  const upload = await store.getUpload(uploadId);
  const period = store.getExpiration();
  if (period > 0 && upload.creation_date && Date.now() > new Date(upload.creation_date).getTime() + period)
    throw ERRORS.FILE_NO_LONGER_EXISTS;
  return upload;
}

/** Answer on `res` once (a response already sent or a closed socket is left alone). */
function responder(res: ServerResponse) {
  return (status: number, headers: Record<string, string> = {}, body = '') => {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, { 'tus-resumable': TUS_RESUMABLE, ...headers });
    res.end(status === 204 || status === 200 ? undefined : body);
  };
}

/** Answer a failure (a TusFailure as it says, anything else 500 and logged). */
function fail(
  err: unknown,
  req: IncomingMessage,
  answer: ReturnType<typeof responder>,
  logError: (err: unknown) => void,
): void {
  // A body left unread would be taken for the next request on this connection: close it instead.
  const close: Record<string, string> = req.complete ? {} : { connection: 'close' };
  if (isFailure(err))
    return answer(err.status_code, { 'content-type': 'text/plain', ...err.headers, ...close }, err.body);
  logError(err);
  answer(500, { 'content-type': 'text/plain', ...close }, ERRORS.UNKNOWN_ERROR.body);
}

/** Take the lock of an upload for a request; an abort of `req` gives up waiting. */
async function takeLock(locker: Locker, uploadId: string, signal: AbortSignal, onRelease = () => {}) {
  const lock: Lock = locker.newLock(uploadId);
  await lock.lock(signal, onRelease);
  return lock;
}

/** An AbortController aborted when the client goes away before the request ended. */
function clientGone(req: IncomingMessage): AbortController {
  const aborted = new AbortController();
  req.once('close', () => {
    if (!req.complete) aborted.abort();
  });
  return aborted;
}

/**
 * Handle one PATCH for upload `uploadId`, answering on `res`. Never throws: every failure is answered
 * with its tus status (an unexpected one with 500), or the connection is closed when the client left.
 */
export async function handleTusPatch<Caller>(
  req: IncomingMessage,
  res: ServerResponse,
  uploadId: string,
  deps: TusRequestDeps<Caller>,
): Promise<void> {
  const answer = responder(res);
  const aborted = clientGone(req);
  let slot: UploadSlot | null = null;
  try {
    const offsetHeader = req.headers['upload-offset'];
    if (typeof offsetHeader !== 'string' || !/^\d+$/.test(offsetHeader)) throw ERRORS.MISSING_OFFSET;
    if (req.headers['content-type'] !== 'application/offset+octet-stream') throw UNSUPPORTED_MEDIA_TYPE;
    if (req.headers['upload-length'] !== undefined) throw ERRORS.INVALID_LENGTH;
    const checksum = parseUploadChecksum(req.headers['upload-checksum']);
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

    // Another request for this upload (a HEAD or DELETE, here or on another node) asks this one to stop.
    const lock = await takeLock(deps.locker, uploadId, aborted.signal, () => aborted.abort());
    const headers: Record<string, string> = {};
    try {
      const upload = await liveUpload(deps.store, uploadId);
      if (upload.offset !== offset) throw ERRORS.INVALID_OFFSET;
      const remaining = (upload.size ?? 0) - offset;
      const length = req.headers['content-length'];
      if (length !== undefined && Number(length) > remaining) throw ERRORS.ERR_SIZE_EXCEEDED;
      let written = 0;
      if (remaining === 0) {
        // A complete upload (its bytes may already be the file's): only an empty body is acceptable.
        for await (const chunk of req) if ((chunk as Buffer).length) throw ERRORS.ERR_SIZE_EXCEEDED;
      } else
        try {
          // With a Content-Length the HTTP parser already stops at it, so only chunked bodies need a limit.
          written = await deps.store.writeChunk(uploadId, offset, req, {
            limit: length === undefined ? remaining : undefined,
            checksum,
            signal: aborted.signal,
          });
        } catch (err) {
          if (isFailure(err)) throw err;
          if (aborted.signal.aborted) throw ERRORS.ABORTED;
          throw ERRORS.FILE_WRITE_ERROR;
        }
      await slot?.release();
      const newOffset = offset + written;
      headers['upload-offset'] = String(newOffset);
      const expires = expiresHeader(deps.store, upload);
      if (expires) headers['upload-expires'] = expires;
      if (newOffset === upload.size) Object.assign(headers, await deps.finish(caller, uploadId));
    } finally {
      await lock.unlock();
    }
    answer(204, headers);
  } catch (err) {
    await slot?.release(); // idempotent: also when the lock was never taken
    fail(err, req, answer, deps.logError);
  }
}

/**
 * tus HEAD: `Upload-Offset` (= `Upload-Length` for a complete upload, also after it became a file),
 * `Upload-Length`, `Upload-Metadata` exactly as sent at creation, `Cache-Control: no-store`, and
 * `Upload-Expires`. A complete upload whose finishing was cut short (a crash) is finished now, so the
 * answer also carries the new file's `x-file-iuid` (and `x-file-version`) like the last PATCH did:
 * tus-js-client resuming a finished upload reports success with this response. 404 unknown, 410 expired.
 */
export async function handleTusHead<Caller>(
  req: IncomingMessage,
  res: ServerResponse,
  uploadId: string,
  deps: TusRequestDeps<Caller>,
): Promise<void> {
  await underUploadLock(req, res, uploadId, deps, async (caller) => {
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    const upload = await liveUpload(deps.store, uploadId);
    const info = await deps.store.info(uploadId);
    headers['upload-offset'] = String(upload.offset);
    if (upload.size !== undefined) headers['upload-length'] = String(upload.size);
    else headers['upload-defer-length'] = '1';
    if (info?.metadataHeader) headers['upload-metadata'] = info.metadataHeader;
    const expires = expiresHeader(deps.store, upload);
    if (expires) headers['upload-expires'] = expires;
    if (upload.offset === upload.size) Object.assign(headers, await deps.finish(caller, uploadId));
    return { status: 200, headers };
  });
}

/**
 * tus termination: 204, after which the upload answers 404. An unfinished upload's bytes are removed
 * (and its quota reservation freed); a finished one is only forgotten, its file stays.
 */
export async function handleTusDelete<Caller>(
  req: IncomingMessage,
  res: ServerResponse,
  uploadId: string,
  deps: TusRequestDeps<Caller>,
): Promise<void> {
  await underUploadLock(req, res, uploadId, deps, async (caller) => {
    await deps.terminate(caller, uploadId);
    return { status: 204 };
  });
}

/**
 * The frame of a HEAD or DELETE on one upload: authorize the caller, hold the upload's lock while
 * `work` runs (released also when it throws, or when the client goes away while waiting for it),
 * then answer `work`'s status and headers; any error becomes its tus answer (`fail`).
 */
async function underUploadLock<Caller>(
  req: IncomingMessage,
  res: ServerResponse,
  uploadId: string,
  deps: TusRequestDeps<Caller>,
  work: (caller: Caller) => Promise<{ status: number; headers?: Record<string, string> }>,
): Promise<void> {
  const answer = responder(res);
  try {
    const caller = await deps.authorize(req, uploadId);
    const lock = await takeLock(deps.locker, uploadId, clientGone(req).signal);
    let result: Awaited<ReturnType<typeof work>>;
    try {
      result = await work(caller);
    } finally {
      await lock.unlock();
    }
    answer(result.status, result.headers);
  } catch (err) {
    fail(err, req, answer, deps.logError);
  }
}
