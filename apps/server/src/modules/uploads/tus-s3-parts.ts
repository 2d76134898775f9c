/**
 * The parts of an upload's S3 multipart upload (tus-s3-store.ts; issue 15), in the manner of
 * `@tus/s3-store`:
 * - Sizes: every part but the last is exactly `partBytes` (≥ 5 MiB, S3's minimum; grown for big
 *   uploads so that at most 10,000 parts are needed: `partSizeFor`, fixed in the record at creation).
 * - The multipart upload starts with the first part (`startMultipart`): at the upload's final key
 *   when `targetKeyOf` knows it (so completing it is the hand-over: tus-s3-hand-over.ts), otherwise
 *   at `tus/<id>`; it is recorded at once, so termination and the sweep can abort it.
 * - Sending (`PartQueue`): part numbers follow the parts the record holds; up to `queueSize` parts
 *   of one PATCH are sent at once (the writer waits for room: tus-s3-write.ts). A part sent is
 *   stored (number, ETag, size) only in the queue's `sent` until the writer records it; the first
 *   failure of any send is kept and thrown by `waitBelow`/`drain`.
 */
import type { TusS3Bucket } from './tus-s3-bucket.ts';
import { saveRecord, type StoredPart, type UploadRecord } from './tus-s3-record.ts';

/** S3's smallest part (all but the last). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** S3's largest number of parts of one multipart upload. */
const MAX_PARTS = 10_000;

/** Part size of an upload of `size` bytes: `wanted`, at least 5 MiB, big enough for ≤ 10,000 parts (whole MiB). */
export function partSizeFor(size: number, wanted: number): number {
  const mib = 1024 * 1024;
  const need = Math.ceil(size / MAX_PARTS / mib) * mib;
  return Math.max(MIN_PART_BYTES, wanted, need);
}

/** What sending parts needs from the store (S3TusStoreOptions). */
export interface PartSending {
  bucket: TusS3Bucket;
  /** Parts of one PATCH sent at once (≥ 1). */
  queueSize: number;
  /** The storage key an upload's bytes will be handed over to, when known (null: `tus/<id>`). */
  targetKeyOf?: (id: string) => Promise<string | null>;
}

/** Start the multipart upload of `rec` (at its final key when known) and record it at once. */
export async function startMultipart(w: PartSending, rec: UploadRecord): Promise<void> {
  const targetKey = (await w.targetKeyOf?.(rec.id)) ?? null;
  const key = targetKey !== null ? w.bucket.objectKey(targetKey) : w.bucket.own(rec.id, '');
  const uploadId = await w.bucket.createMultipart(key);
  rec.s3 = { ...rec.s3, key, uploadId };
  await saveRecord(w.bucket, rec);
}

/**
 * The parts one PATCH sends, numbered after those `rec` holds; the multipart upload is started with
 * the first (which sets `rec.s3.key` and `uploadId`). Sends run in the background: `send` never
 * throws; `waitBelow` and `drain` throw the first failure.
 */
export class PartQueue {
  /** Parts stored by this queue, in the order their sends ended. */
  readonly sent: StoredPart[] = [];
  private readonly w: PartSending;
  private readonly rec: UploadRecord;
  private nextNumber: number;
  private readonly inflight = new Set<Promise<void>>();
  private sendError: unknown = null;
  private multipart: Promise<void> | null = null;

  constructor(w: PartSending, rec: UploadRecord) {
    this.w = w;
    this.rec = rec;
    this.nextNumber = rec.s3.parts.length + 1;
  }

  /** Send `data` as the next part (in the background). */
  send(data: Buffer): void {
    const n = this.nextNumber++;
    const rec = this.rec;
    this.multipart ??= rec.s3.uploadId ? Promise.resolve() : startMultipart(this.w, rec);
    const p = this.multipart
      .then(() => this.w.bucket.uploadPart(rec.s3.key!, rec.s3.uploadId!, n, data))
      .then((etag) => {
        this.sent.push({ n, etag, size: data.length });
      })
      .catch((err: unknown) => {
        this.sendError ??= err;
      })
      .finally(() => this.inflight.delete(p));
    this.inflight.add(p);
  }

  /** Wait until fewer than `max` sends are under way. @throws the first failed send's error. */
  async waitBelow(max: number): Promise<void> {
    while (this.inflight.size >= max) await Promise.race(this.inflight);
    if (this.sendError) throw this.sendError;
  }

  /** Wait until every send ended. @throws the first failed send's error. */
  async drain(): Promise<void> {
    while (this.inflight.size) await Promise.race(this.inflight);
    if (this.sendError) throw this.sendError;
  }
}
