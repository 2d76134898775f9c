/**
 * `bimdrive storage migrate` (issue 15): copy a local-disk installation's objects (`DATA_DIR/storage`)
 * into an S3 store, then read every object back from S3 and compare its sha256 with the local file's.
 * The local files are left in place (switch `STORAGE=s3` once the report says every object matched).
 * Objects already in S3 with the same size and sha256 are not sent again, so an interrupted run can be
 * repeated. In-progress tus uploads (`uploads/`) are not copied: finish or cancel them first.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Storage } from './s3-storage.ts';

/** What a migration did. */
export interface MigrateReport {
  /** Objects found on local disk. */
  objects: number;
  /** Bytes found on local disk. */
  bytes: number;
  /** Objects sent (the rest were already there, equal). */
  copied: number;
  /** Keys whose S3 copy does not match the local file after the run (empty when all is well). */
  mismatched: string[];
}

async function sha256Of(stream: Readable): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of stream) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** Every file under `dir`, as keys relative to `root` (POSIX separators), skipping `skip` prefixes. */
async function* walk(root: string, dir: string, skip: string[]): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const key = path.relative(root, full).split(path.sep).join('/');
    if (skip.some((s) => key === s || key.startsWith(`${s}/`))) continue;
    if (entry.isDirectory()) yield* walk(root, full, skip);
    else if (entry.isFile()) yield key;
  }
}

/**
 * Copy every object under the local store `localRoot` to `s3` and verify each by sha256.
 * `onProgress` is told each key as it is done. @throws when S3 cannot be reached.
 */
export async function migrateToS3(
  localRoot: string,
  s3: S3Storage,
  onProgress?: (key: string, copied: boolean) => void,
): Promise<MigrateReport> {
  await s3.ensureBucket();
  const report: MigrateReport = { objects: 0, bytes: 0, copied: 0, mismatched: [] };
  for await (const key of walk(localRoot, localRoot, ['uploads'])) {
    const file = path.join(localRoot, ...key.split('/'));
    const { size } = await stat(file);
    report.objects++;
    report.bytes += size;
    const local = await sha256Of(createReadStream(file));
    const there = await s3.stat(key);
    let copied = false;
    if (!there || there.size !== size || (await sha256Of(s3.read(key))) !== local) {
      await new Upload({
        client: s3.client,
        params: { Bucket: s3.bucket, Key: s3.objectKey(key), Body: createReadStream(file) },
        partSize: 16 << 20,
        queueSize: 4,
      }).done();
      copied = true;
      report.copied++;
      if ((await sha256Of(s3.read(key))) !== local) report.mismatched.push(key);
    }
    onProgress?.(key, copied);
  }
  return report;
}
