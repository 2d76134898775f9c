/**
 * The store of tus uploads in progress on S3 (issue 15 "Object storage and nodes that share nothing";
 * DESIGN.md: with `STORAGE=s3` an upload in progress lives in the bucket, never on a node's disk), so
 * an upload begun on one API node can be continued on any other (the lock is shared through Redis:
 * redis-locker.ts). It implements `TusUploadStore` (tus-file-store.ts) with an S3 multipart upload
 * behind the PATCH handler, in the manner of `@tus/s3-store`:
 *
 * - State: one JSON object per upload, `tus/<id>.info` (under `S3_PREFIX`), holding the `Upload`
 *   fields (offset, size, metadata, creation date), the `Upload-Metadata` header as sent, the
 *   finishing marks (`completed`, `finished`) and the multipart state (`s3`: its object key and
 *   multipart id, the part size, each stored part's number, ETag and size, the incomplete-part
 *   object and whether the bytes were handed over). Written whole with PutObject after the bytes it
 *   describes are stored, so a crash leaves the previous, still true, record.
 * - Parts: every part but the last is exactly `partBytes` (≥ 5 MiB, S3's minimum; grown for big
 *   uploads so that at most 10,000 parts are needed). A PATCH whose bytes do not fill a part leaves
 *   them in an incomplete-part object `tus/<id>.part-<random>`, read back and prepended to the next
 *   PATCH's bytes (a fresh name each time, and the old one deleted only after the record names the
 *   new one). Up to `queueSize` parts of one PATCH are sent at once; the request body is read only
 *   as fast as they are taken (memory: about (queueSize + 1) × partBytes per PATCH).
 * - Checksum extension: parts sent while a checksummed chunk streams in are recorded only once the
 *   whole chunk's digest matched. On a mismatch (460) the record stays as it was: the parts sent are
 *   no part of the upload (the next PATCH sends the same part numbers again, which replaces them, and
 *   completion names only recorded parts) and the incomplete-part remainder is not written.
 * - Without a checksum, what arrived before the client went away (or the lock's holder was asked to
 *   let go) counts, as on local disk: the parts sent and the rest as incomplete part are recorded, so
 *   HEAD answers that offset and the client resumes from it.
 * - Handing over (`moveBytes`, finishing step 2 of uploads.service.ts): the multipart upload is
 *   created at the upload's final key when `targetKeyOf` knows it (the key is fixed at creation:
 *   `files/<space>/<upload id>/original`, or the version's), so completing it is the hand-over and
 *   nothing is copied. Otherwise (another key, an upload smaller than one part kept as one
 *   incomplete-part object) a server-side CopyObject, then the source is deleted. Idempotent: a
 *   completion interrupted before the record said so is recognised by the object at the key.
 * - Termination, expiry and the orphan sweep (`remove`): the multipart upload is aborted (unless its
 *   bytes were handed over: then they are the file's) and the upload's `tus/<id>.*` objects deleted.
 *
 * Why not `@tus/s3-store` itself: it buffers each part in a temporary file on the node's disk
 * (`os.tmpdir()`), keeps no room for this module's finishing marks nor the metadata header as sent,
 * stores parts as they stream (so a checksummed chunk could not be refused before it is stored), and
 * completes the multipart upload at its own key, so the file store would copy every upload once
 * more; the interface here needs writes at an offset with a verified digest and a hand-over.
 * Bucket hygiene: a multipart upload created just before a crash, before its record was written
 * (or by an import into the store cut short), is aborted by the sweep once a day old
 * (`abortStaleMultipartUploads`); a lifecycle rule `AbortIncompleteMultipartUpload` does the same.
 */
