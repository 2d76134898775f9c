/**
 * Drawing conversion benchmark (issue 13 "2D drawings", benchmark), in one run: for the DWG and DXF
 * files of ../shared/testdata and a generated DXF of about 20 MB (`BENCH_DXF_MB`), the product's
 * converter (`convertFile`: sniff, an isolated acad-ts child process kept from job to job, ASCII DXF
 * written; started and warmed up first, as the server does at start) against a
 * bare parse of the same file with the same library in this process (`DwgReader` / `DxfReader`).
 * Goal: ratio ≤ 1.5. Also the converter child's peak resident memory (VmHWM), measured by running its
 * entry directly. Each pair runs `BENCH_PAIRS` times (default 9), alternating which goes first;
 * medians are compared. Then, through the running product (its own server, headless Chromium), each
 * file is uploaded `BENCH_ROUNDS` times: seconds from the upload's end to a viewable drawing (status
 * 转换完成, polled every 20 ms) and to the first drawn frame (that, plus clicking 预览 in the file
 * table until dxf-viewer has drawn: the `bimdrive:drawing-drawn` mark), each against the bare parse.
 * Run: `node bench/drawings.ts` (`BENCH_ONLY=generated` for the generated DXF alone).
 */
import { fork } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DwgReader, DxfReader } from '@node-projects/acad-ts';
import { makeGridDxf } from '../apps/server/src/test/drawing-fixtures.ts';
import { prewarmDrawingConverter } from '../apps/server/src/converters/drawing/drawing-to-dxf.ts';
import { launchBrowser } from '../e2e/lib/browser.ts';
import { DEMO, startServer, TESTDATA } from '../e2e/lib/server.ts';
import { signInWithPassword } from '../e2e/lib/sign-in.ts';
import { convertOnce, pairedMedians } from './lib/paired.ts';
import { deleteFile, uploadFile } from './lib/product.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Converter-against-parse pairs per file: cheap, and a few ms of noise weigh on a 10 ms parse. */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 9);
const TARGET_MB = Number(process.env.BENCH_DXF_MB ?? 20);
const limits = { timeoutMs: 600_000, memoryMb: 4096 };
const CHILD = path.resolve(
  import.meta.dirname,
  '../apps/server/src/converters/drawing/drawing-to-dxf.child.ts',
);

const work = await mkdtemp(path.join(tmpdir(), 'bimdrive-bench-dwg-'));

/** The generated grid DXF of about `mb` MB (drawing-fixtures.ts makeGridDxf), written to a file. */
async function generatedDxf(mb: number): Promise<string> {
  const file = path.join(work, `generated-${mb}mb.dxf`);
  await writeFile(file, makeGridDxf(mb));
  return file;
}

const product = (input: string, suffix: string) => convertOnce(work, input, suffix, limits);
// As the server does at start (CONVERTER_PREWARM): the converter's kept process, warmed up.
await prewarmDrawingConverter(limits.memoryMb);

async function bare(input: string, suffix: string) {
  const bytes = new Uint8Array(await readFile(input));
  if (suffix === 'dwg') DwgReader.readFromStream(bytes.buffer);
  else DxfReader.readFromStream(bytes);
}

/** Peak resident memory (MiB) of the converter child converting `input`. */
async function childPeakMb(input: string, suffix: string): Promise<number> {
  const child = fork(CHILD, [input, path.join(work, `rss-${Math.random()}.dxf`), suffix], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  let peak = 0;
  const poll = setInterval(() => {
    void readFile(`/proc/${child.pid}/status`, 'utf8')
      .then((s) => (peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(s)?.[1] ?? 0) / 1024)))
      .catch(() => undefined);
  }, 50);
  await new Promise((r) => child.once('exit', r));
  clearInterval(poll);
  return peak;
}

