/**
 * Reading RAR archives (issue 14 archives; 001 §9 rar) with node-unrar-js in a worker thread, with a
 * time limit, so a large or hostile archive never blocks or crashes the API process. Listing reads
 * the headers only; one entry is extracted to a private temporary file, which the caller streams and
 * removes.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RarJob } from './rar.worker.ts';
import type { RawArchiveEntry } from './zip-archive.ts';

/** Time limit of one RAR job (ms). */
const RAR_TIMEOUT_MS = 120_000;

function runWorker<T>(job: RarJob): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(new URL('./rar.worker.ts', import.meta.url), {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('RAR 处理超时'));
    }, RAR_TIMEOUT_MS);
    worker.once('message', (m: { ok: boolean; result?: T; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (m.ok) resolve(m.result as T);
      else reject(new Error(m.error ?? 'RAR 读取失败'));
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** "yyyy-MM-ddTHH:mm:ss.sss" (UnRAR's local time) as a Date, or null. */
function rarTime(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, se);
}

/**
 * The entries of a RAR file (RAR 4 and 5), at most `limit`.
 * @throws for a file that is not a readable RAR, or after the time limit
 */
export async function listRar(
  file: string,
  limit: number,
): Promise<{ entries: RawArchiveEntry[]; total: number }> {
  const r = await runWorker<{
    headers: Array<{
      name: string;
      isFolder: boolean;
      encrypted: boolean;
      size: number;
      compressedSize: number;
      time: string;
    }>;
    total: number;
  }>({ op: 'list', file, limit });
  return {
    total: r.total,
    entries: r.headers.map((h, index) => ({
      index,
      name: h.name,
      isFolder: h.isFolder,
      size: h.size,
      compressedSize: h.compressedSize,
      modified: rarTime(h.time),
      encrypted: h.encrypted,
    })),
  };
}

/**
 * Extract the entry named `name` (as listed) to a new temporary file.
 * @param maxBytes the entry's declared size: a larger result is refused (a lying header)
 * @returns the file's path and a function removing it
 * @throws when the entry is missing, fails, or comes out larger than declared
 */
export async function extractRarEntry(
  file: string,
  name: string,
  maxBytes: number,
): Promise<{ path: string; size: number; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bimdrive-rar-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const out = path.join(dir, 'entry.bin');
    const r = await runWorker<{ extracted: number }>({ op: 'extract', file, name, outFile: out });
    const st = r.extracted ? await stat(out).catch(() => null) : null;
    if (!st) throw new Error('压缩包中没有该文件');
    if (st.size > maxBytes) throw new Error('解压后的大小超过声明的大小，已停止');
    return { path: out, size: st.size, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
