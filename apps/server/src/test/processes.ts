/**
 * Process-table helpers for tests that check no child outlives its parent (issue 15 crash recovery),
 * read from Linux `/proc`: a process is identified by its pid and start time, so a reused pid is
 * never mistaken for the process that was recorded.
 */
import { readdir, readFile } from 'node:fs/promises';

/** One process: state letter (`Z` zombie…), parent pid, start time (clock ticks since boot), command line. */
export interface ProcInfo {
  pid: number;
  ppid: number;
  state: string;
  start: string;
  cmd: string;
}

/** The process `pid` as /proc shows it now, or null when there is none. */
export async function procInfo(pid: number): Promise<ProcInfo | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmd = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ').trim();
    return { pid, ppid: Number(fields[1]), state: fields[0]!, start: fields[19]!, cmd };
  } catch {
    return null;
  }
}

/** Every running (not zombie) descendant of `root`: children, grandchildren… */
export async function descendants(root: number): Promise<ProcInfo[]> {
  const pids = (await readdir('/proc')).filter((d) => /^\d+$/.test(d)).map(Number);
  const all = (await Promise.all(pids.map(procInfo))).filter(
    (p): p is ProcInfo => p !== null && p.state !== 'Z',
  );
  const out: ProcInfo[] = [];
  const walk = (pid: number) => {
    for (const p of all.filter((q) => q.ppid === pid)) {
      out.push(p);
      walk(p.pid);
    }
  };
  walk(root);
  return out;
}

/** Whether the recorded process (same pid and start time) is still running (a zombie has ended). */
export async function stillRunning(p: ProcInfo): Promise<boolean> {
  const now = await procInfo(p.pid);
  return now !== null && now.start === p.start && now.state !== 'Z';
}

/**
 * Wait until none of `processes` is running.
 * @returns the command lines of those still running after `timeoutMs` (empty when all ended).
 */
export async function survivors(processes: ProcInfo[], timeoutMs = 3_000): Promise<string[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const left: string[] = [];
    for (const p of processes) if (await stillRunning(p)) left.push(`${p.pid} ${p.cmd}`);
    if (left.length === 0 || Date.now() > end) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}
