/**
 * The S3 store of tus uploads in progress (tus-s3-store.ts) on Ceph RGW, with real multipart uploads:
 * PATCH chunks that do not line up with parts (incomplete parts prepended), a checksum mismatch in a
 * chunk that already sent a part (nothing recorded), a body cut short (what arrived counts), the
 * hand-over at the final key without a copy, termination aborting the multipart upload, and the
 * sweep aborting multipart uploads that no record names (a crash before recording one). Skipped
 * (saying so) without the S3_* variables of scripts/ceph-s3.sh.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, readAll, type S3Storage } from '../../storage/s3-storage.ts';
import { MIN_PART_BYTES } from './tus-s3-parts.ts';
import { S3TusStore } from './tus-s3-store.ts';

const endpoint = process.env.S3_ENDPOINT;
if (!endpoint) console.warn('[tus s3 store] S3_ENDPOINT unset: skipped (scripts/ceph-s3.sh start)');
const MiB = 1024 * 1024;
const sha1 = (b: Buffer) => createHash('sha1').update(b).digest();
/** `n` bytes of a pattern that differs at every offset (so a misplaced byte shows). */
const pattern = (n: number) => {
  const b = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) b[i] = (i * 7 + (i >>> 12)) & 0xff;
  return b;
};
/** A body that yields `b` in 64 KiB pieces and then fails (a client gone) when `failAfter` is given. */
function body(b: Buffer, failAfter?: number): Readable {
  async function* gen() {
    for (let i = 0; i < (failAfter ?? b.length); i += 64 * 1024)
      yield b.subarray(i, Math.min(i + 64 * 1024, failAfter ?? b.length));
    if (failAfter !== undefined) throw new Error('client gone');
  }
  return Readable.from(gen());
}

