/**
 * Listing benchmark (issue 3 "Benchmarks: listing"): a folder of 10,000 files, one page of 50 rows
 * sorted by name, autocannon with 64 connections for BENCH_SECONDS (default 10) s, on PGlite and on
 * PostgreSQL. Prints requests/s and p99 latency (ms) of the product's `MyDocumentList` call and of
 * the raw query for the same page through the same driver, measured in one run, and their ratio.
 * Goal: product ≥ 0.5 × raw on each database. Run: `node bench/listing.ts [pglite|postgres]`.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 64;
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Ready {
  url: string;
  rawUrl: string;
  token: string;
  folderId: string;
}

async function measure(url: string, headers: Record<string, string> = {}) {
  // 64 connections queue behind one embedded database: allow slow answers instead of counting them as errors.
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, timeout: 60 });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

async function run(db: 'pglite' | 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bimdrive-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  let dropDb = async () => {};
  if (db === 'postgres') {
    const name = `bimdrive_bench_${process.pid}`;
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
  const child = fork(path.join(import.meta.dirname, 'lib/listing-server.ts'), { env, stdio: 'inherit' });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Ready));
      child.once('exit', (code) => reject(new Error(`listing server exited ${code}`)));
    });
    const pageUrl = `${ready.url}/api/Home/MyDocumentList?folderId=${ready.folderId}&page=1&rows=50&sort=fileName&order=asc`;
    await measure(pageUrl, { authorization: `Bearer ${ready.token}` }); // warm-up
    const product = await measure(pageUrl, { authorization: `Bearer ${ready.token}` });
    const raw = await measure(ready.rawUrl);
    console.log(
      `${db.padEnd(8)} product ${product.rps.toFixed(0)} req/s p99 ${product.p99} ms | raw query ${raw.rps.toFixed(0)} req/s p99 ${raw.p99} ms | ratio ${(product.rps / raw.rps).toFixed(2)} (goal ≥ 0.5)`,
    );
  } finally {
    child.kill('SIGKILL');
    await dropDb().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const which = process.argv[2];
console.log(`listing: 10,000 files, 50 rows by name, ${CONNECTIONS} connections, ${SECONDS} s each`);
for (const db of ['pglite', 'postgres'] as const) if (!which || which === db) await run(db);
