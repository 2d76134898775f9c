/**
 * Crash recovery end to end (issue 15): real server processes (`node apps/server/src/main.ts`) on a
 * temporary DATA_DIR are killed with SIGKILL while they convert a real IFC, and then:
 * - no converter process outlives them (every descendant recorded just before the kill is gone
 *   within 3 s: the kernel's parent-death signal, converters/run-isolated.ts);
 * - no artefact is left under the file's derived key (converters write into a staging folder);
 * - after a restart the file ends 转换完成 by itself (pg-boss heartbeats: the dead worker's job is
 *   retried) and its model is served whole.
 * Cases: the all-in-one server (PGlite: the second start reuses the database folder; PostgreSQL: the
 * same fresh database), and on PostgreSQL a worker process killed while the API process stays up.
 * Measured times are printed (kill → retry running, kill → 转换完成).
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { Api, StatusType, type FileRowValue, type PreviewInfoValue } from '@bimdrive/contracts';
import {
  call,
  freshPostgres,
  signUp,
  testDbKind,
  TESTDATA,
  uploadBytes,
  type Reachable,
  type TestUser,
} from '../../test/harness.ts';
import { freePort } from '../../test/free-port.ts';
import { descendants, survivors } from '../../test/processes.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';

/** An IFC that takes long enough to convert (about 15 s) to be caught mid-conversion on a fast machine. */
const MODEL = 'ifc-large/fzk-haus-x20.ifc.gz';

const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const p of started)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(started.map((p) => p.exited));
  for (const c of cleanups) await c().catch(() => undefined);
});

/** Start `main.ts` in a role (test/server-process.ts); resolves once it says it is running. */
const startProcess = (role: 'all' | 'api' | 'worker', env: Record<string, string>) =>
  startServerProcess(role, env, started);

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null | undefined | false>) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const fileInfo = async (app: Reachable, u: TestUser, iuid: string) =>
  (await call<FileRowValue>(app, 'GET', Api.fileInfo, { token: u.token, query: { IUID: iuid } })).body.data;

/** Regular files under the file's derived folders (any space, any version). */
async function derivedFiles(dataDir: string, iuid: string): Promise<{ name: string; size: number }[]> {
  const found: { name: string; size: number }[] = [];
  const spaces = await readdir(path.join(dataDir, 'storage/files')).catch(() => []);
  for (const space of spaces) {
    const dir = path.join(dataDir, 'storage/files', space, iuid, 'derived');
    for (const name of await readdir(dir).catch(() => [])) {
      const s = await stat(path.join(dir, name)).catch(() => null);
      if (s?.isFile()) found.push({ name, size: s.size });
    }
  }
  return found;
}

/**
 * Upload the model through `api`, wait until `victim` is converting it, kill `victim` with SIGKILL and
 * check nothing of its converter lives on and nothing partial was stored.
 * @returns the file id and when the kill happened.
 */
async function killDuringConversion(api: Reachable, u: TestUser, victim: ServerProcess, dataDir: string) {
  const ifc = gunzipSync(await readFile(path.join(TESTDATA, MODEL)));
  const iuid = await uploadBytes(api, u.token, 'fzk-haus-x20.ifc', new Uint8Array(ifc));
  await until('转换中 with a converter running', 60_000, async () => {
    const row = await fileInfo(api, u, iuid);
    if (row.statusType === StatusType.done) throw new Error('converted before it could be killed');
    if (row.statusType !== StatusType.converting || row.progress < 5) return null;
    return (await descendants(victim.pid)).some((p) => p.cmd.includes('ifc-to-fragments.child.ts'));
  });
  const progress = (await fileInfo(api, u, iuid)).progress;
  const children = await descendants(victim.pid);
  const killedAt = Date.now();
  victim.child.kill('SIGKILL');
  await victim.exited;
  expect(await survivors(children), 'processes left after the kill').toEqual([]);
  expect(children.some((p) => p.cmd.includes('ifc-to-fragments.child.ts'))).toBe(true);
  // Nothing partial under the derived key: the converter wrote into its staging folder.
  expect(await derivedFiles(dataDir, iuid)).toEqual([]);
  return { iuid, killedAt, progress, children: children.length };
}

