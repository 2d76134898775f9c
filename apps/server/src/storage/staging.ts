/**
 * Staging folders of conversions (issue 15 crash recovery): a converter writes its outputs into a
 * private local folder, and they reach the store only once complete, through
 * `ObjectStorage.importFile` (local disk: a rename on the same disk, since the folders live under
 * `<DATA_DIR>/tmp/conversions/`; S3: one upload each). A conversion killed at any moment therefore
 * never leaves a 0-byte or partial artefact under a derived key; what it left in its staging folder
 * is removed by `sweepStaging` at worker start-up and on the recovery timer (conversion-recovery.ts).
 *
 * Folder names are `<host>.<pid>.<random>`: a folder of this host whose process is gone is removed
 * at once, any other only once untouched for `maxAgeMs` (another host sharing DATA_DIR may still be
 * using it).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ObjectStorage } from './object-storage.ts';

/** One conversion's private output folder. */
export interface Staging {
  /** Absolute path of the folder (created, empty). */
  dir: string;
  /**
   * Move finished files of the folder into the store as `${prefix}/${name}`, in the order given
   * (default: every regular file at the top of the folder whose name does not start with `.`, by
   * name). Put the file whose presence tells readers the rest is there last.
   * @returns the keys written. @throws the storage error (the files not moved yet stay here).
   */
  commit(storage: ObjectStorage, prefix: string, names?: string[]): Promise<string[]>;
  /** Remove the folder and whatever is left in it. Never throws. */
  dispose(): Promise<void>;
}

/** Root of the staging folders under a data folder. */
export const stagingRoot = (dataDir: string) => path.join(dataDir, 'tmp', 'conversions');

const host = os.hostname().replace(/[^A-Za-z0-9-]/g, '_');

/** Create a fresh staging folder under `<dataDir>/tmp/conversions/`. */
export async function openStaging(dataDir: string): Promise<Staging> {
  const dir = path.join(stagingRoot(dataDir), `${host}.${process.pid}.${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  return {
    dir,
    async commit(storage, prefix, names) {
      const order =
        names ??
        (await readdir(dir, { withFileTypes: true }))
          .filter((e) => e.isFile() && !e.name.startsWith('.'))
          .map((e) => e.name)
          .sort();
      const keys: string[] = [];
      for (const name of order) {
        const key = `${prefix}/${name}`;
        await storage.importFile(key, path.join(dir, name));
        keys.push(key);
      }
      return keys;
    },
    async dispose() {
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}

/** Whether a process of this host with that pid is running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove staging folders left by conversions that were killed: those of this host whose process is
 * gone, and any untouched for longer than `maxAgeMs`.
 * @returns how many were removed. Never throws.
 */
export async function sweepStaging(dataDir: string, maxAgeMs: number): Promise<number> {
  const root = stagingRoot(dataDir);
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const [owner, pidText] = e.name.split('.');
    const pid = Number(pidText);
    const dir = path.join(root, e.name);
    const orphan = owner === host && Number.isInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid);
    const old = async () => {
      const s = await stat(dir).catch(() => null);
      return s !== null && Date.now() - s.mtimeMs > maxAgeMs;
    };
    if (orphan || (await old())) {
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      removed += 1;
    }
  }
  return removed;
}
