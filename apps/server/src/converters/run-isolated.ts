/**
 * Runs one converter in its own process with a time limit and a memory limit (DESIGN.md: "Each
 * converter runs in a child process … a crash fails that one job, never the server").
 *
 * The memory limit is on the process's resident set (VmRSS from /proc, polled every 200 ms), not
 * on its address space: web-ifc's WebAssembly reserves far more virtual memory than it uses, so
 * RLIMIT_AS would kill every run. Node children also get `--max-old-space-size`. Native commands
 * (assimp) can in addition get an address-space cap (`ulimit -v` set by `/bin/sh` before `exec`,
 * arguments passed as "$@", never interpolated), which stops an allocation spike between two polls.
 * A child that dies of memory exhaustion on its own (V8 "heap out of memory", wasm OOM,
 * `std::bad_alloc`) is reported like one killed for memory.
 *
 * Children die with their parent (issue 15 crash recovery): no converter outlives a server or worker
 * killed with SIGKILL, and none is left behind by a limit.
 * - Every child is the leader of its own process group (`detached`), and a limit kills the whole
 *   group, so whatever a tool started itself goes with it.
 * - Every child is started through util-linux `setpriv --pdeathsig` (Debian: always installed), so the
 *   kernel signals it the moment this process dies, whatever it is doing. Node children get SIGKILL
 *   and also load parent-guard.ts (exit when the parent pid changes: systems without setpriv, and
 *   a parent that died before the signal was armed). A native command runs under a small `/bin/sh`
 *   guard in its group: it checks its parent is still this process, runs the command in the
 *   background and waits; its parent-death signal is SIGTERM, on which it kills its whole group.
 *   The guard's exit status is the command's (128 + n for a signal, reported back as that signal).
 * - Memory is the resident set of the child and its descendants (the guard's command).
 * - The warm LibreOffice (office/office-pool.ts) has its own guard: its bridge watches its parent.
 * Without setpriv (not Linux) only the Node guard and the group kill of limits remain.
 */
import { fork, spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { constants } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConversionError } from './types.ts';

/** util-linux `setpriv`, which arms the parent-death signal before exec (Linux only); null when absent. */
const SETPRIV =
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
async function treeRssMb(pid: number, depth = 0): Promise<number> {
  let total = await rssMb(pid);
  if (depth >= 4) return total;
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  for (const c of children.split(/\s+/).filter(Boolean)) total += await treeRssMb(Number(c), depth + 1);
  return total;
}

/** SIGKILL a child's whole process group (it leads one, see the module docstring); the child alone if that fails. */
function killGroup(child: ChildProcess): void {
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
function supervise(
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
function forkChild(entry: string, args: string[], memoryMb: number, exposeGc = false): ChildProcess {
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

/** Fork a Node (TypeScript) converter entry with IPC. @throws on spawn failure. */
export function forkIsolated(entry: string, args: string[], opts: IsolatedOptions): Promise<IsolatedExit> {
  return supervise(forkChild(entry, args, opts.memoryMb), opts);
}

/** Jobs one reusable child runs before it is replaced (bounds what a long life can gather). */
const REUSE_MAX_JOBS = 50;
/**
 * A reusable child whose resident memory after a job is above this (MiB; a fresh drawing child holds
 * about 110) or above a quarter of its limit is replaced: an idle child never sits on a large heap.
 */
const REUSE_MAX_RSS_MB = 256;

/** A reusable child, how many jobs it has run, and how to stop waiting for its last job's `idle`. */
interface Reusable {
  child: ChildProcess;
  jobs: number;
  stopWaiting?: () => void;
}

/**
 * An idle reusable child. Its memory is read once it says `{ type: 'idle' }` after a job (its heap
 * collected; or after IDLE_REPORT_MS without that word): `unread` until then, `over` when above the
 * bound (it is then killed). A child taken for the next job before that is used as it is, unread.
 */
interface Idle {
  reused: Reusable;
  memory: 'unread' | 'ok' | 'over';
}

/** Idle reusable children (forkReusable), at most one per entry and heap limit. */
const idleChildren = new Map<string, Idle>();
process.once('exit', () => {
  for (const { reused } of idleChildren.values()) killGroup(reused.child);
});

/** How long (ms) a reusable child's `idle` word after a job is waited for before its memory is read. */
const IDLE_REPORT_MS = 500;

/**
 * Resolves at the reused child's next `{ type: 'idle' }` message, its exit, or after `timeoutMs`; the
 * child's next job ends the wait (`stopWaiting`, then it resolves at once).
 */
function nextIdle(reused: Reusable, timeoutMs = IDLE_REPORT_MS): Promise<void> {
  const { child } = reused;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', done);
      if (reused.stopWaiting === done) reused.stopWaiting = undefined;
      resolve();
    };
    reused.stopWaiting = done;
    const onMessage = (m: unknown) => (m as { type?: unknown } | null)?.type === 'idle' && done();
    const timer = setTimeout(done, timeoutMs);
    timer.unref();
    child.on('message', onMessage);
    child.once('exit', done);
  });
}