describe.skipIf(!endpoint)('tus uploads in progress on S3 (RGW)', () => {
  let s3: S3Storage;
  let store: S3TusStore;
  const targets = new Map<string, string>();
  beforeAll(async () => {
    s3 = createS3Storage({
      endpoint,
      bucket: `bimdrive-tus-store-${Date.now()}`,
      region: process.env.S3_REGION ?? 'us-east-1',
      accessKeyId: process.env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: true,
      prefix: 'p/',
    });
    await s3.ensureBucket();
    store = new S3TusStore({
      storage: s3,
      expirationPeriodInMilliseconds: 3600_000,
      partBytes: MIN_PART_BYTES,
      targetKeyOf: async (id) => targets.get(id) ?? null,
    });
  });
  afterAll(async () => s3?.client.destroy());

  async function created(size: number): Promise<string> {
    const id = crypto.randomUUID();
    targets.set(id, `files/s/${id}/original`);
    await store.create(new Upload({ id, size, offset: 0, metadata: { filename: 'x.bin' } }));
    return id;
  }
  const multipartsOf = async (id: string) =>
    (
      await s3.client.send(
        new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: s3.objectKey(`files/s/${id}/`) }),
      )
    ).Uploads ?? [];
  const ownObjects = async (id: string) =>
    (
      (
        await s3.client.send(
          new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: s3.objectKey(`tus/${id}`) }),
        )
      ).Contents ?? []
    ).map((o) => o.Key!.slice(s3.objectKey('tus/').length));

  it('stores chunks that do not line up with parts, and hands the bytes over at their key without a copy', async () => {
    const data = pattern(13 * MiB + 12345);
    const id = await created(data.length);
    // 3 MiB (incomplete part), 4 MiB (fills part 1, 2 MiB left), 6 MiB + 12345 (parts 2 and the small last).
    const cuts = [0, 3 * MiB, 7 * MiB, data.length];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const n = await store.writeChunk(id, cuts[i]!, body(data.subarray(cuts[i], cuts[i + 1])));
      expect(n).toBe(cuts[i + 1]! - cuts[i]!);
      expect((await store.getUpload(id)).offset).toBe(cuts[i + 1]);
    }
    expect(await multipartsOf(id)).toHaveLength(1);
    expect(await store.hasBytes(id)).toBe(true);
    await store.moveBytes(id, s3, targets.get(id)!);
    await store.moveBytes(id, s3, targets.get(id)!); // idempotent
    expect(await store.hasBytes(id)).toBe(false);
    const stored = await readAll(s3.read(targets.get(id)!));
    expect(sha1(stored).equals(sha1(data))).toBe(true);
    // Only the record is left of the upload in the store's folder; no multipart upload in progress.
    expect(await ownObjects(id)).toEqual([`${id}.info`]);
    expect(await multipartsOf(id)).toHaveLength(0);
    await store.remove(id);
    expect(await ownObjects(id)).toEqual([]);
    expect((await s3.stat(targets.get(id)!))?.size).toBe(data.length); // the file's bytes stay
  });

  it('a checksum mismatch records nothing, even after a part went out; the right chunk then counts', async () => {
    const data = pattern(7 * MiB);
    const id = await created(data.length);
    await store.writeChunk(id, 0, body(data.subarray(0, MiB)));
    const chunk = data.subarray(MiB);
    const bad = Buffer.from(chunk);
    bad[bad.length - 1]! ^= 0xff;
    await expect(
      store.writeChunk(id, MiB, body(bad), { checksum: { algorithm: 'sha1', digest: sha1(chunk) } }),
    ).rejects.toMatchObject({ status_code: 460 });
    expect((await store.getUpload(id)).offset).toBe(MiB);
    await store.writeChunk(id, MiB, body(chunk), { checksum: { algorithm: 'sha1', digest: sha1(chunk) } });
    expect((await store.getUpload(id)).offset).toBe(data.length);
    await store.moveBytes(id, s3, targets.get(id)!);
    expect(sha1(await readAll(s3.read(targets.get(id)!))).equals(sha1(data))).toBe(true);
  });

  it('a body cut short keeps what arrived (resumable from there); termination aborts the multipart upload', async () => {
    const data = pattern(12 * MiB);
    const id = await created(data.length);
    await expect(store.writeChunk(id, 0, body(data, 6 * MiB + 4096))).rejects.toThrow('client gone');
    expect((await store.getUpload(id)).offset).toBe(6 * MiB + 4096);
    expect(await multipartsOf(id)).toHaveLength(1);
    await store.remove(id);
    expect(await store.info(id)).toBeNull();
    expect(await ownObjects(id)).toEqual([]);
    expect(await multipartsOf(id)).toHaveLength(0);
    expect(await s3.stat(targets.get(id)!)).toBeNull();
  });

  it('the sweep aborts multipart uploads no record names, once old enough, and keeps recorded ones', async () => {
    // An upload in progress with a part stored: its multipart upload is in its record.
    const data = pattern(6 * MiB);
    const live = await created(12 * MiB);
    await store.writeChunk(live, 0, body(data));
    expect(await multipartsOf(live)).toHaveLength(1);
    // A multipart upload begun just before a crash, never recorded.
    const lost = crypto.randomUUID();
    await s3.client.send(
      new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: s3.objectKey(`files/s/${lost}/original`) }),
    );
    expect(await multipartsOf(lost)).toHaveLength(1);
    // Too young: nothing is touched.
    expect(await store.abortStaleMultipartUploads(new Date(Date.now() - 3600_000))).toBe(0);
    expect(await multipartsOf(lost)).toHaveLength(1);
    // Old enough (the sweep passes "a day ago"; here: anything begun before now + 1 min).
    expect(await store.abortStaleMultipartUploads(new Date(Date.now() + 60_000))).toBe(1);
    expect(await multipartsOf(lost)).toHaveLength(0);
    expect(await multipartsOf(live)).toHaveLength(1);
    expect((await store.getUpload(live)).offset).toBe(6 * MiB);
    await store.remove(live);
  });

  it('a small upload (under one part) is one incomplete part, copied to its key at hand-over', async () => {
    const data = pattern(100_000);
    const id = await created(data.length);
    await store.writeChunk(id, 0, body(data.subarray(0, 40_000)));
    await store.writeChunk(id, 40_000, body(data.subarray(40_000)));
    await store.markCompleted(id);
    await store.moveBytes(id, s3, targets.get(id)!);
    expect(sha1(await readAll(s3.read(targets.get(id)!))).equals(sha1(data))).toBe(true);
    expect(await ownObjects(id)).toEqual([`${id}.info`]);
    expect((await store.list()).find((e) => e.id === id)?.hasInfo).toBe(true);
  });
});
