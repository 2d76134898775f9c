/**
 * The record of an upload in progress on S3 (tus-s3-store.ts; issue 15): one JSON object per upload,
 * `tus/<id>.info` (under `S3_PREFIX`), holding the `Upload` fields (offset, size, metadata, creation
 * date), the `Upload-Metadata` header as sent, the finishing marks (`completed`, `finished`) and the
 * multipart state (`s3`: its object key and multipart id, the part size, each stored part's number,
 * ETag and size, the incomplete-part object and whether the bytes were handed over). Written whole
 * with PutObject after the bytes it describes are stored, so a crash leaves the previous, still
 * true, record.
 */
import { ERRORS, Upload } from '@tus/utils';
import { METADATA_HEADER_FIELD, type FinishedUpload } from './tus-file-store.ts';
import { isMissing, type TusS3Bucket } from './tus-s3-bucket.ts';

/** One stored part of the multipart upload. */
export interface StoredPart {
  n: number;
  etag: string;
  size: number;
}

/** The multipart state of an upload. */
export interface S3State {
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
export interface UploadRecord {
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

/** The record of upload `id`; undefined when there is none (or `id` is no upload id). */
export async function readRecord(bucket: TusS3Bucket, id: string): Promise<UploadRecord | undefined> {
  try {
    return JSON.parse(await bucket.getText(bucket.own(id, '.info'))) as UploadRecord;
  } catch (err) {
    if (isMissing(err) || err === ERRORS.FILE_NOT_FOUND) return undefined;
    throw err;
  }
}

/** Write the record whole (PutObject). */
export async function saveRecord(bucket: TusS3Bucket, rec: UploadRecord): Promise<void> {
  await bucket.put(bucket.own(rec.id, '.info'), JSON.stringify(rec), { ContentType: 'application/json' });
}

/** The tus `Upload` of a record; a completed one answers offset = size. */
export function uploadOf(bucket: TusS3Bucket, rec: UploadRecord): Upload {
  return new Upload({
    id: rec.id,
    size: rec.size,
    offset: rec.completed ? (rec.size ?? rec.offset) : rec.offset,
    metadata: rec.metadata,
    creation_date: rec.creation_date,
    storage: { type: 's3', path: rec.s3.key ?? bucket.own(rec.id, ''), bucket: bucket.bucket },
  });
}
