/**
 * A warm LibreOffice for office → PDF renditions (issue 14 "Keep LibreOffice warm"; spec 001 §2 office
 * viewer). Each slot is one `office-bridge.py` process (Debian python3-uno) that owns one headless
 * soffice with its own profile and converts one document at a time; jobs wait for a free slot.
 *
 * - Started on first use and kept running, so a conversion costs the document's work only, not
 *   soffice's start (benchmark: bench/office-video.ts).
 * - Each job has a time limit and a memory limit (resident set of soffice, polled every 200 ms); a
 *   slot that exceeds either, crashes or hangs is killed (bridge and soffice) and replaced on the
 *   next job, and that job fails with a reason.
 * - When this process ends, the bridges see their stdin close and end their soffice; on a normal
 *   exit they are also killed directly; when it is killed (kill -9), each bridge's watchdog sees its
 *   parent gone within half a second, even mid-conversion, and kills its soffice (issue 15).
 *
 * Settings: `OFFICE_POOL_SIZE` (slots, default 1), `OFFICE_PYTHON` (default /usr/bin/python3, the
 * interpreter that has Debian's `uno` module), `SOFFICE_BIN` (default soffice).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const BRIDGE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'office-bridge.py');
const START_TIMEOUT_MS = 90_000;

/** One conversion asked of the pool. Paths are absolute; `csv` makes soffice read the input as UTF-8 CSV. */
export interface OfficeJob {
  input: string;
  output: string;
  filter?: 'auto' | 'csv';
  timeoutMs: number;
  memoryMb: number;
}

/** How a job ended. `error` kinds: the document could not be opened, exporting failed, or a limit/crash. */
export type OfficeOutcome =
  | { ok: true }
  | {
      ok: false;
      error: 'unreadable' | 'export' | 'timeout' | 'memory' | 'crashed' | 'unavailable';
      detail?: string;
    };

interface Reply {
  id?: number;
  ok?: boolean;
  ready?: boolean;
  pid?: number;
  error?: string;
  detail?: string;
}

