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
import pg from 'pg';
import { CONNECTIONS, measure, SECONDS, withListingServer } from './lib/listing-run.ts';

const FILTER = 'suffix=ifc,dwg&sizeMin=50000000';

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
  await withListingServer(db, 'bimdrive_bench_sorted', { BENCH_MIXED: '1' }, async (ready, databaseUrl) => {
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
    if (databaseUrl) await explain(databaseUrl, ready.folderId);
  });
}

const which = process.argv[2];
console.log(
  `listing sorted: 10,000 files, 50 rows by size desc, filter ${FILTER}, ${CONNECTIONS} connections, ${SECONDS} s each`,
);
for (const db of ['pglite', 'postgres'] as const) if (!which || which === db) await run(db);
