/**
 * Runs one converter in its own process with a time limit and a memory limit (DESIGN.md: "Each
 * converter runs in a child process … a crash fails that one job, never the server").
 *
 * The memory limit is on the process's resident set (VmRSS from /proc, polled every 200 ms), not
 * on its address space: web-ifc's WebAssembly reserves far more virtual memory than it uses, so
 * RLIMIT_AS would kill every run. Node children also get `--max-old-space-size`.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/** How a child ended. `killedFor` is set when this module killed it. */
export interface IsolatedExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  killedFor: 'timeout' | 'memory' | null;
  /** Peak resident set seen, in MiB. */
  peakRssMb: number;
  /** Last 4 KiB of stderr. */
  stderr: string;
}

export interface IsolatedOptions {
  timeoutMs: number;
  memoryMb: number;
  /** Messages sent by a Node child over IPC. */
  onMessage?: (message: unknown) => void;
}

async function rssMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function supervise(child: ChildProcess, opts: IsolatedOptions): Promise<IsolatedExit> {
  let killedFor: IsolatedExit['killedFor'] = null;
  let peakRssMb = 0;
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4096)));
  child.stdout?.resume();
  if (opts.onMessage) child.on('message', opts.onMessage);
  const kill = (why: 'timeout' | 'memory') => {
    if (killedFor) return;
    killedFor = why;
    child.kill('SIGKILL');
  };
  const timer = setTimeout(() => kill('timeout'), opts.timeoutMs);
  const poll = setInterval(() => {
    if (child.pid === undefined) return;
    void rssMb(child.pid).then((mb) => {
      peakRssMb = Math.max(peakRssMb, mb);
      if (mb > opts.memoryMb) kill('memory');
    });
  }, 200);
  return new Promise((resolve, reject) => {
    child.once('error', (err) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(err);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ code, signal, killedFor, peakRssMb, stderr });
    });
  });
}

/** Fork a Node (TypeScript) converter entry with IPC. @throws on spawn failure. */
export function forkIsolated(entry: string, args: string[], opts: IsolatedOptions): Promise<IsolatedExit> {
  const child = fork(entry, args, {
    execArgv: [`--max-old-space-size=${opts.memoryMb}`],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'json',
  });
  return supervise(child, opts);
}

/** Spawn a native converter command (no shell). @throws on spawn failure (e.g. ENOENT). */
export function spawnIsolated(command: string, args: string[], opts: IsolatedOptions): Promise<IsolatedExit> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return supervise(child, opts);
}

/** The user-readable reason for a child killed by a limit, or null. */
export function limitReason(exit: IsolatedExit, opts: IsolatedOptions): string | null {
  if (exit.killedFor === 'timeout')
    return `转换超时（超过 ${Math.round(opts.timeoutMs / 1000)} 秒），请检查文件或联系管理员`;
  if (exit.killedFor === 'memory') return `转换所需内存超过上限（${opts.memoryMb} MB），文件过大或结构异常`;
  return null;
}
