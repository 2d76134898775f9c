/**
 * The store of tus uploads in progress on S3 (issue 15 "Object storage and nodes that share nothing";
 * DESIGN.md: with `STORAGE=s3` an upload in progress lives in the bucket, never on a node's disk), so
 * an upload begun on one API node can be continued on any other (the lock is shared through Redis:
 * redis-locker.ts). It implements `TusUploadStore` (tus-file-store.ts) with an S3 multipart upload
 * behind the PATCH handler, in the manner of `@tus/s3-store`. This class answers the store's calls;
 * its parts:
 * - State: one JSON object per upload, `tus/<id>.info` (under `S3_PREFIX`), written whole after the
 *   bytes it describes are stored, so a crash leaves the previous, still true, record
 *   (tus-s3-record.ts).
 * - Parts: every part but the last is exactly `partBytes` (≥ 5 MiB, grown so that at most 10,000
 *   parts are needed); up to `queueSize` parts of one PATCH are sent at once (tus-s3-parts.ts). A
 *   PATCH whose bytes do not fill a part leaves them in an incomplete-part object
 *   `tus/<id>.part-<random>`, prepended to the next PATCH's bytes (tus-s3-incomplete-part.ts).
 * - Writing a PATCH body, with the checksum extension (a chunk whose digest differs is not recorded:
 *   460) and, without a checksum, what arrived before the client went away counting
 *   (tus-s3-write.ts).
 * - Handing over (`moveBytes`, finishing step 2: upload-finishing.ts): completing the multipart
 *   upload created at the final key, so nothing is copied (tus-s3-hand-over.ts).
 * - Termination, expiry and the orphan sweep (`remove`): the multipart upload is aborted (unless its
 *   bytes were handed over: then they are the file's) and the upload's `tus/<id>.*` objects deleted,
 *   the record last.
 * - The S3 requests themselves: tus-s3-bucket.ts.
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
import type { Readable } from 'node:stream';
import { DataStore, ERRORS, type Upload } from '@tus/utils';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import type { S3Storage } from '../../storage/s3-storage.ts';
import {
  METADATA_HEADER_FIELD,
  TUS_EXTENSIONS,
  type ChunkOptions,
  type FinishedUpload,
  type StoredUploadEntry,
  type TusUploadStore,
  type UploadInfo,
} from './tus-file-store.ts';
import { TusS3Bucket, UUID_PREFIX } from './tus-s3-bucket.ts';
import { handOver } from './tus-s3-hand-over.ts';
import { MIN_PART_BYTES, partSizeFor, type PartSending } from './tus-s3-parts.ts';
import { readRecord, saveRecord, uploadOf } from './tus-s3-record.ts';
import { writeChunk } from './tus-s3-write.ts';

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

/** S3 store of tus uploads in progress (see the module comment). */
export class S3TusStore extends DataStore implements TusUploadStore {
  private readonly bucket: TusS3Bucket;
  private readonly expiration: number;
  private readonly partBytes: number;
  /** What sending parts needs (the bucket, `queueSize`, `targetKeyOf`). */
  private readonly sending: PartSending;

  constructor(opts: S3TusStoreOptions) {
    super();
    this.bucket = new TusS3Bucket(opts.storage, opts.folder ?? 'tus/');
    this.expiration = opts.expirationPeriodInMilliseconds ?? 0;
    this.partBytes = Math.max(MIN_PART_BYTES, opts.partBytes ?? 8 * 1024 * 1024);
    this.sending = {
      bucket: this.bucket,
      queueSize: Math.max(1, opts.queueSize ?? 4),
      targetKeyOf: opts.targetKeyOf,
    };
    this.extensions = [...TUS_EXTENSIONS];
  }

  override getExpiration(): number {
    return this.expiration;
  }

