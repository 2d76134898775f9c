/**
 * The incomplete part of an upload on S3 (tus-s3-store.ts; issue 15): a PATCH whose bytes do not
 * fill a part leaves them in an incomplete-part object `tus/<id>.part-<random>`, read back and
 * prepended to the next PATCH's bytes (tus-s3-write.ts). A fresh name each time, and the old one
 * deleted only after the record names the new one, so a crash leaves the record's object intact.
 * An upload smaller than one part is kept whole as its incomplete part until the hand-over
 * (tus-s3-hand-over.ts) copies it into place.
 */
import { randomBytes } from 'node:crypto';
import type { TusS3Bucket } from './tus-s3-bucket.ts';
import type { S3State } from './tus-s3-record.ts';

/**
 * Copy the incomplete part the record `st` names to the start of `part`.
 * @returns the bytes copied. @throws an Error when its size is not the recorded one; S3's error.
 */
export async function readIncompletePart(
  bucket: TusS3Bucket,
  id: string,
  st: S3State,
  part: Buffer,
): Promise<number> {
  const prev = await bucket.getBytes(st.pendingKey!);
  if (prev.length !== st.pendingBytes)
    throw new Error(`upload ${id}: incomplete part has ${prev.length} bytes`);
  return prev.copy(part, 0);
}

/** Store `rest` as a new incomplete-part object of upload `id`. @returns its bucket key. */
export async function storeIncompletePart(bucket: TusS3Bucket, id: string, rest: Buffer): Promise<string> {
  const key = bucket.own(id, `.part-${randomBytes(6).toString('hex')}`);
  await bucket.put(key, rest);
  return key;
}
