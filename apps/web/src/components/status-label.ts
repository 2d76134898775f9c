/**
 * Conversion status labels of spec 001 §4: StatusType1 排队中, StatusType2 转换中, StatusType3 转换完成,
 * StatusType4 转换失败, StatusType0 no response. Folders and files that never need a conversion show
 * '-' / 无需转换.
 */
import { DRAWING_SUFFIXES, FileKind, StatusType, isModelSuffix } from '@bimdrive/contracts';

/** Which label a row's status cell shows (keys under `common:status.*`). */
export type StatusLabelKey = 'queued' | 'converting' | 'done' | 'failed' | 'notNeeded' | 'none';

/** The antd Badge status colour of each label. */
export type StatusTone = 'default' | 'processing' | 'success' | 'error';

/** Resolved status of a row for display. */
export interface StatusDisplay {
  key: StatusLabelKey;
  tone: StatusTone;
  /** Percent shown while converting (0–100), otherwise null. */
  percent: number | null;
}

/**
 * Map a row's `statusType` (001 §4) to its label.
 * @param statusType 0 none, 1 queued, 2 converting, 3 done, 4 failed
 * @param fileType 1 folder, 2 file
 * @param progress conversion progress 0–100
 */
export function statusDisplay(statusType: number, fileType: number, progress = 0): StatusDisplay {
  if (fileType === FileKind.folder) return { key: 'none', tone: 'default', percent: null };
  switch (statusType) {
    case StatusType.queued:
      return { key: 'queued', tone: 'default', percent: null };
    case StatusType.converting:
      return {
        key: 'converting',
        tone: 'processing',
        percent: Math.max(0, Math.min(100, Math.round(progress))),
      };
    case StatusType.done:
      return { key: 'done', tone: 'success', percent: null };
    case StatusType.failed:
      return { key: 'failed', tone: 'error', percent: null };
    default:
      return { key: 'notNeeded', tone: 'default', percent: null };
  }
}

/**
 * Whether a file row may open in the preview now (001 §4): a model file only when its status is 3
 * (转换完成); .bim/.ibim open directly; DWG/DXF drawings always (the drawing preview shows the
 * conversion's progress or its failure reason, issue 13); other files always.
 */
export function isPreviewReady(row: { fileSuffix: string; statusType: number }): boolean {
  const s = row.fileSuffix.toLowerCase().replace(/^\./, '');
  if (s === 'bim' || s === 'ibim') return true;
  if ((DRAWING_SUFFIXES as readonly string[]).includes(s)) return true;
  if (isModelSuffix(s)) return row.statusType === StatusType.done;
  return true;
}
