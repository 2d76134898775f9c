/**
 * How every converter child is started and watched (run-isolated.ts's module docstring says why):
 * `forkChild` forks a Node converter entry in its own process group, dying with this process
 * (setpriv --pdeathsig KILL, parent-guard.ts), under its heap limit; `supervise` holds a child to a
 * time limit and a resident-memory limit (its and its descendants' VmRSS, polled every 200 ms), keeps
 * the tail of its stderr and passes on its stdout and IPC messages; `treeRssMb` and `killGroup` are
 * the two halves of that limit. Shapes: IsolatedOptions in, IsolatedExit out.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** util-linux `setpriv`, which arms the parent-death signal before exec (Linux only); null when absent. */
export const SETPRIV =
  process.platform === 'linux'
    ? (['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p)) ?? null)
    : null;

/** Preloaded into Node children: exit when the parent is gone. */
const PARENT_GUARD = pathToFileURL(path.join(import.meta.dirname, 'parent-guard.ts')).href;

/** How a child ended. `killedFor` is set when this module killed it. */
export interface IsolatedExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  killedFor: 'timeout' | 'memory' | null;
  /** Last 4 KiB of stderr. */
  stderr: string;
}

export interface IsolatedOptions {
  timeoutMs: number;
  memoryMb: number;
  /** Messages sent by a Node child over IPC. */
  onMessage?: (message: unknown) => void;
  /** Address-space cap (MiB) for a native command started by spawnIsolated; none when unset. */
  addressSpaceMb?: number;
  /** stdout of the child as it comes (discarded when unset). */
  onStdout?: (chunk: string) => void;
}

/** stderr of a process that ran out of memory by itself (V8 heap, wasm heap, C++ allocation). */
export const OUT_OF_MEMORY =
  /heap out of memory|Allocation failed|Aborted\(OOM\)|out of memory|std::bad_alloc|Array buffer allocation failed/i;

async function rssMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory (MiB) of a process and its descendants (a guard shell and its command), 4 levels deep. */
export async function treeRssMb(pid: number, depth = 0): Promise<number> {
  let total = await rssMb(pid);
  if (depth >= 4) return total;
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  for (const c of children.split(/\s+/).filter(Boolean)) total += await treeRssMb(Number(c), depth + 1);
  return total;
}

/** SIGKILL a child's whole process group (it leads one, see the module docstring); the child alone if that fails. */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/**
 * Watch `child` under `opts` (time limit, resident-memory limit, stderr tail, stdout and IPC messages
 * passed on) until it exits — or, with `settlesOn`, until it sends a message that settles the job
 * (a reusable child: then it is still alive, `code` 0, and every listener added here is removed).
 */
export function supervise(
  child: ChildProcess,
  opts: IsolatedOptions,
  settlesOn?: (message: unknown) => boolean,
): Promise<IsolatedExit> {
  let killedFor: IsolatedExit['killedFor'] = null;
  let stderr = '';
  const onStderr = (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4096));
  child.stderr?.on('data', onStderr);
  const onStdout = opts.onStdout;
  if (onStdout) child.stdout?.setEncoding('utf8').on('data', onStdout);
  else child.stdout?.resume();
  const kill = (why: 'timeout' | 'memory') => {
    if (killedFor) return;
    killedFor = why;
    killGroup(child);
  };
  const timer = setTimeout(() => kill('timeout'), opts.timeoutMs);
  const poll = setInterval(() => {
    if (child.pid === undefined) return;
    void treeRssMb(child.pid).then((mb) => {
      if (mb > opts.memoryMb) kill('memory');
    });
  }, 200);
  return new Promise((resolve, reject) => {
    const detach = () => {
      clearTimeout(timer);
      clearInterval(poll);
      child.stderr?.off('data', onStderr);
      if (onStdout) child.stdout?.off('data', onStdout);
      child.off('message', onMessage);
      child.off('error', onError);
      child.off('exit', onExit);
    };
    const onMessage = (m: unknown) => {
      opts.onMessage?.(m);
      if (settlesOn?.(m) && !killedFor) {
        detach();
        resolve({ code: 0, signal: null, killedFor: null, stderr });
      }
    };
    const onError = (err: Error) => {
      detach();
      reject(err);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      detach();
      resolve({ code, signal, killedFor, stderr });
    };
    child.on('message', onMessage);
    child.once('error', onError);
    child.once('exit', onExit);
  });
}

/**
 * Fork a Node (TypeScript) converter entry with IPC and its heap limit, in its own process group,
 * dying with this process (setpriv --pdeathsig KILL, parent-guard.ts); `exposeGc`: the child may call
 * `gc()` (a reusable child, between jobs). @throws on spawn failure.
 */
export function forkChild(entry: string, args: string[], memoryMb: number, exposeGc = false): ChildProcess {
  const nodeArgs = [
    `--max-old-space-size=${memoryMb}`,
    ...(exposeGc ? ['--expose-gc'] : []),
    '--import',
    PARENT_GUARD,
  ];
  return fork(entry, args, {
    ...(SETPRIV
      ? { execPath: SETPRIV, execArgv: ['--pdeathsig', 'KILL', '--', process.execPath, ...nodeArgs] }
      : { execArgv: nodeArgs }),
    env: { ...process.env, BIMDRIVE_PARENT_PID: String(process.pid) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'json',
  });
}
