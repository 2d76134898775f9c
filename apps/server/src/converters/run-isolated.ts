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
 *
 * Forking and watching a child lives in process-supervision.ts, children kept from job to job in
 * reusable-child.ts; this module runs native tools and converter entries on them.
 */
import { spawn, type StdioOptions } from 'node:child_process';
import { constants } from 'node:os';
import {
  forkChild,
  OUT_OF_MEMORY,
  SETPRIV,
  supervise,
  type IsolatedExit,
  type IsolatedOptions,
} from './process-supervision.ts';
import { forkReusable } from './reusable-child.ts';
import { ConversionError } from './types.ts';

export { OUT_OF_MEMORY, type IsolatedExit, type IsolatedOptions } from './process-supervision.ts';

/** Fork a Node (TypeScript) converter entry with IPC. @throws on spawn failure. */
export function forkIsolated(entry: string, args: string[], opts: IsolatedOptions): Promise<IsolatedExit> {
  return supervise(forkChild(entry, args, opts.memoryMb), opts);
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
