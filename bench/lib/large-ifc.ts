/**
 * The large IFC test files are stored gzip-compressed (../shared/testdata/ifc-large/README.md):
 * `gunzipOnce` writes the .ifc into bench/.work once and answers its path.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';

/** Folder for the benchmarks' scratch files (git-ignored). */
export const WORK = path.resolve(import.meta.dirname, '../.work');

/** Path of the gunzipped copy of `gz` in WORK, written when missing. */
export async function gunzipOnce(gz: string): Promise<string> {
  await mkdir(WORK, { recursive: true });
  const out = path.join(WORK, path.basename(gz, '.gz'));
  if (!(await stat(out).catch(() => null)))
    await pipeline(createReadStream(gz), createGunzip(), createWriteStream(out));
  return out;
}