const isAlive = (child: ChildProcess) =>
  child.exitCode === null && child.signalCode === null && child.connected;

/** Fork a child for forkReusable; it leaves the idle set when it exits. */
function newReusable(key: string, entry: string, memoryMb: number): Reusable {
  const reused = { child: forkChild(entry, [], memoryMb, true), jobs: 0 };
  reused.child.once('exit', () => idleChildren.get(key)?.reused === reused && idleChildren.delete(key));
  return reused;
}

/** A settling message of the converter protocol (ConverterChildMessage `done` / `failed`). */
const settlesJob = (m: unknown) => {
  const type = (m as { type?: unknown } | null)?.type;
  return type === 'done' || type === 'failed';
};

/**
 * Like forkIsolated, but the child is kept for the next job with the same entry and heap limit: it
 * gets each job as `{ type: 'job', args, keepBelowMb }` over IPC (keepBelowMb: the resident-memory
 * bound it is kept under, MiB) and answers with ConverterChildMessage, and the
 * job ends at its `done` / `failed` message, under the job's own time and memory limits (counted from
 * the job). A kept child has acad-ts loaded and its code compiled by the JIT, so a small drawing
 * converts at the speed of a warm parse instead of a cold one (issue 13 benchmark). A child is replaced
 * after REUSE_MAX_JOBS jobs, when its resident memory after a job exceeds REUSE_MAX_RSS_MB (or a
 * quarter of the limit; read after the job's result is returned, before the next job is given to it),
 * and whenever a job ends any other way (limit hit, crash): then it is killed and the job's exit is
 * reported as forkIsolated would. One idle child is kept per key; idle children never hold the server
 * open and die with it. The entry must accept those messages when started without arguments
 * (drawing/drawing-to-dxf.child.ts) and must not keep state from one job to the next.
 * @throws on spawn failure.
 */
export async function forkReusable(
  entry: string,
  args: string[],
  opts: IsolatedOptions,
): Promise<IsolatedExit> {
  const key = `${entry}\0${opts.memoryMb}`;
  const idle = idleChildren.get(key);
  idleChildren.delete(key);
  const held = idle && idle.memory !== 'over' && isAlive(idle.reused.child) ? idle.reused : undefined;
  if (idle && !held) killGroup(idle.reused.child);
  const reused = held ?? newReusable(key, entry, opts.memoryMb);
  reused.stopWaiting?.();
  const { child } = reused;
  child.ref();
  child.channel?.ref();
  const exit = supervise(child, opts, settlesJob);
  const idled = nextIdle(reused); // listened for before the job: the word may come with its result
  const bound = Math.min(REUSE_MAX_RSS_MB, opts.memoryMb / 4);
  child.send({ type: 'job', args, keepBelowMb: bound });
  const result = await exit;
  reused.jobs += 1;
  const keep =
    result.code === 0 &&
    result.signal === null &&
    isAlive(child) &&
    reused.jobs < REUSE_MAX_JOBS &&
    !idleChildren.has(key);
  if (!keep) {
    killGroup(child);
    return result;
  }
  child.stdout?.resume();
  child.stderr?.resume();
  child.unref();
  child.channel?.unref();
  const waiting: Idle = { reused, memory: 'unread' };
  idleChildren.set(key, waiting);
  void idled.then(async () => {
    const mb = await treeRssMb(child.pid!);
    if (idleChildren.get(key) !== waiting) return; // taken for the next job (or gone) meanwhile
    waiting.memory = mb <= bound ? 'ok' : 'over';
    if (waiting.memory === 'over') killGroup(child);
  });
  return result;
}

/**
 * Start the reusable child of `entry` under the heap limit `memoryMb` now, idle, so that the first
 * job finds it started (and, for an entry that warms itself up while it waits, its code compiled:
 * drawing/warm-up.ts); no-op when one is idle already. Like every idle child it never holds the
 * server open and dies with it. Resolves when the child first says `idle` (its warm-up done), exits,
 * or after a minute; callers need not wait. @throws on spawn failure.
 */
