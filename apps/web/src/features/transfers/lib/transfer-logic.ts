/**
 * Pure rules of the transfer panel (spec 000 §2 File-transfer panel, §4 Transfer in progress, §9):
 * badge counts uploads not yet at 100, capped at 99; in progress = 0 ≤ progress < 100 and no errorMsg;
 * status text (percent, 等待中... without progress, 完成 at 100, 错误: + message).
 */

/** Upload badge cap (000 §9). */
export const BADGE_CAP = 99;
/** Completed transfer list page size (000 §9). */
export const COMPLETED_PAGE_SIZE = 6;
/**
 * Uploads a user runs at once (issue 5 "a per-user limit of concurrent uploads"); the rest wait
 * (等待中...) and start in the order they were queued as slots free up.
 */
export const MAX_CONCURRENT_UPLOADS = 3;

/**
 * Life of an upload in the queue: `waiting` for a slot, `running` (a tus upload is live), `paused`
 * (aborted without termination: the bytes stay on the server), `error`, `done`.
 */
export type UploadPhase = 'waiting' | 'running' | 'paused' | 'error' | 'done';

/** The fields the queue rules read. */
export interface QueueLike {
  iuid: string;
  phase: UploadPhase;
  /** A record restored after a page reload has no File until the user picks it again. */
  needsFile?: boolean;
  /** A file of a folder upload whose folder is still being created. */
  preparing?: boolean;
}

/** Number of uploads holding a slot. */
export function runningCount(records: readonly QueueLike[]): number {
  return records.filter((r) => r.phase === 'running').length;
}

/**
 * The waiting uploads to start now, oldest first, so that no more than `limit` run at once.
 * Records without their File (restored after a reload) or whose folder is still being created
 * never start by themselves.
 */
export function nextToStart(records: readonly QueueLike[], limit = MAX_CONCURRENT_UPLOADS): string[] {
  const free = Math.max(0, limit - runningCount(records));
  return records
    .filter((r) => r.phase === 'waiting' && !r.needsFile && !r.preparing)
    .slice(0, free)
    .map((r) => r.iuid);
}

/**
 * How long (ms) finished rows keep showing 完成 in 上传中 once the whole queue has drained, before they
 * leave for 已完成 (issue 17: finished uploads leave 上传中 for 已完成).
 */
export const FINISHED_LINGER_MS = 4000;

/**
 * The finished rows to move out of 上传中 now: every `done` row, but only once nothing is running,
 * waiting or paused (a batch stays together until it has finished); failed rows stay so their
 * 错误 can be read and retried. [] while the queue still works.
 */
export function finishedToMove(records: readonly QueueLike[]): string[] {
  if (records.some((r) => r.phase === 'running' || r.phase === 'waiting' || r.phase === 'paused')) return [];
  return records.filter((r) => r.phase === 'done').map((r) => r.iuid);
}

/** Whether the row offers 暂停 (running or waiting) or 继续 (paused or failed). */
export function pauseAction(r: QueueLike): 'pause' | 'resume' | null {
  if (r.phase === 'running' || r.phase === 'waiting') return 'pause';
  if (r.phase === 'paused' || r.phase === 'error') return 'resume';
  return null;
}

/**
 * Split a relative path of a picked or dropped folder entry (`图纸/一层/a.ifc`) into its folder
 * segments (`['图纸', '一层']`) and the file name; '' and '.' segments dropped, `..` refused (null).
 */
export function splitRelativePath(rel: string): { dirs: string[]; name: string } | null {
  const parts = rel.split(/[\\/]+/).filter((p) => p && p !== '.');
  if (parts.some((p) => p === '..') || parts.length === 0) return null;
  const name = parts.pop()!;
  return { dirs: parts, name };
}

/**
 * Download progress (000 §2 downloading tab): percent of `total` when the length is known, else null
 * (the row then shows the bytes received so far).
 */
export function downloadPercent(loaded: number, total: number | null): number | null {
  if (!total || total <= 0) return null;
  return Math.min(100, (loaded / total) * 100);
}

