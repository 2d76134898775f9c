/**
 * Converter children die with their parent (run-isolated.ts, issue 15): a Node process that started a
 * native command with children of its own (under the guard shell), a forked Node converter and a
 * reusable one is killed with SIGKILL, and none of them lives on; a time limit kills a command's whole
 * process group, grandchildren included. A reusable child (issue 13) runs the next job when its last
 * one settled, and is replaced after a crash or a limit.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendants, procInfo, survivors } from '../test/processes.ts';
import { forkReusable } from './reusable-child.ts';
import { spawnIsolated, type IsolatedExit } from './run-isolated.ts';

describe('converter children and their parent', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bimdrive-orphans-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('a parent killed with SIGKILL leaves no child: native command and its children, Node converter, reusable', async () => {
    const idle = path.join(dir, 'idle.child.ts');
    await writeFile(idle, 'setInterval(() => undefined, 1000);\n');
    const parent = path.join(dir, 'parent.ts');
    const runIsolated = path.join(import.meta.dirname, 'run-isolated.ts');
    const reusableChild = path.join(import.meta.dirname, 'reusable-child.ts');
    await writeFile(
      parent,
      [
        `import { forkIsolated, spawnIsolated } from ${JSON.stringify(runIsolated)};`,
        `import { forkReusable } from ${JSON.stringify(reusableChild)};`,
        `const limits = { timeoutMs: 120_000, memoryMb: 512 };`,
        `void spawnIsolated('/bin/sh', ['-c', 'sleep 300 & sleep 300 & wait'], limits);`,
        `void spawnIsolated('sleep', ['301'], { ...limits, addressSpaceMb: 256 });`,
        `void forkIsolated(${JSON.stringify(idle)}, [], limits);`,
        `void forkReusable(${JSON.stringify(idle)}, [], limits);`,
        `setInterval(() => undefined, 1000);`,
        `setTimeout(() => console.log('READY'), 1500);`,
      ].join('\n'),
    );
    const child = spawn(process.execPath, [parent], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((r) => child.once('exit', r));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('READY') && resolve());
      child.once('exit', () => reject(new Error('parent exited early')));
    });
    const before = await descendants(child.pid!);
    const cmds = before.map((p) => p.cmd).join('\n');
    expect(cmds).toContain('sleep 300'); // the command's own children
    expect(cmds).toContain('sleep 301');
    expect(before.filter((p) => p.cmd.includes('idle.child.ts'))).toHaveLength(2); // forked, reusable
    child.kill('SIGKILL');
    await exited;
    expect(await survivors(before)).toEqual([]);
  });

  it('a time limit kills the command’s whole process group', async () => {
    let out = '';
    const exit = await spawnIsolated('/bin/sh', ['-c', 'sleep 300 & echo $!; wait'], {
      timeoutMs: 1_000,
      memoryMb: 512,
      onStdout: (s) => (out += s),
    });
    expect(exit).toMatchObject({ killedFor: 'timeout', signal: 'SIGKILL' });
    const grandchild = await procInfo(Number(out.trim()));
    if (grandchild) expect(await survivors([grandchild], 2_000)).toEqual([]);
  });

  it('a reusable child runs one job after another and is replaced after a crash or a time limit', async () => {
    const entry = path.join(dir, 'jobs.child.ts');
    await writeFile(
      entry,
      [
        `process.on('message', (m) => {`,
        `  if (m.type !== 'job') return;`,
        `  const what = m.args[0];`,
        `  if (what === 'crash') process.exit(3);`,
        `  if (what === 'hang') return;`,
        `  process.send({ type: 'done', stats: { pid: process.pid } });`,
        `});`,
      ].join('\n'),
    );
    const limits = { timeoutMs: 1_500, memoryMb: 512 };
    const run = async (what: string) => {
      let pid: number | undefined;
      const exit: IsolatedExit = await forkReusable(entry, [what], {
        ...limits,
        onMessage: (m) => (pid = (m as { stats?: { pid: number } }).stats?.pid),
      });
      return { exit, pid };
    };
    const first = await run('ok');
    const second = await run('ok');
    expect(first.exit).toMatchObject({ code: 0, killedFor: null });
    expect(second.pid).toBe(first.pid); // the same process, kept
    expect((await run('crash')).exit).toMatchObject({ code: 3 });
    const afterCrash = await run('ok');
    expect(afterCrash.pid).not.toBe(first.pid);
    expect((await run('hang')).exit).toMatchObject({ killedFor: 'timeout' });
    const afterHang = await run('ok');
    expect(afterHang.pid).not.toBe(afterCrash.pid);
    expect(afterHang.exit.code).toBe(0);
  });
});