async function rssMb(pid: number): Promise<number> {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory (MiB) of a process and all its descendants (the soffice wrapper → soffice.bin). */
async function treeRssMb(pid: number, depth = 0): Promise<number> {
  let total = await rssMb(pid);
  if (depth > 4) return total;
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  for (const c of children.split(/\s+/).filter(Boolean)) total += await treeRssMb(Number(c), depth + 1);
  return total;
}

/** One bridge + soffice. `run` must not be called again before the previous run settled. */
class Slot {
  private child: ChildProcessWithoutNullStreams | null = null;
  private sofficePid = 0;
  private ready: Promise<void> | null = null;
  private waiting: ((r: Reply) => void) | null = null;
  private nextId = 1;
  private readonly profile: string;

  constructor(index: number) {
    this.profile = path.join(os.tmpdir(), 'bimdrive-office', `${process.pid}-${index}`);
  }

  private start(): Promise<void> {
    const pipe = `bimdrive-${process.pid}-${randomBytes(6).toString('hex')}`;
    const python = process.env.OFFICE_PYTHON ?? '/usr/bin/python3';
    const child = spawn(python, [BRIDGE, this.profile, pipe], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, BIMDRIVE_PARENT_PID: String(process.pid) },
    });
    this.child = child;
    child.stderr.resume();
    const lines = createInterface({ input: child.stdout });
    let onReady: ((r: Reply) => void) | null = null;
    lines.on('line', (line) => {
      let msg: Reply;
      try {
        msg = JSON.parse(line) as Reply;
      } catch {
        return;
      }
      if (msg.ready !== undefined && onReady) onReady(msg);
      else if (this.waiting) this.waiting(msg);
    });
    child.once('exit', (code, signal) => {
      if (this.child === child) this.reset();
      const gone: Reply = { ok: false, error: 'crashed', detail: `exit ${code ?? signal}` };
      onReady?.(gone);
      this.waiting?.(gone);
    });
    child.once('error', () => undefined); // reported through 'exit' or the start timeout
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill();
        reject(new Error('office start timeout'));
      }, START_TIMEOUT_MS);
      onReady = (r) => {
        onReady = null;
        clearTimeout(timer);
        if (r.ready && r.pid) {
          this.sofficePid = r.pid;
          resolve();
        } else {
          this.kill();
          reject(new Error(r.detail ?? r.error ?? 'office did not start'));
        }
      };
    });
  }

  private reset() {
    this.child = null;
    this.sofficePid = 0;
    this.ready = null;
  }

  /** Kill the bridge and its soffice (the next run starts new ones). */
  kill() {
    const { child, sofficePid } = this;
    this.reset();
    if (sofficePid) {
      try {
        process.kill(-sofficePid, 'SIGKILL'); // the whole group: the soffice wrapper and soffice.bin
      } catch {
        /* already gone */
      }
    }
    child?.kill('SIGKILL');
  }

  /** Process group id of this slot's soffice, 0 when not running. */
  get pid(): number {
    return this.sofficePid;
  }

  /** Remove this slot's profile (at process exit). */
  dispose() {
    this.kill();
    rmSync(this.profile, { recursive: true, force: true });
  }

  async run(job: OfficeJob): Promise<OfficeOutcome> {
    if (!this.ready) {
      this.ready = this.start();
      this.ready.catch(() => (this.ready = null));
    }
    try {
      await this.ready;
    } catch (err) {
      return { ok: false, error: 'unavailable', detail: err instanceof Error ? err.message : String(err) };
    }
    const child = this.child;
    if (!child) return { ok: false, error: 'unavailable' };
    const id = this.nextId++;
    return new Promise<OfficeOutcome>((resolve) => {
      let settled = false;
      const finish = (o: OfficeOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(poll);
        this.waiting = null;
        resolve(o);
      };
      const timer = setTimeout(() => {
        this.kill();
        finish({ ok: false, error: 'timeout' });
      }, job.timeoutMs);
      const poll = setInterval(() => {
        const pid = this.sofficePid;
        if (!pid) return;
        void treeRssMb(pid).then((mb) => {
          if (mb > job.memoryMb && !settled) {
            this.kill();
            finish({ ok: false, error: 'memory' });
          }
        });
      }, 200);
      this.waiting = (r) => {
        if (r.id !== undefined && r.id !== id) return;
        if (r.ok) finish({ ok: true });
        else {
          const error = r.error === 'export' || r.error === 'unreadable' ? r.error : 'crashed';
          finish({ ok: false, error, ...(r.detail ? { detail: r.detail } : {}) });
        }
      };
      const line = JSON.stringify({ id, input: job.input, output: job.output, filter: job.filter ?? 'auto' });
      child.stdin.write(`${line}\n`);
    });
  }
}

/** A fixed number of slots and a FIFO of jobs waiting for one. */
export class OfficePool {
  private readonly free: Slot[];
  private readonly all: Slot[];
  private readonly queue: ((s: Slot) => void)[] = [];

  constructor(size: number) {
    this.all = Array.from({ length: Math.max(1, size) }, (_, i) => new Slot(i));
    this.free = [...this.all];
  }

  /** Convert one document to PDF on the next free slot. Never throws. */
  async convert(job: OfficeJob): Promise<OfficeOutcome> {
    const slot = this.free.pop() ?? (await new Promise<Slot>((resolve) => this.queue.push(resolve)));
    try {
      return await slot.run(job);
    } finally {
      const next = this.queue.shift();
      if (next) next(slot);
      else this.free.push(slot);
    }
  }

  /** Process group ids of the running soffice processes (monitoring, tests). */
  processIds(): number[] {
    return this.all.map((s) => s.pid).filter((p) => p > 0);
  }

  /** End every slot's office process and remove their profiles. */
  close() {
    for (const s of this.all) s.dispose();
  }
}

let shared: OfficePool | null = null;

/** The process's pool (created on first use; closed when the process exits). */
export function officePool(): OfficePool {
  if (!shared) {
    const size = Number(process.env.OFFICE_POOL_SIZE ?? 1) || 1;
    const pool = new OfficePool(size);
    shared = pool;
    process.once('exit', () => pool.close());
  }
  return shared;
}
