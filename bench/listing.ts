/**
 * Listing benchmark (issue 3 "Benchmarks: listing"): a folder of 10,000 files, one page of 50 rows
 * sorted by name, autocannon with 64 connections for BENCH_SECONDS (default 10) s, on PGlite and on
 * PostgreSQL. Prints requests/s and p99 latency (ms) of the product's `MyDocumentList` call and of
 * the raw query for the same page through the same driver, measured in one run, and their ratio.
 * Goal: product ≥ 0.5 × raw on each database. Run: `node bench/listing.ts [pglite|postgres]`.
 */
import { CONNECTIONS, measure, SECONDS, withListingServer } from './lib/listing-run.ts';

async function run(db: 'pglite' | 'postgres') {
  await withListingServer(db, 'bimdrive_bench', {}, async (ready) => {
    const pageUrl = `${ready.url}/api/Home/MyDocumentList?folderId=${ready.folderId}&page=1&rows=50&sort=fileName&order=asc`;
    await measure(pageUrl, { authorization: `Bearer ${ready.token}` }); // warm-up
    const product = await measure(pageUrl, { authorization: `Bearer ${ready.token}` });
    const raw = await measure(ready.rawUrl);
    console.log(
      `${db.padEnd(8)} product ${product.rps.toFixed(0)} req/s p99 ${product.p99} ms | raw query ${raw.rps.toFixed(0)} req/s p99 ${raw.p99} ms | ratio ${(product.rps / raw.rps).toFixed(2)} (goal ≥ 0.5)`,
    );
  });
}

const which = process.argv[2];
console.log(`listing: 10,000 files, 50 rows by name, ${CONNECTIONS} connections, ${SECONDS} s each`);
for (const db of ['pglite', 'postgres'] as const) if (!which || which === db) await run(db);
