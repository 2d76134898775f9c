/**
 * The drawing converter's kept child (issue 13 benchmark; drawing-to-dxf.ts `prewarmDrawingConverter`,
 * warm-up.ts, run-isolated.ts forkReusable): started ahead, it warms up on drawings of its own and then
 * takes real jobs; a run of 1 MB DWGs stays in the one process, its resident memory under the keep
 * bound (384 MiB) without a forced collection after each. A job that comes during the warm-up is not
 * lost.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGridDxf } from '../../test/drawing-fixtures.ts';
import { descendants } from '../../test/processes.ts';
import { TESTDATA } from '../../test/testdata.ts';
import { convertFile } from '../convert-file.ts';
import { prewarmDrawingConverter } from './drawing-to-dxf.ts';

const drawingChildren = async () =>
  (await descendants(process.pid)).filter((p) => p.cmd.includes('drawing-to-dxf.child.ts'));

const rssMb = async (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

describe('the kept drawing converter child', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bimdrive-drawing-child-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const convert = (file: string, memoryMb: number, n: number) =>
    convertFile({
      inputPath: path.join(TESTDATA, file),
      suffix: path.extname(file).slice(1),
      outputDir: path.join(dir, `out-${n}`),
      timeoutMs: 120_000,
      memoryMb,
    });

  it('is started and warmed up ahead, then converts DWG after DWG in that same process', async () => {
    const memoryMb = 3072; // the server's default limit: kept while at most 384 MiB resident
    await prewarmDrawingConverter(memoryMb);
    const [warm, ...others] = await drawingChildren();
    expect(others).toEqual([]);
    expect(await rssMb(warm!.pid)).toBeLessThan(384);
    for (let n = 0; n < 10; n++) {
      await sleep(400); // uploads a moment apart: the child goes idle in between and is measured
      const r = await convert('dwg/sample_AC1018.dwg', memoryMb, n);
      expect(r.ok && r.stats).toMatchObject({ format: 'dwg', version: 'AC1018', output: 'rewritten' });
      const dxf = await readFile(path.join(dir, `out-${n}`, 'drawing.dxf'), 'latin1');
      expect(dxf.trimEnd().endsWith('EOF')).toBe(true);
    }
    // Kept all along.
    const after = await drawingChildren();
    expect(after.map((p) => [p.pid, p.start])).toEqual([[warm!.pid, warm!.start]]);
    expect(await rssMb(warm!.pid)).toBeLessThan(384);
  });

  it("hands a large drawing's heap back once idle and stays for the next job", async () => {
    const memoryMb = 4096; // its own kept child; keep bound min(384, 4096 / 4) = 384 MiB
    await prewarmDrawingConverter(memoryMb);
    const [warm] = (await drawingChildren()).filter((p) => p.cmd.includes('--max-old-space-size=4096'));
    // A 10 MB ASCII DXF (a grid of lines, Chinese labels): its conversion takes the child far above
    // the bound and longer than the parent waits for the `idle` word once a job has ended.
    const big = path.join(dir, 'grid-10mb.dxf');
    await writeFile(big, makeGridDxf(10));
    const r = await convertFile({
      inputPath: big,
      suffix: 'dxf',
      outputDir: path.join(dir, 'out-big'),
      timeoutMs: 120_000,
      memoryMb,
    });
    expect(r.ok && r.stats).toMatchObject({ format: 'dxf-ascii', entities: 56_000 + 1120 });
    await sleep(3000); // the quiet time, the collection, the parent's reading of its memory
    const kept = (await drawingChildren()).filter((p) => p.cmd.includes('--max-old-space-size=4096'));
    expect(kept.map((p) => [p.pid, p.start])).toEqual([[warm!.pid, warm!.start]]);
    expect(await rssMb(warm!.pid)).toBeLessThan(384);
  });

  it('takes a job that comes while it still warms up, and answers it', async () => {
    const memoryMb = 2048; // another limit: another kept child, fresh
    void prewarmDrawingConverter(memoryMb);
    const r = await convert('dxf/polylines.dxf', memoryMb, 100);
    expect(r.ok && r.stats).toMatchObject({ format: 'dxf-ascii', output: 'original' });
  });
});
