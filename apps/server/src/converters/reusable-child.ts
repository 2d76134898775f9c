/**
 * Converter children kept from one job to the next (issue 13: a drawing converts in the time of a
 * warm parse): `forkReusable` runs a job on the idle child of an entry and heap limit, or a new one;
 * `prewarmReusable` starts that child ahead, idle. See forkReusable for when a child is replaced.
 * The protocol: `{ type: 'job', args, keepBelowMb }` in; ConverterChildMessage and, once idle,
 * `{ type: 'idle' }` out (drawing/drawing-to-dxf.child.ts).
 */
import type { ChildProcess } from 'node:child_process';
import {
  forkChild,
  killGroup,
  supervise,
  treeRssMb,
  type IsolatedExit,
  type IsolatedOptions,
} from './process-supervision.ts';

/** Jobs one reusable child runs before it is replaced (bounds what a long life can gather). */
const REUSE_MAX_JOBS = 50;
/**
 * A reusable child whose resident memory once idle is above this (MiB; a fresh drawing child holds
 * about 110, a warmed-up one about 180, one that has converted a run of 1 MB DWGs about 275) or above
 * a quarter of its limit is replaced: an idle child never sits on a large heap.
 */
const REUSE_MAX_RSS_MB = 384;

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
const IDLE_REPORT_MS = 2000;

/**
 * Waits for the reused child's next `{ type: 'idle' }` message or its exit; `idled` resolves then, or
 * `timeoutMs` after `armTimeout()` (called when the job has ended: the child says `idle` only after
 * its job and a heap collection, so a job longer than the timeout must not use it up). The child's
 * next job ends the wait (`stopWaiting`, then it resolves at once).
 */
function nextIdle(reused: Reusable): { idled: Promise<void>; armTimeout: (timeoutMs?: number) => void } {
  const { child } = reused;
  let timer: NodeJS.Timeout | undefined;
  let done = () => {};
  const idled = new Promise<void>((resolve) => {
    done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', done);
      if (reused.stopWaiting === done) reused.stopWaiting = undefined;
      resolve();
    };
    reused.stopWaiting = done;
    const onMessage = (m: unknown) => (m as { type?: unknown } | null)?.type === 'idle' && done();
    child.on('message', onMessage);
    child.once('exit', done);
  });
  const armTimeout = (timeoutMs = IDLE_REPORT_MS) => {
    clearTimeout(timer);
    timer = setTimeout(done, timeoutMs);
    timer.unref();
  };
  return { idled, armTimeout };
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
 * after REUSE_MAX_JOBS jobs, when its resident memory once idle after a job exceeds REUSE_MAX_RSS_MB
 * (or a quarter of the limit; read when it says `idle`, see Idle, never delaying a job or its result),
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
  const { idled, armTimeout } = nextIdle(reused); // listened for before the job: the word may come with its result
  const bound = Math.min(REUSE_MAX_RSS_MB, opts.memoryMb / 4);
  child.send({ type: 'job', args, keepBelowMb: bound });
  const result = await exit;
  armTimeout();
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
  const { idled, armTimeout } = nextIdle(reused);
  armTimeout(60_000);
  return idled;
}
