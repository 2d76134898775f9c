/**
 * Conversion benchmark (issue 3 "Benchmarks: conversion"): each large IFC of
 * ../shared/testdata/ifc-large (gunzipped into bench/.work) through the product — (a) the
 * converter itself, `convertFile` (child process under its limits; seconds and the child's peak RSS,
 * VmHWM polled from /proc), and (a′) end to end through the server, seconds from the upload finishing
 * to statusType 3 — vs (b) a bare IfcImporter run and (c) a raw web-ifc StreamAllMeshes run of the
 * same file (whole child-process wall time and maxRSS), in one run. Goals: product ≤ 1.2× bare importer, peak RSS
 * ≤ 2 GiB; the ratio to raw streaming is printed too (long-term goal ≤ 2×).
 * Each file is measured in `BENCH_ROUNDS` rounds (default 3), the four runs of a round in a rotated
 * order, and the medians are compared, so one slow run on a busy machine does not decide a ratio.
 * Run: `node bench/conversion.ts [file.ifc.gz …]`.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { convertFile } from '../apps/server/src/converters/convert-file.ts';
import { DEMO, startServer, TESTDATA } from '../e2e/lib/server.ts';
import { gunzipOnce, WORK } from './lib/large-ifc.ts';
import { signIn, uploadFile, waitForConversion } from './lib/product.ts';

const run = promisify(execFile);
const CHILD_MARK = 'ifc-to-fragments.child.ts';

/** Peak VmHWM (MiB) of any running conversion child, polled every 100 ms until stopped. */
function watchConverterRss() {
  let peak = 0;
  const timer = setInterval(() => {
    void (async () => {
      for (const pid of await readdir('/proc').catch(() => [])) {
        if (!/^\d+$/.test(pid)) continue;
        const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
        if (!cmd.includes(CHILD_MARK)) continue;
        const hwm = /VmHWM:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8').catch(() => ''));
        if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
      }
    })();
  }, 100);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

async function bare(mode: 'importer' | 'stream', file: string) {
  const t0 = performance.now();
  const { stdout } = await run(
    process.execPath,
    [path.join(import.meta.dirname, 'lib/bare-ifc.ts'), mode, file],
    {
      maxBuffer: 1 << 20,
    },
  );
  const s = (performance.now() - t0) / 1000;
  return { s, ...(JSON.parse(stdout.trim().split('\n').at(-1)!) as { maxRssMb: number }) };
}

/** (a) The product's converter called directly: wall seconds, peak RSS of its child, output size. */
async function direct(file: string) {
  const stop = watchConverterRss();
  const t0 = performance.now();
  const r = await convertFile({
    inputPath: file,
    suffix: 'ifc',
    outputDir: path.join(WORK, 'direct-out'),
    timeoutMs: 3_600_000,
    memoryMb: 4096,
  });
  const s = (performance.now() - t0) / 1000;
  const rss = stop();
  await rm(path.join(WORK, 'direct-out'), { recursive: true, force: true });
  if (!r.ok) throw new Error(`${path.basename(file)}: ${r.reason}`);
  return { s, rss, mbOut: r.outputBytes / 1024 / 1024 };
}

/** (a′) Through the server: seconds from the upload finishing to 转换完成, peak RSS of the child. */
async function viaServer(url: string, token: string, file: string) {
  const stop = watchConverterRss();
  const iuid = await uploadFile(url, token, file);
  const t0 = performance.now();
  const row = await waitForConversion(url, token, iuid);
  const s = (performance.now() - t0) / 1000;
  const rss = stop();
  if (row.statusType !== 3) throw new Error(`${path.basename(file)}: ${row.statusMsg}`);
  return { s, rss };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

await mkdir(WORK, { recursive: true });
const inputs = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['fzk-haus-x20.ifc.gz', 'duplex-electrical-x40.ifc.gz'].map((f) => path.join(TESTDATA, 'ifc-large', f));
const server = await startServer({ CONVERSION_TIMEOUT_SECONDS: '3600', CONVERSION_MEMORY_MB: '4096' });
try {
  const token = await signIn(server.url, DEMO.phone, DEMO.password);
  console.log(
    'conversion: (a) convertFile, (a′) through the server, (b) bare IfcImporter, (c) raw web-ifc StreamAllMeshes',
  );
  for (const gz of inputs) {
    const ifc = await gunzipOnce(gz);
    const mb = (await stat(ifc)).size / 1024 / 1024;
    const runs = {
      a: [] as Array<{ s: number; rss: number; mbOut: number }>,
      a2: [] as Array<{ s: number; rss: number }>,
      b: [] as Array<{ s: number; maxRssMb: number }>,
      c: [] as Array<{ s: number; maxRssMb: number }>,
    };
    const steps = [
      async () => void runs.a.push(await direct(ifc)),
      async () => void runs.a2.push(await viaServer(server.url, token, ifc)),
      async () => void runs.b.push(await bare('importer', ifc)),
      async () => void runs.c.push(await bare('stream', ifc)),
    ];
    for (let round = 0; round < ROUNDS; round++)
      for (let i = 0; i < steps.length; i++) await steps[(i + round) % steps.length]!();
    const a = { s: median(runs.a.map((r) => r.s)), rss: median(runs.a.map((r) => r.rss)) };
    const a2 = { s: median(runs.a2.map((r) => r.s)), rss: median(runs.a2.map((r) => r.rss)) };
    const b = { s: median(runs.b.map((r) => r.s)), rss: median(runs.b.map((r) => r.maxRssMb)) };
    const c = { s: median(runs.c.map((r) => r.s)), rss: median(runs.c.map((r) => r.maxRssMb)) };
    const spread = (xs: Array<{ s: number }>) => xs.map((r) => r.s.toFixed(1)).join(' / ');
    console.log(`${path.basename(ifc)} (${mb.toFixed(1)} MB), median of ${ROUNDS} rounds`);
    console.log(
      `  (a)  convertFile    ${a.s.toFixed(1)} s  peak RSS ${a.rss.toFixed(0)} MiB (goal ≤ 2048)  ${runs.a[0]!.mbOut.toFixed(1)} MB .frag  [${spread(runs.a)}]`,
    );
    console.log(
      `  (a′) via server     ${a2.s.toFixed(1)} s  peak RSS ${a2.rss.toFixed(0)} MiB (upload finished → 转换完成)  [${spread(runs.a2)}]`,
    );
    console.log(`  (b)  bare importer  ${b.s.toFixed(1)} s  peak RSS ${b.rss} MiB  [${spread(runs.b)}]`);
    console.log(`  (c)  raw streaming  ${c.s.toFixed(1)} s  peak RSS ${c.rss} MiB  [${spread(runs.c)}]`);
    console.log(
      `  time  a/b ${(a.s / b.s).toFixed(2)} (goal ≤ 1.2)  a′/b ${(a2.s / b.s).toFixed(2)} (goal ≤ 1.2)  a/c ${(a.s / c.s).toFixed(2)} (long-term goal ≤ 2)  b/c ${(b.s / c.s).toFixed(2)}`,
    );
    console.log(`  RSS   a/b ${(a.rss / b.rss).toFixed(2)}  a/c ${(a.rss / c.rss).toFixed(2)}`);
    await rm(ifc, { force: true });
  }
} finally {
  await server.stop();
}