/**
 * Wait for 转换完成 after a kill at `progress` %; checks the model is served whole.
 * @returns seconds from the kill to the retry running (seen as progress below the killed run's) and to done.
 */
async function waitRecovered(
  api: Reachable,
  u: TestUser,
  killed: { iuid: string; killedAt: number; progress: number },
  dataDir: string,
) {
  const { iuid, killedAt } = killed;
  let retriedAt = 0;
  let lowest = killed.progress;
  const row = await until('转换完成 after the restart', 100_000, async () => {
    const r = await fileInfo(api, u, iuid).catch(() => null);
    if (!r) return null;
    // The retry starts the conversion again from 0 %.
    if (r.statusType === StatusType.converting && r.progress < lowest) {
      lowest = r.progress;
      retriedAt ||= Date.now();
    }
    if (r.statusType === StatusType.failed) throw new Error(`conversion failed: ${r.statusMsg}`);
    return r.statusType === StatusType.done ? r : null;
  });
  expect(row.statusMsg).toBe('');
  const preview = await call<PreviewInfoValue>(api, 'GET', Api.preview, {
    token: u.token,
    query: { IUID: iuid },
  });
  expect(preview.body.data.previewKind).toBe('fragments');
  const served = new Uint8Array(
    await (await fetch(`${api.baseUrl}${preview.body.data.viewUrl}`)).arrayBuffer(),
  );
  const stored = (await derivedFiles(dataDir, iuid)).find((f) => f.name === 'model.frag');
  expect(served.length).toBeGreaterThan(10_000);
  expect(stored?.size).toBe(served.length);
  const secs = (t: number) => Math.round((t - killedAt) / 100) / 10;
  return { retry: retriedAt ? secs(retriedAt) : null, done: secs(Date.now()) };
}

/** A fresh DATA_DIR (and, on PostgreSQL, a fresh database), removed after the file. */
async function freshInstall(): Promise<{ dataDir: string; env: Record<string, string> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bimdrive-crash-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (testDbKind === 'postgres') {
    const db = await freshPostgres();
    cleanups.push(db.drop);
    env.DATABASE_URL = db.url;
  }
  return { dataDir, env };
}

describe(`crash recovery of conversions (${testDbKind})`, () => {
  it('kill -9 of the server during a conversion: no converter left, the file ends 转换完成 after a restart', async () => {
    const { dataDir, env } = await freshInstall();
    const port = String(await freePort());
    const first = await startProcess('all', { ...env, PORT: port });
    const api: Reachable = { baseUrl: `http://127.0.0.1:${port}` };
    const u = await signUp(api);
    const killed = await killDuringConversion(api, u, first, dataDir);
    const restartedAt = Date.now();
    await startProcess('all', { ...env, PORT: port });
    const restart = Math.round((Date.now() - restartedAt) / 100) / 10;
    const times = await waitRecovered(api, u, killed, dataDir);
    console.log(
      `[crash-recovery ${testDbKind}] server killed at ${killed.progress} % (${killed.children} child processes): ` +
        `restart took ${restart} s; retry running ${times.retry} s and 转换完成 ${times.done} s after the kill`,
    );
    expect(times.done).toBeLessThan(100);
  });

  it.skipIf(testDbKind !== 'postgres')(
    'kill -9 of a worker process during a conversion: the API stays up, the file ends 转换完成 after the worker restarts',
    async () => {
      const { dataDir, env } = await freshInstall();
      const port = String(await freePort());
      await startProcess('api', { ...env, PORT: port });
      const worker = await startProcess('worker', { ...env, PORT: '0' });
      const api: Reachable = { baseUrl: `http://127.0.0.1:${port}` };
      const u = await signUp(api);
      const killed = await killDuringConversion(api, u, worker, dataDir);
      await startProcess('worker', { ...env, PORT: '0' });
      const times = await waitRecovered(api, u, killed, dataDir);
      console.log(
        `[crash-recovery ${testDbKind}] worker killed at ${killed.progress} % (${killed.children} child processes): ` +
          `retry running ${times.retry} s and 转换完成 ${times.done} s after the kill`,
      );
      expect(times.done).toBeLessThan(100);
    },
  );
});
