/**
 * Office and video rendition benchmark (issue 14 "Benchmarks"), in one run:
 * - office → PDF: the product's converter (`convertFile`: content sniff + the warm LibreOffice of
 *   office-pool.ts, after one warm-up document) against a bare `soffice --headless --convert-to pdf`
 *   of the same file (its own profile, already initialised, as a user running it by hand would have).
 *   Goal: ratio ≤ 1.0.
 * - video → MP4: the product's converter (ffprobe + ffmpeg with progress + poster) against a bare
 *   ffmpeg with the same encoder settings (`transcodeArgs`). Goal: ratio ≤ 1.1.
 * Each pair runs `BENCH_ROUNDS` times (default 3), alternating which goes first; medians are compared.
 * Run: `node bench/office-video.ts`. Needs LibreOffice, python3-uno and ffmpeg (scripts/setup.sh).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { officePool } from '../apps/server/src/converters/office/office-pool.ts';
import { probeVideo, transcodeArgs } from '../apps/server/src/converters/video/video-to-mp4.ts';
import { TESTDATA } from '../e2e/lib/server.ts';
import { convertOnce, pairedMedians } from './lib/paired.ts';

const run = promisify(execFile);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const limits = { timeoutMs: 600_000, memoryMb: 4096 };

const work = await mkdtemp(path.join(tmpdir(), 'bimdrive-bench-ov-'));
const home = path.join(work, 'home');
await mkdir(home);

const product = (input: string, suffix: string) => convertOnce(work, input, suffix, limits);

async function bareOffice(input: string) {
  await run('soffice', ['--headless', '--convert-to', 'pdf', '--outdir', path.join(work, 'bare'), input], {
    env: { ...process.env, HOME: home },
    timeout: 600_000,
  });
}

async function bareFfmpeg(input: string) {
  const out = path.join(work, `bare-${Math.random()}.mp4`);
  await run('ffmpeg', transcodeArgs(input, out, await probeVideo(input)), { timeout: 600_000 });
}

async function pair(label: string, a: () => Promise<unknown>, b: () => Promise<unknown>, goal: number) {
  const m = await pairedMedians(ROUNDS, a, b);
  console.log(
    `${label.padEnd(44)} product ${m.product.toFixed(2)} s   bare ${m.bare.toFixed(2)} s   ratio ${m.ratio.toFixed(2)} (goal ≤ ${goal}) ${m.ratio <= goal ? 'ok' : 'OVER'}`,
  );
}

console.log(`office → PDF (median of ${ROUNDS})`);
// Warm both sides once: the pool's soffice and the bare run's profile.
await product(path.join(TESTDATA, 'office/having-images.docx'), 'docx');
await bareOffice(path.join(TESTDATA, 'office/having-images.docx'));
for (const rel of [
  'office/BIM_Execution_Plan.docx',
  'office/COBie_style_Duplex.xlsx',
  'office/chart-sheet.xlsx',
  'office/ph-populated-placeholders.pptx',
]) {
  const file = path.join(TESTDATA, rel);
  const suffix = path.extname(rel).slice(1);
  await pair(
    path.basename(rel),
    () => product(file, suffix),
    () => bareOffice(file),
    1.0,
  );
}

console.log(`\nvideo → H.264/AAC MP4 (median of ${ROUNDS})`);
// The 1080p MP4 under a .mov name is transcoded like a camera's MOV.
const mov = path.join(work, 'perf_1080p_30s.mov');
await copyFile(path.join(TESTDATA, 'video/perf_1080p_30s.mp4'), mov);
for (const [file, suffix] of [
  [path.join(TESTDATA, 'video/drone_survey.avi'), 'avi'],
  [mov, 'mov'],
] as const) {
  await pair(
    path.basename(file),
    () => product(file, suffix),
    () => bareFfmpeg(file),
    1.1,
  );
}

officePool().close();
await rm(work, { recursive: true, force: true });
process.exit(0);