/** `BENCH_ONLY`: a pattern of the file names to measure (all when unset), e.g. `generated`. */
const only = new RegExp(process.env.BENCH_ONLY ?? '');
const files = [
  path.join(TESTDATA, 'dwg/R14.dwg'),
  path.join(TESTDATA, 'dwg/sample_AC1018.dwg'),
  path.join(TESTDATA, 'dxf/polylines.dxf'),
  path.join(TESTDATA, 'dxf/sample_AC1018_ascii.dxf'),
  ...(only.test('generated') ? [await generatedDxf(TARGET_MB)] : []),
].filter((f) => only.test(path.basename(f)));
console.log(`DWG/DXF → ASCII DXF: product convertFile vs bare acad-ts parse (median of ${PAIRS})`);
for (const file of files) {
  const suffix = path.extname(file).slice(1);
  const m = await pairedMedians(
    PAIRS,
    () => product(file, suffix),
    () => bare(file, suffix),
  );
  const mb = (await stat(file)).size / 1e6;
  const peak = await childPeakMb(file, suffix);
  console.log(
    `${path.basename(file).padEnd(28)} ${mb.toFixed(1).padStart(5)} MB   product ${m.product.toFixed(3)} s   bare ${m.bare.toFixed(3)} s   ratio ${m.ratio.toFixed(2)} (goal ≤ 1.5) ${m.ratio <= 1.5 ? 'ok' : 'OVER'}   overhead ${((m.product - m.bare) * 1000).toFixed(0)} ms   converter peak RSS ${peak.toFixed(0)} MiB`,
  );
}
/**
 * The drawing viewer's stages, marked `bimdrive:drawing-<stage>` (use-drawing-viewer.ts): its mount
 * (dxf-viewer created, the load asked for), then dxf-viewer's progress phases in their usual order (the
 * font is fetched during `prepare`, at the first text; a phase seen twice keeps its last time).
 */
const STAGES = ['mount', 'fetch', 'parse', 'prepare', 'font'] as const;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Seconds from the end of uploading `file` to status 转换完成, polled every 20 ms; resolves with its iuid. */
async function uploadUntilViewable(url: string, token: string, file: string, name: string) {
  const iuid = await uploadFile(url, token, file, { name });
  const ended = performance.now();
  for (;;) {
    const res = await fetch(`${url}/api/Home/GetFileInfo?IUID=${iuid}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const row = ((await res.json()) as { data: { statusType: number; statusMsg: string } }).data;
    if (row.statusType === 3) return { iuid, viewable: (performance.now() - ended) / 1000 };
    if (row.statusType === 4) throw new Error(`${name}: ${row.statusMsg}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

console.log(`\nThrough the product (${ROUNDS} uploads each): upload end → viewable, → first drawn frame`);
const server = await startServer({ LOG_LEVEL: 'error' });
const browser = await launchBrowser();
try {
  // One session (a new sign-in ends the other): the browser's token uploads too.
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signInWithPassword(page, server.url, DEMO.phone, DEMO.password);
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  for (const file of files) {
    const suffix = path.extname(file).slice(1);
    const viewable: number[] = [];
    const drawn: number[] = [];
    const bareTimes: number[] = [];
    const stages: Record<string, number[]> = {};
    for (let round = 0; round < ROUNDS; round++) {
      const name = `r${round}-${path.basename(file)}`;
      const t = await uploadUntilViewable(server.url, token, file, name);
      await page.goto(`${server.url}/myDocument`);
      const row = page.locator(`[data-row-name="${name}"]`);
      await row.waitFor({ timeout: 60_000 });
      await page.evaluate(() => performance.clearMarks());
      const clicked = await page.evaluate(() => performance.now());
      await row.getByRole('button', { name: '预览' }).click();
      await page.locator('[data-testid="drawing-preview"][data-state="done"]').waitFor({ timeout: 600_000 });
      const marks = await page.evaluate(() =>
        Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
      );
      for (const s of STAGES) {
        const at = marks[`bimdrive:drawing-${s}`];
        if (at !== undefined) (stages[s] ??= []).push((at - clicked) / 1000);
      }
      await deleteFile(server.url, token, t.iuid); // the next round's row stays on the first page
      viewable.push(t.viewable);
      drawn.push(t.viewable + ((marks['bimdrive:drawing-drawn'] ?? 0) - clicked) / 1000);
      const b = performance.now();
      await bare(file, suffix);
      bareTimes.push((performance.now() - b) / 1000);
    }
    const bareS = median(bareTimes);
    console.log(
      `${path.basename(file).padEnd(28)} viewable ${median(viewable).toFixed(2)} s (ratio ${(median(viewable) / bareS).toFixed(2)})   first drawn frame ${median(drawn).toFixed(2)} s (ratio ${(median(drawn) / bareS).toFixed(2)})   bare parse ${bareS.toFixed(2)} s`,
    );
    console.log(
      `${''.padEnd(28)} viewer stages after the click (s): ${Object.entries(stages)
        .map(([s, xs]) => `${s} ${median(xs).toFixed(2)}`)
        .join(', ')}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
await rm(work, { recursive: true, force: true });
process.exit(0);
