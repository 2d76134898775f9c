/**
 * Upload benchmark (issue 3 "Benchmarks: upload"): a 1 GiB file (BENCH_UPLOAD_MB, default 1024)
 * through the product with tus-js-client (Node: 8 MiB chunks, the web client's 64 MiB chunks, and one unchunked PATCH)
 * and, to separate client from server cost, the same endpoint fed by curl,
 * vs a bare streaming copy of the same bytes to the same disk with a 1 MiB highWaterMark (≈3× the
 * 16 KiB default here; also printed), in one run. Prints MB/s and the ratio. Goal: ≥ 0.7 of the bare
 * write. Each figure is the median of BENCH_REPEAT (default 3) rounds. Run: `node bench/upload.ts`.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Upload } from 'tus-js-client';
import { DEMO, startServer } from '../e2e/lib/server.ts';
import { signIn } from './lib/product.ts';

const run = promisify(execFile);
const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MB;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const WORK = path.join(import.meta.dirname, '.work');
const SRC = path.join(WORK, 'upload-src.bin');

async function makeSource() {
  await mkdir(WORK, { recursive: true });
  const existing = await stat(SRC).catch(() => null);
  if (existing?.size === SIZE) return;
  const fh = await open(SRC, 'w');
  const block = randomBytes(4 * MB);
  for (let off = 0; off < SIZE; off += block.length)
    await fh.write(block, 0, Math.min(block.length, SIZE - off));
  await fh.close();
}

async function bareCopy(highWaterMark: number): Promise<number> {
  const dst = path.join(WORK, 'bare-copy.bin');
  const t0 = performance.now();
  await pipeline(createReadStream(SRC, { highWaterMark }), createWriteStream(dst, { highWaterMark }));
  const fh = await open(dst, 'r');
  await fh.sync(); // same durability as the product's final rename is not needed; flush to compare disk work fairly
  await fh.close();
  const s = (performance.now() - t0) / 1000;
  await rm(dst);
  return SIZE / MB / s;
}

async function productUpload(url: string, token: string, chunkSize: number): Promise<number> {
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const up = new Upload(createReadStream(SRC, { highWaterMark: MB }), {
      endpoint: `${url}/api/files/uploads`,
      uploadSize: SIZE,
      chunkSize,
      headers: { authorization: `Bearer ${token}` },
      metadata: { filename: `bench-${chunkSize}-${Date.now()}.bin`, folderId: '' },
      retryDelays: [],
      onSuccess: () => resolve(),
      onError: reject,
    });
    up.start();
  });
  return SIZE / MB / ((performance.now() - t0) / 1000);
}

/**
 * The same endpoint fed by curl (a client that costs almost no CPU, as a browser on another machine
 * would): one tus creation, then one PATCH streaming the file.
 */
async function curlTusUpload(url: string, token: string): Promise<number> {
  const t0 = performance.now();
  const created = await fetch(`${url}/api/files/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(SIZE),
      'upload-metadata': `filename ${Buffer.from(`bench-curl-${Date.now()}.bin`).toString('base64')},folderId `,
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus creation: ${created.status}`);
  const { stdout } = await run('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code}',
    '-X',
    'PATCH',
    `${url}${location}`,
    '-H',
    `authorization: Bearer ${token}`,
    '-H',
    'tus-resumable: 1.0.0',
    '-H',
    'upload-offset: 0',
    '-H',
    'content-type: application/offset+octet-stream',
    '-T',
    SRC,
  ]);
  if (stdout.trim() !== '204') throw new Error(`PATCH ${stdout}`);
  return SIZE / MB / ((performance.now() - t0) / 1000);
}

await makeSource();
const dataDir = path.join(WORK, 'upload-data');
await rm(dataDir, { recursive: true, force: true });
const server = await startServer({
  DATA_DIR: dataDir,
  PERSONAL_QUOTA_BYTES: String(100 * 1024 * MB),
  MAX_UPLOAD_BYTES: String(100 * 1024 * MB),
});
try {
  const token = await signIn(server.url, DEMO.phone, DEMO.password);
  // Each run starts with no dirty pages and no earlier upload on disk, so the order does not matter.
  const fresh = async <T>(measure: () => Promise<T>): Promise<T> => {
    const storage = path.join(dataDir, 'storage');
    for (const entry of await readdir(storage).catch(() => []))
      if (entry !== 'tus') await rm(path.join(storage, entry), { recursive: true, force: true });
    await run('sync');
    return measure();
  };
  // Disk throughput here swings between runs: each figure is the median of REPEAT rounds, and each
  // round measures every variant once, in turn.
  const runs: Record<string, number[]> = {};
  const variants: Array<[string, () => Promise<number>]> = [
    ['bareDefault', () => bareCopy(16 * 1024)],
    ['bare', () => bareCopy(MB)],
    ['tus8', () => productUpload(server.url, token, 8 * MB)],
    ['tus64', () => productUpload(server.url, token, 64 * MB)],
    ['tusWhole', () => productUpload(server.url, token, Infinity)],
    ['curlTus', () => curlTusUpload(server.url, token)],
  ];
  for (let round = 0; round < REPEAT; round++)
    for (const [name, measure] of variants) (runs[name] ??= []).push(await fresh(measure));
  const median = (name: string) => {
    const xs = [...runs[name]!].sort((a, b) => a - b);
    return xs[Math.floor(xs.length / 2)]!;
  };
  const [bareDefault, bare, tus8, tus64, tusWhole, curlTus] = variants.map(([name]) => median(name)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const all = (name: string) => `(${runs[name]!.map((x) => x.toFixed(0)).join(', ')})`;
  console.log(`upload of ${SIZE / MB} MiB on the same disk, median of ${REPEAT} rounds`);
  console.log(`  bare write, 16 KiB highWaterMark  ${bareDefault.toFixed(0)} MB/s`);
  console.log(`  bare write, 1 MiB highWaterMark   ${bare.toFixed(0)} MB/s  (reference)`);
  console.log(
    `  product, tus 8 MiB chunks         ${tus8.toFixed(0)} MB/s  ratio ${(tus8 / bare).toFixed(2)}`,
  );
  console.log(
    `  product, tus 64 MiB chunks (web)  ${tus64.toFixed(0)} MB/s  ratio ${(tus64 / bare).toFixed(2)}  (goal ≥ 0.7)`,
  );
  console.log(
    `  product, tus one PATCH (resumable) ${tusWhole.toFixed(0)} MB/s  ratio ${(tusWhole / bare).toFixed(2)}`,
  );
  console.log(
    `  product endpoint, curl client       ${curlTus.toFixed(0)} MB/s  ratio ${(curlTus / bare).toFixed(2)}  (server side)`,
  );
  console.log(`  rounds, MB/s: bare ${all('bare')}, tus 64 MiB ${all('tus64')}`);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
