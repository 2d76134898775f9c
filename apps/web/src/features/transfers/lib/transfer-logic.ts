/**
 * Pure rules of the transfer panel (spec 000 §2 File-transfer panel, §4 Transfer in progress, §9):
 * badge counts uploads not yet at 100, capped at 99; in progress = 0 ≤ progress < 100 and no errorMsg;
 * status text (percent, 等待中... without progress, 完成 at 100, 错误: + message).
 */

/** Upload badge cap (000 §9). */
export const BADGE_CAP = 99;
/** Completed transfer list page size (000 §9). */
export const COMPLETED_PAGE_SIZE = 6;

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

/** Whether a transfer is in progress (000 §4): progress in [0, 100) and no error. */
export function isInProgress(r: ProgressLike): boolean {
  return !r.errorMsg && (r.progress ?? 0) >= 0 && (r.progress ?? 0) < 100;
}

/** Status of an upload row, as a key and values for the `transfers` namespace. */
export type UploadStatus =
  | { kind: 'error'; msg: string }
  | { kind: 'waiting' }
  | { kind: 'done' }
  | { kind: 'percent'; percent: number };

/** Status shown in the uploading tab (000 §2). */
export function uploadStatus(r: ProgressLike): UploadStatus {
  if (r.errorMsg) return { kind: 'error', msg: r.errorMsg };
  if (r.progress === null) return { kind: 'waiting' };
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

/** The upload id at the end of a tus upload URL (`…/api/files/uploads/<id>`). */
export function uploadIdOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const path = url.split(/[?#]/)[0] ?? '';
  const id = path.split('/').filter(Boolean).pop();
  return id ? decodeURIComponent(id) : null;
}