import { createHash, randomBytes } from 'node:crypto';
import { addAbortSignal, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import type { S3Storage } from '../../storage/s3-storage.ts';
import {
  CHECKSUM_MISMATCH,
  METADATA_HEADER_FIELD,
  TUS_EXTENSIONS,
  type ChunkOptions,
  type FinishedUpload,
  type StoredUploadEntry,
  type TusUploadStore,
  type UploadInfo,
} from './tus-file-store.ts';

/** S3's smallest part (all but the last). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** S3's largest number of parts of one multipart upload. */
const MAX_PARTS = 10_000;

/** Options of the S3 store of uploads in progress. */
export interface S3TusStoreOptions {
  /** The product's S3 store (its client, bucket and key prefix are used). */
  storage: S3Storage;
  /** Uploads expire this long after creation (0 = never). */
  expirationPeriodInMilliseconds?: number;
  /** Part size in bytes (default 8 MiB; at least 5 MiB; grown for uploads needing > 10,000 parts). */
  partBytes?: number;
  /** Parts of one PATCH sent at once (default 4). */
  queueSize?: number;
  /** Folder of the store's own objects (default `tus/`). */
  folder?: string;
  /**
   * The storage key an upload's bytes will be handed over to (finishing step 2), when known; its
   * multipart upload is then created there and completing it is the hand-over. null/absent: `tus/<id>`.
   */
  targetKeyOf?: (id: string) => Promise<string | null>;
}

/** One stored part of the multipart upload. */
interface StoredPart {
  n: number;
  etag: string;
  size: number;
}

/** The multipart state of an upload. */
interface S3State {
  partBytes: number;
  /** Object key (in the bucket, prefix included) the multipart upload completes at. */
  key?: string;
  uploadId?: string;
  parts: StoredPart[];
  /** Incomplete-part object (bucket key) and its size, when some bytes do not fill a part yet. */
  pendingKey?: string;
  pendingBytes?: number;
  /** The bytes were handed over to object storage (the multipart upload completed or copied). */
  moved?: boolean;
}

/** The record `tus/<id>.info`. */
interface UploadRecord {
  id: string;
  size?: number;
  offset: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
  completed?: boolean;
  finished?: FinishedUpload;
  [METADATA_HEADER_FIELD]?: string;
  s3: S3State;
}

const UUID_PREFIX = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.name === 'NotFound' ||
    e?.name === 'NoSuchKey' ||
    e?.name === 'NoSuchUpload' ||
    e?.Code === 'NoSuchUpload' ||
    e?.$metadata?.httpStatusCode === 404
  );
};

/** Part size of an upload of `size` bytes: `wanted`, at least 5 MiB, big enough for ≤ 10,000 parts (whole MiB). */
export function partSizeFor(size: number, wanted: number): number {
  const mib = 1024 * 1024;
  const need = Math.ceil(size / MAX_PARTS / mib) * mib;
  return Math.max(MIN_PART_BYTES, wanted, need);
}

/** S3 store of tus uploads in progress (see the module comment). */
export class S3TusStore extends DataStore implements TusUploadStore {
  private readonly s3: S3Storage;
  private readonly expiration: number;
  private readonly partBytes: number;
  private readonly queueSize: number;
  private readonly folder: string;
  private readonly targetKeyOf?: (id: string) => Promise<string | null>;

  constructor(opts: S3TusStoreOptions) {
    super();
    this.s3 = opts.storage;
    this.expiration = opts.expirationPeriodInMilliseconds ?? 0;
    this.partBytes = Math.max(MIN_PART_BYTES, opts.partBytes ?? 8 * 1024 * 1024);
    this.queueSize = Math.max(1, opts.queueSize ?? 4);
    this.folder = opts.folder ?? 'tus/';
    this.targetKeyOf = opts.targetKeyOf;
    this.extensions = [...TUS_EXTENSIONS];
  }

  private get client() {
    return this.s3.client;
  }
  private get bucket() {
    return this.s3.bucket;
  }
  /** Bucket key of one of this upload's own objects (`suffix`: `.info`, `.part-…`). */
  private own(id: string, suffix: string): string {
    if (!UUID_PREFIX.test(id) || id.length !== 36) throw ERRORS.FILE_NOT_FOUND;
    return this.s3.objectKey(`${this.folder}${id}${suffix}`);
  }

