/**
 * What the listing benchmarks (bench/listing.ts, bench/listing-sorted.ts; issues 3 and 5) share
 * (issue 17 code health): `measure`, autocannon with 64 connections for BENCH_SECONDS (default 10)
 * s, and `withListingServer`, which runs lib/listing-server.ts as a child on PGlite (a fresh
 * DATA_DIR) or on a fresh PostgreSQL database (BENCH_PG_URL), hands its `Ready` report to the body,
 * then kills it and drops what it made.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 64;
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** What lib/listing-server.ts reports when it is up. */
export interface Ready {
  url: string;
  rawUrl: string;
  token: string;
  folderId: string;
}

/** Requests/s and p99 latency (ms) of `url` under load; throws on any error or non-2xx answer. */
export async function measure(url: string, headers: Record<string, string> = {}) {
  // 64 connections queue behind one embedded database: allow slow answers instead of counting them as errors.
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, timeout: 60 });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/**
 * Starts the listing server on `db` with `extraEnv` (e.g. BENCH_MIXED), runs `body` with its report
 * and the PostgreSQL URL (unset on PGlite), and cleans up. `dbName` names the PostgreSQL database
 * (the process id is appended).
 */
export async function withListingServer(
  db: 'pglite' | 'postgres',
  dbName: string,
  extraEnv: NodeJS.ProcessEnv,
  body: (ready: Ready, databaseUrl: string | undefined) => Promise<void>,
): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bimdrive-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extraEnv };
  let dropDb = async () => {};
  if (db === 'postgres') {
    const name = `${dbName}_${process.pid}`;
    const admin = new pg.Client(PG_ADMIN);
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    env.DATABASE_URL = PG_ADMIN.replace(/\/[^/]*$/, `/${name}`);
    dropDb = async () => {
      const c = new pg.Client(PG_ADMIN);
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const child = fork(path.join(import.meta.dirname, 'listing-server.ts'), { env, stdio: 'inherit' });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Ready));
      child.once('exit', (code) => reject(new Error(`listing server exited ${code}`)));
    });
    await body(ready, env.DATABASE_URL);
  } finally {
    child.kill('SIGKILL');
    await dropDb().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}