export function prewarmReusable(entry: string, memoryMb: number): Promise<void> {
  const key = `${entry}\0${memoryMb}`;
  if (idleChildren.has(key)) return Promise.resolve();
  const reused = newReusable(key, entry, memoryMb);
  const { child } = reused;
  child.stdout?.resume();
  child.stderr?.resume();
  child.unref();
  child.channel?.unref();
  idleChildren.set(key, { reused, memory: 'unread' });
  return nextIdle(reused, 60_000);
}

/**
 * The `/bin/sh -c` guard every native command runs under (see the module docstring): `$0` is the
 * command, `"$@"` its arguments, never interpolated. A dead parent (SIGTERM from setpriv, or a parent
 * pid that is no longer this process) ends the whole group.
 */
function guardScript(capKb: number): string {
  return [
    `trap 'kill -KILL 0' TERM`,
    `[ "$PPID" = "${process.pid}" ] || kill -KILL 0`,
    ...(capKb ? [`ulimit -v ${capKb}`] : []),
    `"$0" "$@" &`,
    'wait $!',
  ].join('\n');
}

/** Signal names by number (SIGKILL for 9…). */
const SIGNAL_NAMES = new Map(
  Object.entries(constants.signals).map(([name, n]) => [n, name as NodeJS.Signals]),
);

/**
 * Spawn a native converter command (arguments passed as an array; no shell parses them) under the
 * guard shell, in its own process group, dying with this process. With `opts.addressSpaceMb` the guard
 * sets `ulimit -v <KiB>` before starting it. A command killed by a signal is reported with that
 * `signal` (the guard exits 128 + n), so an exit status of 129…192 of the command itself reads as a signal.
 * @throws the spawn error (EAGAIN…); a command the guard could not find or execute (sh exit 127/126)
 * is thrown as ENOENT / EACCES.
 */
export async function spawnIsolated(
  command: string,
  args: string[],
  opts: IsolatedOptions,
): Promise<IsolatedExit> {
  const capKb = opts.addressSpaceMb ? Math.max(1, Math.floor(opts.addressSpaceMb * 1024)) : 0;
  const argv = ['/bin/sh', '-c', guardScript(capKb), command, ...args];
  const options = { detached: true, stdio: ['ignore', 'pipe', 'pipe'] as StdioOptions };
  const child = SETPRIV
    ? spawn(SETPRIV, ['--pdeathsig', 'TERM', '--', ...argv], options)
    : spawn(argv[0]!, argv.slice(1), options);
  const exit = await supervise(child, opts);
  const escaped = command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const missing = new RegExp(`: ${escaped}: (?:not found|No such file or directory|Permission denied)`);
  if ((exit.code === 127 || exit.code === 126) && missing.test(exit.stderr)) {
    const err: NodeJS.ErrnoException = new Error(`spawn ${command} ENOENT`);
    err.code = exit.code === 127 ? 'ENOENT' : 'EACCES';
    throw err;
  }
  if (exit.signal === null && exit.code !== null && exit.code > 128 && SIGNAL_NAMES.has(exit.code - 128))
    return { ...exit, code: null, signal: SIGNAL_NAMES.get(exit.code - 128)! };
  return exit;
}

/** The user-readable reason (Simplified Chinese) when a run hit its memory limit. */
export const memoryReason = (memoryMb: number) =>
  `转换所需内存超过上限（${memoryMb} MB），文件过大或结构异常`;

/**
 * The user-readable reason for a child killed by a limit or dead of memory exhaustion (non-zero exit
 * or signal with an out-of-memory message on stderr), or null when no limit explains the exit.
 * Timeouts are reported in whole seconds (at least 1).
 */
export function limitReason(exit: IsolatedExit, opts: IsolatedOptions): string | null {
  if (exit.killedFor === 'timeout')
    return `转换超时（超过 ${Math.max(1, Math.round(opts.timeoutMs / 1000))} 秒），请检查文件或联系管理员`;
  if (exit.killedFor === 'memory') return memoryReason(opts.memoryMb);
  if ((exit.code !== 0 || exit.signal) && OUT_OF_MEMORY.test(exit.stderr)) return memoryReason(opts.memoryMb);
  return null;
}