/** The fields of an upload record these rules read. */
export interface ProgressLike {
  /** 0–100, or null before the first progress report. */
  progress: number | null;
  errorMsg: string;
}

/** Number of uploads not yet at 100 (000 §2 badge). */
export function pendingCount(records: readonly ProgressLike[]): number {
  return records.filter((r) => (r.progress ?? 0) < 100).length;
}

/** Badge text: the count, '99+' above the cap, '' for zero. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/**
 * Whether a transfer is in progress (000 §4): progress in [0, 100) and no error. A paused upload is
 * not (its bytes are kept on the server and it resumes later, also after a reload).
 */
export function isInProgress(r: ProgressLike & { phase?: UploadPhase }): boolean {
  return r.phase !== 'paused' && !r.errorMsg && (r.progress ?? 0) >= 0 && (r.progress ?? 0) < 100;
}

/** Status of an upload row, as a key and values for the `transfers` namespace. */
export type UploadStatus =
  | { kind: 'error'; msg: string }
  | { kind: 'waiting' }
  | { kind: 'done' }
  | { kind: 'paused'; percent: number }
  | { kind: 'percent'; percent: number };

/**
 * Status shown in the uploading tab (000 §2); a paused upload shows 已暂停 with its percent, and an
 * upload waiting for a slot (queued, resumed, or told by the server to wait) shows 等待中....
 */
export function uploadStatus(r: ProgressLike & { phase?: UploadPhase }): UploadStatus {
  if (r.errorMsg) return { kind: 'error', msg: r.errorMsg };
  if (r.phase === 'paused') return { kind: 'paused', percent: Math.floor((r.progress ?? 0) * 10) / 10 };
  if (r.progress === null || r.phase === 'waiting') return { kind: 'waiting' };
  if (r.progress >= 100) return { kind: 'done' };
  return { kind: 'percent', percent: Math.floor(r.progress * 10) / 10 };
}

/**
 * Extract the envelope `msg` from a failed tus response body (e.g. 413 quota exceeded answers
 * `{code,msg,data}`); null when the body is not such an envelope.
 */
export function envelopeMessage(body: string | null | undefined): string | null {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (
      parsed &&
      typeof parsed === 'object' &&
      'msg' in parsed &&
      typeof parsed.msg === 'string' &&
      parsed.msg
    )
      return parsed.msg;
  } catch {
    /* not JSON */
  }
  return null;
}

/** Wait when the server's 429 carries no usable `Retry-After` (ms). */
export const DEFAULT_RETRY_AFTER_MS = 3000;
/** Longest wait taken from a `Retry-After` (ms), so a queue never sleeps for long. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * How long to wait after the server refused a PATCH with 429 (its per-user limit of concurrent
 * uploads, issue 5): `Retry-After` in seconds or as an HTTP date, clamped to [0.5 s, 60 s];
 * `DEFAULT_RETRY_AFTER_MS` when absent or unreadable.
 */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number {
  const v = header?.trim();
  if (!v) return DEFAULT_RETRY_AFTER_MS;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(v)) ms = Number(v) * 1000;
  else {
    const at = Date.parse(v);
    if (Number.isNaN(at)) return DEFAULT_RETRY_AFTER_MS;
    ms = at - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(500, ms));
}

/** The upload id at the end of a tus upload URL (`…/api/files/uploads/<id>`). */
export function uploadIdOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const path = url.split(/[?#]/)[0] ?? '';
  const id = path.split('/').filter(Boolean).pop();
  return id ? decodeURIComponent(id) : null;
}

/**
 * Where a download's bytes go (see downloads.ts): `disk` through the File System Access API when the
 * user gave a save handle, `blob` for a known length up to `blobLimit` bytes, else `native` (the
 * browser's own download: a larger file, or a folder zip whose length is unknown while it is built).
 */
export function downloadSink(
  hasSaveHandle: boolean,
  total: number | null,
  blobLimit: number,
): 'disk' | 'blob' | 'native' {
  if (hasSaveHandle) return 'disk';
  if (total !== null && total <= blobLimit) return 'blob';
  return 'native';
}