  /** tus creation: the record of a new upload (no bytes yet; the multipart upload starts with the first part). */
  override async create(upload: Upload): Promise<Upload> {
    const header = (upload as Upload & { [METADATA_HEADER_FIELD]?: string })[METADATA_HEADER_FIELD];
    upload.creation_date ??= new Date().toISOString();
    await saveRecord(this.bucket, {
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
    const rec = await readRecord(this.bucket, id);
    if (!rec) throw ERRORS.FILE_NOT_FOUND;
    return uploadOf(this.bucket, rec);
  }

  async info(id: string): Promise<UploadInfo | null> {
    const rec = await readRecord(this.bucket, id);
    if (!rec) return null;
    return {
      upload: uploadOf(this.bucket, rec),
      completed: rec.completed === true,
      finished: rec.finished,
      metadataHeader: rec[METADATA_HEADER_FIELD],
    };
  }

  async markCompleted(id: string): Promise<void> {
    const rec = await readRecord(this.bucket, id);
    if (!rec) throw ERRORS.FILE_NOT_FOUND;
    if (rec.completed) return;
    await saveRecord(this.bucket, { ...rec, offset: rec.size ?? rec.offset, completed: true });
  }

  async markFinished(id: string, result: FinishedUpload): Promise<void> {
    const rec = await readRecord(this.bucket, id);
    if (!rec) return; // terminated meanwhile
    await saveRecord(this.bucket, { ...rec, finished: result });
  }

  async hasBytes(id: string): Promise<boolean> {
    const rec = await readRecord(this.bucket, id);
    return !!rec && !rec.s3.moved;
  }

  /**
   * Hand the complete bytes to `storage` under `key` (finishing step 2; tus-s3-hand-over.ts).
   * Idempotent. @throws FILE_NOT_FOUND without a record; an Error when the bytes are incomplete or gone.
   */
  async moveBytes(id: string, storage: ObjectStorage, key: string): Promise<void> {
    await handOver(this.bucket, id, storage, key);
  }

  /** Abort the multipart upload (unless handed over) and delete the upload's own objects. Missing is no error. */
  override async remove(id: string): Promise<void> {
    const rec = await readRecord(this.bucket, id);
    if (rec?.s3.uploadId && rec.s3.key && !rec.s3.moved)
      await this.bucket.abortMultipart(rec.s3.key, rec.s3.uploadId);
    const prefix = this.bucket.own(id, '.');
    for await (const objects of this.bucket.listObjects(prefix)) {
      const keys = objects.map((o) => o.Key!);
      // The record last: a remove cut short is found again by the sweep.
      const others = keys.filter((k) => !k.endsWith('.info'));
      if (others.length) await this.bucket.deleteKeys(others);
    }
    await this.bucket.deleteKey(this.bucket.own(id, '.info'));
  }

  /** creation-with-upload: the POST body at `offset`. @returns the new offset. */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    return offset + (await this.writeChunk(id, offset, readable));
  }

  /**
   * Write one PATCH body at `offset` (tus-s3-write.ts: parts, checksum and aborts).
   * @returns the bytes of `body` stored. @throws CHECKSUM_MISMATCH (nothing stored),
   * ERR_SIZE_EXCEEDED past the upload's size or `limit`, FILE_NOT_FOUND, INVALID_OFFSET, or the
   * stream's or S3's error (without a checksum, what arrived before a stream error is kept).
   */
  async writeChunk(id: string, offset: number, body: Readable, opts: ChunkOptions = {}): Promise<number> {
    return writeChunk(this.sending, id, offset, body, opts);
  }

  /** See TusUploadStore: incomplete multipart uploads under this installation's prefix. */
  async abortStaleMultipartUploads(before: Date): Promise<number> {
    const recorded = new Set<string>();
    for (const entry of await this.list()) {
      if (!entry.hasInfo) continue;
      const rec = await readRecord(this.bucket, entry.id).catch(() => undefined);
      if (rec?.s3.uploadId) recorded.add(rec.s3.uploadId);
    }
    let aborted = 0;
    for await (const uploads of this.bucket.listMultipartUploads(this.bucket.objectKey(''))) {
      for (const u of uploads) {
        if (!u.Key || !u.UploadId || recorded.has(u.UploadId)) continue;
        if (!u.Initiated || u.Initiated.getTime() >= before.getTime()) continue;
        if (await this.bucket.abortMultipart(u.Key, u.UploadId)) aborted++;
      }
    }
    return aborted;
  }

  /** Uploads the bucket holds (records and leftovers), for the orphan sweep. */
  async list(): Promise<StoredUploadEntry[]> {
    const byId = new Map<string, StoredUploadEntry>();
    const root = this.bucket.objectKey(this.bucket.folder);
    for await (const objects of this.bucket.listObjects(root)) {
      for (const o of objects) {
        const name = o.Key!.slice(root.length);
        const id = UUID_PREFIX.exec(name)?.[1];
        if (!id) continue;
        const entry = byId.get(id) ?? { id, hasInfo: false, modifiedAt: new Date(0) };
        if (name === `${id}.info`) entry.hasInfo = true;
        if (o.LastModified && o.LastModified > entry.modifiedAt) entry.modifiedAt = o.LastModified;
        byId.set(id, entry);
      }
    }
    return [...byId.values()];
  }
}