  private async record(id: string): Promise<UploadRecord | undefined> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.own(id, '.info') }),
      );
      return JSON.parse(await res.Body!.transformToString()) as UploadRecord;
    } catch (err) {
      if (isMissing(err) || err === ERRORS.FILE_NOT_FOUND) return undefined;
      throw err;
    }
  }

  private async save(rec: UploadRecord): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.own(rec.id, '.info'),
        Body: JSON.stringify(rec),
        ContentType: 'application/json',
      }),
    );
  }

  private async deleteKey(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => undefined);
  }

  override getExpiration(): number {
    return this.expiration;
  }

  /** tus creation: the record of a new upload (no bytes yet; the multipart upload starts with the first part). */
  override async create(upload: Upload): Promise<Upload> {
    const header = (upload as Upload & { [METADATA_HEADER_FIELD]?: string })[METADATA_HEADER_FIELD];
    upload.creation_date ??= new Date().toISOString();
    await this.save({
      id: upload.id,
      size: upload.size,
      offset: 0,
      metadata: upload.metadata,
      creation_date: upload.creation_date,
      ...(header !== undefined ? { [METADATA_HEADER_FIELD]: header } : {}),
      s3: { partBytes: partSizeFor(upload.size ?? 0, this.partBytes), parts: [] },
    });
    return upload;
  }

  /** The upload; a completed one answers offset = size. @throws FILE_NOT_FOUND. */
  override async getUpload(id: string): Promise<Upload> {
    const rec = await this.record(id);
    if (!rec) throw ERRORS.FILE_NOT_FOUND;
    return this.uploadOf(rec);
  }

  private uploadOf(rec: UploadRecord): Upload {
    return new Upload({
      id: rec.id,
      size: rec.size,
      offset: rec.completed ? (rec.size ?? rec.offset) : rec.offset,
      metadata: rec.metadata,
      creation_date: rec.creation_date,
      storage: { type: 's3', path: rec.s3.key ?? this.own(rec.id, ''), bucket: this.bucket },
    });
  }

  async info(id: string): Promise<UploadInfo | null> {
    const rec = await this.record(id);
    if (!rec) return null;
    return {
      upload: this.uploadOf(rec),
      completed: rec.completed === true,
      finished: rec.finished,
      metadataHeader: rec[METADATA_HEADER_FIELD],
    };
  }

  async markCompleted(id: string): Promise<void> {
    const rec = await this.record(id);
    if (!rec) throw ERRORS.FILE_NOT_FOUND;
    if (rec.completed) return;
    await this.save({ ...rec, offset: rec.size ?? rec.offset, completed: true });
  }

  async markFinished(id: string, result: FinishedUpload): Promise<void> {
    const rec = await this.record(id);
    if (!rec) return; // terminated meanwhile
    await this.save({ ...rec, finished: result });
  }

  async hasBytes(id: string): Promise<boolean> {
    const rec = await this.record(id);
    return !!rec && !rec.s3.moved;
  }

  /**
   * Hand the complete bytes to `storage` under `key` (finishing step 2): complete the multipart
   * upload (at `key` already: nothing copied; elsewhere: server-side copy), or copy the single
   * incomplete-part object of an upload smaller than a part. Idempotent.
   * @throws FILE_NOT_FOUND without a record; an Error when the bytes are incomplete or gone.
   */
  async moveBytes(id: string, storage: ObjectStorage, key: string): Promise<void> {
    const rec = await this.record(id);
    if (!rec) throw ERRORS.FILE_NOT_FOUND;
    if (rec.s3.moved) return;
    const size = rec.size ?? 0;
    if (rec.offset !== size) throw new Error(`upload ${id} incomplete: ${rec.offset} of ${size} bytes`);
    const into = storage as Partial<S3Storage>;
    if (into.bucket !== this.bucket || typeof into.objectKey !== 'function')
      throw new Error('the S3 upload store hands bytes over to an S3 storage of its bucket only');
    const target = into.objectKey(key);
    const st = rec.s3;
    if (st.uploadId && st.key) {
      try {
        await this.client.send(
          new CompleteMultipartUploadCommand({
            Bucket: this.bucket,
            Key: st.key,
            UploadId: st.uploadId,
            MultipartUpload: { Parts: st.parts.map((p) => ({ PartNumber: p.n, ETag: p.etag })) },
          }),
        );
      } catch (err) {
        // Completed before a crash cut the record short: the object is there, whole.
        const there = await this.headSize(st.key);
        if (!isMissing(err) || there !== size) throw err;
      }
      if (st.key !== target) await this.copy(st.key, target, size);
    } else if (st.pendingKey) await this.copy(st.pendingKey, target, size);
    else if (size === 0)
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: target, Body: Buffer.alloc(0), ContentLength: 0 }),
      );
    else if ((await this.headSize(target)) !== size) throw new Error(`upload ${id}: bytes missing`);
    await this.save({ ...rec, s3: { partBytes: st.partBytes, parts: [], moved: true } });
    if (st.pendingKey && st.pendingKey !== target) await this.deleteKey(st.pendingKey);
  }

  private async headSize(key: string): Promise<number | null> {
    try {
      const h = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return h.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** Server-side copy `from` → `to` (CopyObject: up to 5 GiB), then the source removed. */
  private async copy(from: string, to: string, size: number): Promise<void> {
    if ((await this.headSize(from)) === null && (await this.headSize(to)) === size) return; // copied before a crash
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: to,
        CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
    await this.deleteKey(from);
  }

  /** Abort the multipart upload (unless handed over) and delete the upload's own objects. Missing is no error. */
  override async remove(id: string): Promise<void> {
    const rec = await this.record(id);
    if (rec?.s3.uploadId && rec.s3.key && !rec.s3.moved)
      await this.client
        .send(
          new AbortMultipartUploadCommand({
            Bucket: this.bucket,
            Key: rec.s3.key,
            UploadId: rec.s3.uploadId,
          }),
        )
        .catch((err: unknown) => {
          if (!isMissing(err)) throw err;
        });
    const prefix = this.own(id, '.');
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      // The record last: a remove cut short is found again by the sweep.
      const others = keys.filter((k) => !k.Key.endsWith('.info'));
      if (others.length)
        await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: others, Quiet: true } }),
        );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    await this.deleteKey(this.own(id, '.info'));
  }

  /** creation-with-upload: the POST body at `offset`. @returns the new offset. */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    return offset + (await this.writeChunk(id, offset, readable));
  }

  /** Start the multipart upload of `rec` (at its final key when known) and record it at once. */
  private async startMultipart(rec: UploadRecord): Promise<void> {
    const targetKey = (await this.targetKeyOf?.(rec.id)) ?? null;
    const key = targetKey !== null ? this.s3.objectKey(targetKey) : this.own(rec.id, '');
    const res = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
    rec.s3 = { ...rec.s3, key, uploadId: res.UploadId! };
    await this.save(rec);
  }

  /**
   * Write one PATCH body at `offset` (see the module comment for parts, checksum and aborts).
   * @returns the bytes of `body` stored. @throws CHECKSUM_MISMATCH (nothing stored),
   * ERR_SIZE_EXCEEDED past the upload's size or `limit`, FILE_NOT_FOUND, INVALID_OFFSET, or the
   * stream's or S3's error (without a checksum, what arrived before a stream error is kept).
   */
  async writeChunk(id: string, offset: number, body: Readable, opts: ChunkOptions = {}): Promise<number> {
    const rec = await this.record(id);
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
    if (rec.s3.pendingKey) {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: rec.s3.pendingKey }),
      );
      const prev = Buffer.from(await res.Body!.transformToByteArray());
      if (prev.length !== rec.s3.pendingBytes)
        throw new Error(`upload ${id}: incomplete part has ${prev.length} bytes`);
      filled = prev.copy(part, 0);
    }

    const sent: StoredPart[] = [];
    let nextNumber = rec.s3.parts.length + 1;
    const inflight = new Set<Promise<void>>();
    let sendError: unknown = null;
    let multipart: Promise<void> | null = null;
    const sendPart = (data: Buffer) => {
      const n = nextNumber++;
      multipart ??= rec.s3.uploadId ? Promise.resolve() : this.startMultipart(rec);
      const p = multipart
        .then(() =>
          this.client.send(
            new UploadPartCommand({
              Bucket: this.bucket,
              Key: rec.s3.key,
              UploadId: rec.s3.uploadId,
              PartNumber: n,
              Body: data,
              ContentLength: data.length,
            }),
          ),
        )
        .then((res) => {
          sent.push({ n, etag: res.ETag ?? '', size: data.length });
        })
        .catch((err: unknown) => {
          sendError ??= err;
        })
        .finally(() => inflight.delete(p));
      inflight.add(p);
    };

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
            sendPart(part);
            unbuffered -= partBytes;
            part = nextBuffer();
            filled = 0;
            while (inflight.size >= this.queueSize) await Promise.race(inflight);
            if (sendError) throw sendError;
          }
        }
      }
    } catch (err) {
      streamError = err;
    }
    while (inflight.size) await Promise.race(inflight);
    if (sendError) throw sendError;
    if (streamError && hash) throw streamError; // a checksummed chunk counts whole or not at all
    if (!streamError && hash && !hash.digest().equals(opts.checksum!.digest)) throw CHECKSUM_MISMATCH;

    const newOffset = offset + received;
    const rest = part.subarray(0, filled);
    const parts = [...rec.s3.parts, ...sent].sort((a, b) => a.n - b.n);
    const previousPending = rec.s3.pendingKey;
    let pendingKey: string | undefined;
    if (newOffset === size && parts.length > 0) {
      // The last part may be small.
      if (rest.length) {
        sendPart(Buffer.from(rest));
        while (inflight.size) await Promise.race(inflight);
        if (sendError) throw sendError;
        parts.push(sent[sent.length - 1]!);
      }
    } else if (rest.length) {
      pendingKey = this.own(id, `.part-${randomBytes(6).toString('hex')}`);
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: pendingKey, Body: rest }));
    }
    await this.save({
      ...rec,
      offset: newOffset,
      s3: {
        ...rec.s3,
        parts,
        pendingKey,
        pendingBytes: pendingKey ? rest.length : undefined,
      },
    });
    if (previousPending && previousPending !== pendingKey) await this.deleteKey(previousPending);
    if (streamError) throw streamError;
    return received;
  }

  /** See TusUploadStore: incomplete multipart uploads under this installation's prefix. */
  async abortStaleMultipartUploads(before: Date): Promise<number> {
    const recorded = new Set<string>();
    for (const entry of await this.list()) {
      if (!entry.hasInfo) continue;
      const rec = await this.record(entry.id).catch(() => undefined);
      if (rec?.s3.uploadId) recorded.add(rec.s3.uploadId);
    }
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: this.s3.objectKey(''),
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId || recorded.has(u.UploadId)) continue;
        if (!u.Initiated || u.Initiated.getTime() >= before.getTime()) continue;
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }))
          .then(() => aborted++)
          .catch((err: unknown) => {
            if (!isMissing(err)) throw err;
          });
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return aborted;
  }

  /** Uploads the bucket holds (records and leftovers), for the orphan sweep. */
  async list(): Promise<StoredUploadEntry[]> {
    const byId = new Map<string, StoredUploadEntry>();
    const root = this.s3.objectKey(this.folder);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: root, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        const name = o.Key!.slice(root.length);
        const id = UUID_PREFIX.exec(name)?.[1];
        if (!id) continue;
        const entry = byId.get(id) ?? { id, hasInfo: false, modifiedAt: new Date(0) };
        if (name === `${id}.info`) entry.hasInfo = true;
        if (o.LastModified && o.LastModified > entry.modifiedAt) entry.modifiedAt = o.LastModified;
        byId.set(id, entry);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return [...byId.values()];
  }
}