/**
 * Run a native converter tool (assimp, ffmpeg…) isolated and turn every way it can end badly into a
 * ConversionError: the tool missing on this worker or not startable (retryable, with `tool` named),
 * a limit hit, or a non-zero exit (`${failPrefix}：` + the line toolFailure picks from stderr and
 * stdout, minus an `ERROR:` tag).
 * @returns normally when the tool exited 0.
 */
export async function runTool(
  command: string,
  args: string[],
  opts: IsolatedOptions,
  names: { tool: string; failPrefix: string },
): Promise<void> {
  let exit: IsolatedExit;
  // stdout feeds the reason too: assimp prints its `ERROR:` lines there, not on stderr.
  let stdout = '';
  const onStdout = (chunk: string) => {
    stdout = (stdout + chunk).slice(-4096);
    opts.onStdout?.(chunk);
  };
  try {
    exit = await spawnIsolated(command, args, { ...opts, onStdout });
  } catch (err) {
    // Not the file's fault (tool missing on this worker, EAGAIN…): retried with back-off.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ConversionError(`${names.tool}暂不可用，稍后自动重试`, true);
    throw new ConversionError('转换进程无法启动，稍后自动重试', true);
  }
  const limited = limitReason(exit, opts);
  if (limited) throw new ConversionError(limited);
  if (exit.code !== 0) {
    const why = toolFailure(exit.stderr, stdout) ?? `exit ${exit.code ?? exit.signal}`;
    throw new ConversionError(`${names.failPrefix}：${why.replace(/^ERROR:\s*/i, '').slice(0, 200)}`);
  }
}

/**
 * The line that says why a tool failed: the last `ERROR:` line of stderr or stdout, else the last
 * line of stderr, else the last line of stdout; null when both are empty.
 * @param stderr, stdout the tails of the tool's output.
 */
export function toolFailure(stderr: string, stdout: string): string | null {
  const lines = (text: string) =>
    text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  const err = lines(stderr);
  const out = lines(stdout);
  const tagged = (l: string) => l.startsWith('ERROR:');
  return err.findLast(tagged) ?? out.findLast(tagged) ?? err.at(-1) ?? out.at(-1) ?? null;
}

/** What a forked converter child sends over IPC (see forkConverter). */
export type ConverterChildMessage<T> =
  | { type: 'progress'; percent: number }
  | { type: 'done'; stats: T }
  | { type: 'failed'; reason: string; outOfMemory?: boolean };

/**
 * Run a Node converter child (`entry`, which speaks ConverterChildMessage over IPC) under the
 * request's limits, passing its progress to `onProgress`; `reusable`: a child kept from one job to the next (forkReusable).
 * @returns the figures of its `done` message.
 * @throws ConversionError: the child's own `failed` reason (or the memory reason), a limit hit, a
 * crash without a message (`crashNoun` names what may be damaged: 文件, 图纸…); a child that could not
 * be started is retryable.
 */
export async function forkConverter<T>(
  entry: string,
  args: string[],
  req: { timeoutMs: number; memoryMb: number; onProgress?: (percent: number) => void },
  crashNoun: string,
  reusable = false,
): Promise<T> {
  let outcome: ConverterChildMessage<T> | null = null;
  const limits = { timeoutMs: req.timeoutMs, memoryMb: req.memoryMb };
  let exit: IsolatedExit;
  try {
    exit = await (reusable ? forkReusable : forkIsolated)(entry, args, {
      ...limits,
      onMessage: (m) => {
        const msg = m as ConverterChildMessage<T>;
        if (msg.type === 'progress') req.onProgress?.(msg.percent);
        else if (msg.type === 'done' || msg.type === 'failed') outcome = msg;
      },
    });
  } catch {
    // EAGAIN, ENOMEM…: the server could not start a process now; not the file's fault.
    throw new ConversionError('转换进程无法启动，稍后自动重试', true);
  }
  const limited = limitReason(exit, limits);
  if (limited) throw new ConversionError(limited);
  const result = outcome as ConverterChildMessage<T> | null;
  if (result?.type === 'done') return result.stats;
  if (result?.type === 'failed')
    throw new ConversionError(result.outOfMemory ? memoryReason(req.memoryMb) : result.reason);
  throw new ConversionError(
    exit.signal
      ? `转换进程异常退出（${exit.signal}），${crashNoun}可能已损坏`
      : `转换进程异常退出（代码 ${exit.code}）：${exit.stderr.trim().split('\n').at(-1) ?? ''}`.slice(0, 300),
  );
}
