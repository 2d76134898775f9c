/**
 * The drawing converter's kept child (issue 13 benchmark; drawing-to-dxf.ts `prewarmDrawingConverter`,
 * warm-up.ts, run-isolated.ts forkReusable): started ahead, it warms up on drawings of its own and then
 * takes real jobs; after each it collects its heap and says `idle`, so a run of 1 MB DWGs stays in
 * the one process (before, its resident memory passed the keep bound after a few of them and the
 * next job paid a new process's start). A job that comes during the warm-up is not lost.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const memoryMb = 3072; // the server's default limit: kept while at most 256 MiB resident
    await prewarmDrawingConverter(memoryMb);
    const [warm, ...others] = await drawingChildren();
    expect(others).toEqual([]);
    expect(await rssMb(warm!.pid)).toBeLessThan(256);
    for (let n = 0; n < 10; n++) {
      await sleep(400); // uploads a moment apart: the child goes idle in between and is measured
      const r = await convert('dwg/sample_AC1018.dwg', memoryMb, n);
      expect(r.ok && r.stats).toMatchObject({ format: 'dwg', version: 'AC1018', output: 'rewritten' });
      const dxf = await readFile(path.join(dir, `out-${n}`, 'drawing.dxf'), 'latin1');
      expect(dxf.trimEnd().endsWith('EOF')).toBe(true);
    }
    // Kept all along (uncollected, it passed 256 MiB after about eight of these, and was replaced).
    const after = await drawingChildren();
    expect(after.map((p) => [p.pid, p.start])).toEqual([[warm!.pid, warm!.start]]);
    expect(await rssMb(warm!.pid)).toBeLessThan(256);
  });

  it('takes a job that comes while it still warms up, and answers it', async () => {
    const memoryMb = 2048; // another limit: another kept child, fresh
    void prewarmDrawingConverter(memoryMb);
    const r = await convert('dxf/polylines.dxf', memoryMb, 100);
    expect(r.ok && r.stats).toMatchObject({ format: 'dxf-ascii', output: 'original' });
  });
});
