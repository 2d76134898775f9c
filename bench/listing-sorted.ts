/**
 * Sorted-and-filtered listing benchmark (issue 5 "listing a folder of 10,000 files sorted by size
 * with a filter (requests/s, p99)"). A folder of 10,000 files of five suffixes (BENCH_MIXED seeding
 * of lib/listing-server.ts); the product's `MyDocumentList` page of 50 rows sorted by size descending
 * (a) unfiltered and (b) filtered to ifc/dwg files of at least 50 MB (1,475 matches; the count is
 * filtered too), autocannon with 64 connections for BENCH_SECONDS (default 10) s each, on PGlite
 * and PostgreSQL; then the raw SQL of (b) through the same driver for the ratio. On PostgreSQL it
 * also prints the EXPLAIN ANALYZE plans of (a) and (b)'s page queries, to show the index they use.
 * Run: `node bench/listing-sorted.ts [pglite|postgres]`.
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
const FILTER = 'suffix=ifc,dwg&sizeMin=50000000';

interface Ready {
  url: string;
  rawUrl: string;
  token: string;
  folderId: string;
}

async function measure(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, timeout: 60 });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/** EXPLAIN ANALYZE of the size-sorted page, filtered or not, as the product builds it (PostgreSQL). */
async function explain(databaseUrl: string, folderId: string) {
  const c = new pg.Client(databaseUrl);
  await c.connect();
  try {
    for (const [label, filter] of [
      ['filtered (b)', `and f.kind = 2 and f.suffix in ('ifc', 'dwg') and f.size_bytes >= 50000000`],
      ['unfiltered (a)', ''],
    ] as const) {
      const plan = await c.query(
        `explain (analyze, costs off, timing off, summary on)
         select f.*, (fav.file_id is not null) from files f
         left join favourites fav on fav.file_id = f.id and fav.user_id = f.owner_id
         where f.owner_id = (select owner_id from files where id = $1) and f.parent_id = $1 ${filter}
         order by f.kind asc, f.size_bytes desc, f.id asc limit 50 offset 0`,
        [folderId],
      );
      console.log(`  plan of ${label}:`);
      console.log(plan.rows.map((r: Record<string, string>) => `    ${r['QUERY PLAN']}`).join('\n'));
    }
  } finally {
    await c.end();
  }
}

async function run(db: 'pglite' | 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bimdrive-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, BENCH_MIXED: '1' };
  let dropDb = async () => {};
  if (db === 'postgres') {
    const name = `bimdrive_bench_sorted_${process.pid}`;
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
    const auth = { authorization: `Bearer ${ready.token}` };
    const base = `${ready.url}/api/Home/MyDocumentList?folderId=${ready.folderId}&page=1&rows=50&sort=fileBytes&order=desc`;
    const check = (await (await fetch(`${base}&${FILTER}`, { headers: auth })).json()) as {
      data: { count: number; list: Array<{ fileBytes: number; fileSuffix: string }> };
    };
    const ok =
      check.data.count === 1475 &&
      check.data.list.every((r) => r.fileBytes >= 50_000_000 && ['ifc', 'dwg'].includes(r.fileSuffix)) &&
      check.data.list.every((r, i, all) => i === 0 || all[i - 1]!.fileBytes >= r.fileBytes);
    if (!ok) throw new Error(`filtered page is wrong: count ${check.data.count}`);
    await measure(`${base}&${FILTER}`, auth); // warm-up
    const plain = await measure(base, auth);
    const filtered = await measure(`${base}&${FILTER}`, auth);
    const raw = await measure(ready.rawUrl);
    console.log(
      `${db.padEnd(8)} by size ${plain.rps.toFixed(0)} req/s p99 ${plain.p99} ms | by size + filter ${filtered.rps.toFixed(0)} req/s p99 ${filtered.p99} ms | raw filtered query ${raw.rps.toFixed(0)} req/s p99 ${raw.p99} ms | ratio ${(filtered.rps / raw.rps).toFixed(2)}`,
    );
    if (env.DATABASE_URL) await explain(env.DATABASE_URL, ready.folderId);
  } finally {
    child.kill('SIGKILL');
    await dropDb().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const which = process.argv[2];
console.log(
  `listing sorted: 10,000 files, 50 rows by size desc, filter ${FILTER}, ${CONNECTIONS} connections, ${SECONDS} s each`,
);
for (const db of ['pglite', 'postgres'] as const) if (!which || which === db) await run(db);
