/**
 * Handing the bytes of a complete upload on S3 over to object storage (tus-s3-store.ts `moveBytes`,
 * finishing step 2: upload-finishing.ts, upload-commit.ts; issue 15). The multipart upload is
 * created at the upload's final key when `targetKeyOf` knows it (the key is fixed at creation:
 * `files/<space>/<upload id>/original`, or the version's), so completing it is the hand-over and
 * nothing is copied. Otherwise (another key, an upload smaller than one part kept as one
 * incomplete-part object) a server-side CopyObject, then the source is deleted; an empty upload is
 * an empty object put at the key. Idempotent: a completion interrupted before the record said so is
 * recognised by the object at the key. The record then says `moved` and names no parts.
 */
import { ERRORS } from '@tus/utils';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import type { S3Storage } from '../../storage/s3-storage.ts';
import { isMissing, type TusS3Bucket } from './tus-s3-bucket.ts';
import { readRecord, saveRecord } from './tus-s3-record.ts';

/**
 * Hand the complete bytes of upload `id` to `storage` under `key` (see the module comment).
 * @throws FILE_NOT_FOUND without a record; an Error when the bytes are incomplete or gone, or when
 * `storage` is not an S3 storage of the same bucket; S3's error.
 */
export async function handOver(
  bucket: TusS3Bucket,
  id: string,
  storage: ObjectStorage,
  key: string,
): Promise<void> {
  const rec = await readRecord(bucket, id);
  if (!rec) throw ERRORS.FILE_NOT_FOUND;
  if (rec.s3.moved) return;
  const size = rec.size ?? 0;
  if (rec.offset !== size) throw new Error(`upload ${id} incomplete: ${rec.offset} of ${size} bytes`);
  const into = storage as Partial<S3Storage>;
  if (into.bucket !== bucket.bucket || typeof into.objectKey !== 'function')
    throw new Error('the S3 upload store hands bytes over to an S3 storage of its bucket only');
  const target = into.objectKey(key);
  const st = rec.s3;
  if (st.uploadId && st.key) {
    try {
      await bucket.completeMultipart(st.key, st.uploadId, st.parts);
    } catch (err) {
      // Completed before a crash cut the record short: the object is there, whole.
      const there = await bucket.headSize(st.key);
      if (!isMissing(err) || there !== size) throw err;
    }
    if (st.key !== target) await copy(bucket, st.key, target, size);
  } else if (st.pendingKey) await copy(bucket, st.pendingKey, target, size);
  else if (size === 0) await bucket.put(target, Buffer.alloc(0), { ContentLength: 0 });
  else if ((await bucket.headSize(target)) !== size) throw new Error(`upload ${id}: bytes missing`);
  await saveRecord(bucket, { ...rec, s3: { partBytes: st.partBytes, parts: [], moved: true } });
  if (st.pendingKey && st.pendingKey !== target) await bucket.deleteKey(st.pendingKey);
}

/** Server-side copy `from` → `to` (CopyObject: up to 5 GiB), then the source removed; done already → nothing. */
async function copy(bucket: TusS3Bucket, from: string, to: string, size: number): Promise<void> {
  if ((await bucket.headSize(from)) === null && (await bucket.headSize(to)) === size) return; // copied before a crash
  await bucket.copyObject(from, to);
  await bucket.deleteKey(from);
}
