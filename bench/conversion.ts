/**
 * Conversion benchmark (issue 3 "Benchmarks: conversion"): each large IFC of
 * ../shared/testdata/ifc-large (gunzipped into bench/.work) through the product — (a) the
 * converter itself, `convertFile` (child process under its limits; seconds and the child's peak RSS,
 * VmHWM polled from /proc), and (a′) end to end through the server, seconds from the upload finishing
 * to statusType 3 — vs (b) a bare IfcImporter run and (c) a raw web-ifc StreamAllMeshes run of the
 * same file (whole child-process wall time and maxRSS), in one run. Goals: product ≤ 1.2× bare importer, peak RSS
 * ≤ 2 GiB; the ratio to raw streaming is printed too (long-term goal ≤ 2×).
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

/** (a) The product's converter called directly: wall seconds, peak RSS of its child, element count. */
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
  return { s, rss, elements: r.stats.elements as number, mbOut: r.outputBytes / 1024 / 1024 };
}

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
    const conv = await direct(ifc);
    const stop = watchConverterRss();
    const iuid = await uploadFile(server.url, token, ifc);
    const t0 = performance.now();
    const row = await waitForConversion(server.url, token, iuid);
    const productS = (performance.now() - t0) / 1000;
    const productRss = stop();
    if (row.statusType !== 3) throw new Error(`${path.basename(ifc)}: ${row.statusMsg}`);
    const imp = await bare('importer', ifc);
    const raw = await bare('stream', ifc);
    console.log(`${path.basename(ifc)} (${mb.toFixed(1)} MB)`);
    console.log(
      `  (a)  convertFile    ${conv.s.toFixed(1)} s  peak RSS ${conv.rss.toFixed(0)} MiB (goal ≤ 2048)  ${conv.elements} elements, ${conv.mbOut.toFixed(1)} MB .frag`,
    );
    console.log(
      `  (a′) via server     ${productS.toFixed(1)} s  peak RSS ${productRss.toFixed(0)} MiB (upload finished → 转换完成)`,
    );
    console.log(`  (b)  bare importer  ${imp.s.toFixed(1)} s  peak RSS ${imp.maxRssMb} MiB`);
    console.log(`  (c)  raw streaming  ${raw.s.toFixed(1)} s  peak RSS ${raw.maxRssMb} MiB`);
    console.log(
      `  time  a/b ${(conv.s / imp.s).toFixed(2)} (goal ≤ 1.2)  a/c ${(conv.s / raw.s).toFixed(2)} (long-term goal ≤ 2)  a′/b ${(productS / imp.s).toFixed(2)}  b/c ${(imp.s / raw.s).toFixed(2)}`,
    );
    console.log(
      `  RSS   a/b ${(conv.rss / imp.maxRssMb).toFixed(2)}  a/c ${(conv.rss / raw.maxRssMb).toFixed(2)}`,
    );
    await rm(ifc, { force: true });
  }
} finally {
  await server.stop();
}
