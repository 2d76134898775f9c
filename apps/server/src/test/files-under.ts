/** What a test's data or storage folder holds on disk (tests that check no bytes are left behind). */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every regular file under `dir`, at any depth: its path relative to `dir` and its size in bytes.
 * A folder that does not exist (or vanishes meanwhile) counts as empty.
 */
export async function filesUnder(dir: string): Promise<{ rel: string; size: number }[]> {
  const out: { rel: string; size: number }[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else out.push({ rel: path.relative(dir, full), size: (await stat(full).catch(() => null))?.size ?? 0 });
    }
  };
  await walk(dir);
  return out;
}
