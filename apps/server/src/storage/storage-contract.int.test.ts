/**
 * The object-storage contract (storage/object-storage.ts), run on local disk and on S3 (Ceph RGW from
 * scripts/ceph-s3.sh, whose S3_* variables scripts/test.sh exports; without them the S3 half is
 * skipped and says so). Real files from ../shared/testdata.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage, readAll } from './s3-storage.ts';
import { migrateToS3 } from './migrate.ts';
import type { ObjectStorage } from './object-storage.ts';
import { TESTDATA } from '../test/testdata.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const IFC = path.join(TESTDATA, 'ifc/AC20-FZK-Haus.ifc');

const s3Env = process.env.S3_ENDPOINT;
if (!s3Env)
  console.warn('[storage contract] S3_ENDPOINT unset: the S3 half is skipped (scripts/ceph-s3.sh start)');

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'bimdrive-storage-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A local copy of a test file, to be imported (import moves it). */
async function staged(source: string): Promise<string> {
  const file = path.join(work, `staged-${randomBytes(4).toString('hex')}`);
  await writeFile(file, await readFile(source));
  return file;
}

function contract(name: string, make: () => Promise<ObjectStorage>) {
  describe(`object storage: ${name}`, () => {
    let store: ObjectStorage;
    const root = `contract-${Date.now()}-${randomBytes(3).toString('hex')}`;
    beforeAll(async () => {
      store = await make();
    });

    it('imports a file (moving it), states its size and reads it back byte-equal', async () => {
      const original = await readFile(IFC);
      const src = await staged(IFC);
      await store.importFile(`${root}/a/original`, src);
      await expect(stat(src)).rejects.toThrow();
      expect(await store.stat(`${root}/a/original`)).toEqual({ size: original.length });
      expect(sha256(await readAll(store.read(`${root}/a/original`)))).toBe(sha256(original));
    });

    it('reads a byte range (inclusive end, as HTTP Range)', async () => {
      const original = await readFile(IFC);
      const part = await readAll(store.read(`${root}/a/original`, { start: 100, end: 1099 }));
      expect(part.length).toBe(1000);
      expect(part.equals(original.subarray(100, 1100))).toBe(true);
    });

    it('replaces an object on a second import', async () => {
      const other = path.join(TESTDATA, 'dxf/polylines.dxf');
      await store.importFile(`${root}/a/original`, await staged(other));
      expect((await store.stat(`${root}/a/original`))?.size).toBe((await readFile(other)).length);
    });

    it('answers null for a missing object and an ENOENT error when reading it', async () => {
      expect(await store.stat(`${root}/missing`)).toBeNull();
      await expect(readAll(store.read(`${root}/missing`))).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('deletes a prefix and everything under it, and nothing beside it', async () => {
      await store.importFile(`${root}/b/x/original`, await staged(IFC));
      await store.importFile(`${root}/b/x/derived/model.frag`, await staged(IFC));
      await store.importFile(`${root}/b/y/original`, await staged(IFC));
      await store.deletePrefix(`${root}/b/x`);
      expect(await store.stat(`${root}/b/x/original`)).toBeNull();
      expect(await store.stat(`${root}/b/x/derived/model.frag`)).toBeNull();
      expect(await store.stat(`${root}/b/y/original`)).not.toBeNull();
      await store.deletePrefix(`${root}/nothing-here`); // missing is not an error
    });

    it('gives tools a local file with the bytes, and ENOENT for a missing object', async () => {
      const scratch = await mkdtemp(path.join(work, 'scratch-'));
      const file = await store.localFile(`${root}/b/y/original`, scratch);
      expect(sha256(await readFile(file))).toBe(sha256(await readFile(IFC)));
      await expect(store.localFile(`${root}/missing`, scratch)).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('refuses keys that climb out of the store', async () => {
      expect(() => store.read('../etc/passwd')).toThrow(/escapes/);
    });
  });
}

contract('local disk', async () => createLocalStorage(path.join(work, 'store')));

describe.skipIf(!s3Env)('S3 (Ceph RGW)', () => {
  contract('S3', async () => {
    const s3 = createS3Storage({
      endpoint: s3Env,
      bucket: `bimdrive-test-${Date.now()}`,
      region: process.env.S3_REGION ?? 'us-east-1',
      accessKeyId: process.env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: true,
      partBytes: 5 << 20,
    });
    await s3.ensureBucket();
    return s3;
  });

  it('gives tools a local copy in their scratch folder', async () => {
    const s3 = createS3Storage({
      endpoint: s3Env,
      bucket: `bimdrive-test-copy-${Date.now()}`,
      region: 'us-east-1',
      accessKeyId: process.env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: true,
    });
    await s3.ensureBucket();
    await s3.importFile('k/original', await staged(IFC));
    const scratch = await mkdtemp(path.join(work, 'scratch-'));
    const copy = await s3.localFile('k/original', scratch);
    expect(path.dirname(copy)).toBe(scratch);
    expect(sha256(await readFile(copy))).toBe(sha256(await readFile(IFC)));
    await expect(s3.localFile('k/missing', scratch)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('migrates a local-disk store to S3, verifying every object, and skips equal objects on a second run', async () => {
    const localRoot = path.join(work, 'migrate-src');
    const local = createLocalStorage(localRoot);
    await local.importFile('files/s1/f1/original', await staged(IFC));
    await local.importFile(
      'files/s1/f1/derived/drawing.dxf',
      await staged(path.join(TESTDATA, 'dxf/polylines.dxf')),
    );
    await local.importFile('uploads/in-progress', await staged(IFC)); // tus uploads stay behind
    const s3 = createS3Storage({
      endpoint: s3Env,
      bucket: `bimdrive-test-migrate-${Date.now()}`,
      region: 'us-east-1',
      accessKeyId: process.env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: true,
    });
    const first = await migrateToS3(localRoot, s3);
    expect(first).toMatchObject({ objects: 2, copied: 2, mismatched: [] });
    expect(first.bytes).toBe(
      (await readFile(IFC)).length + (await readFile(path.join(TESTDATA, 'dxf/polylines.dxf'))).length,
    );
    expect(sha256(await readAll(s3.read('files/s1/f1/original')))).toBe(sha256(await readFile(IFC)));
    expect(await s3.stat('uploads/in-progress')).toBeNull();
    // Local files stay; a second run sends nothing.
    expect(await local.stat('files/s1/f1/original')).not.toBeNull();
    expect(await migrateToS3(localRoot, s3)).toMatchObject({ objects: 2, copied: 0, mismatched: [] });
  });
});
