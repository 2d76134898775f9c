/** Staging folders of conversions (staging.ts): whole files reach the store, leftovers are swept. */
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.ts';
import { openStaging, stagingRoot, sweepStaging } from './staging.ts';

describe('conversion staging', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bimdrive-staging-'));
  });
  afterEach(async () => rm(dataDir, { recursive: true, force: true }));

  it('moves finished files into the store, skipping dot-names and folders, and removes the rest', async () => {
    const storage = createLocalStorage(path.join(dataDir, 'storage'));
    const staging = await openStaging(dataDir);
    expect(staging.dir.startsWith(stagingRoot(dataDir))).toBe(true);
    await writeFile(path.join(staging.dir, 'model.frag'), 'frag');
    await writeFile(path.join(staging.dir, 'poster.jpg'), 'jpg');
    await mkdir(path.join(staging.dir, '.input'));
    await writeFile(path.join(staging.dir, '.input', 'x'), 'scratch');
    const keys = await staging.commit(storage, 'files/s/f/derived');
    expect(keys).toEqual(['files/s/f/derived/model.frag', 'files/s/f/derived/poster.jpg']);
    const stored = path.join(dataDir, 'storage', 'files/s/f/derived');
    expect(await readFile(path.join(stored, 'model.frag'), 'utf8')).toBe('frag');
    expect(await readdir(stored)).toEqual(['model.frag', 'poster.jpg']);
    await staging.dispose();
    expect(await readdir(stagingRoot(dataDir))).toEqual([]);
  });

  it('commits in the order given', async () => {
    const storage = createLocalStorage(path.join(dataDir, 'storage'));
    const staging = await openStaging(dataDir);
    await writeFile(path.join(staging.dir, 'preview.glb'), 'glb');
    await writeFile(path.join(staging.dir, 'preview.glb.gz'), 'gz');
    expect(await staging.commit(storage, 'd', ['preview.glb.gz', 'preview.glb'])).toEqual([
      'd/preview.glb.gz',
      'd/preview.glb',
    ]);
    await staging.dispose();
  });

  it('sweeps folders of dead processes of this host and old ones, keeps live ones', async () => {
    const root = stagingRoot(dataDir);
    const host = os.hostname().replace(/[^A-Za-z0-9-]/g, '_');
    const live = await openStaging(dataDir);
    const dead = path.join(root, `${host}.2147483646.aaaa`); // no such pid
    const otherHost = path.join(root, 'elsewhere.123.bbbb');
    const oldOther = path.join(root, 'elsewhere.124.cccc');
    for (const d of [dead, otherHost, oldOther]) await mkdir(d, { recursive: true });
    const dayAgo = new Date(Date.now() - 24 * 3600_000);
    await utimes(oldOther, dayAgo, dayAgo);
    expect(await sweepStaging(dataDir, 3600_000)).toBe(2);
    expect((await readdir(root)).sort()).toEqual([path.basename(live.dir), 'elsewhere.123.bbbb'].sort());
    await live.dispose();
  });

  it('a missing root sweeps nothing', async () => {
    expect(await sweepStaging(path.join(dataDir, 'none'), 1000)).toBe(0);
  });
});
