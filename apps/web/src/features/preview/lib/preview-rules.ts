/**
 * Pure rules of the preview overlay (spec 001 §2 "Preview overlay", §4 statuses): layout heights,
 * when to poll, and how a model file's status is shown.
 */
import { StatusType, type PreviewKindValue, type PreviewInfoValue } from '@bimdrive/contracts';
import { HEADER_HEIGHT } from './layout.ts';

/** Further space taken around non-model bodies (001 §2: minus a further 48px). */
export const NON_MODEL_GAP = 48;
/** Poll interval while a file is queued or converting (001 §2 preview follows status changes). */
export const POLL_INTERVAL_MS = 3000;

/** Whether a preview kind is shown by the 3D model viewer (001 §2 "Model and iBIM types"). */
export function isModelKind(kind: PreviewKindValue): boolean {
  return kind === 'fragments' || kind === 'glb';
}

/**
 * Whether the overlay shows its header bar (001 §2: "for non-model files, or for model files when the
 * browser lacks 3D graphics support"): not over the 3D viewer of a converted model, whose toolbar
 * carries the file name and the header's buttons instead. A model still queued, converting or failed
 * shows no viewer, so it keeps the bar.
 */
export function showsHeaderBar(
  info: Pick<PreviewInfoValue, 'previewKind' | 'statusType' | 'statusMsg' | 'viewUrl'>,
  webgl: boolean,
): boolean {
  return !(webgl && isModelKind(info.previewKind) && modelState(info).kind === 'ready');
}

/**
 * CSS height of the preview body (001 §2): viewport height − 57px (the header bar), minus a further
 * 48px for non-model files; the whole viewport without the bar. Uses the dynamic viewport unit so
 * mobile browser bars are not counted.
 */
export function bodyHeight(kind: PreviewKindValue, headerBar = true): string {
  if (!headerBar) return '100dvh';
  const minus = HEADER_HEIGHT + (isModelKind(kind) ? 0 : NON_MODEL_GAP);
  return `calc(100dvh - ${minus}px)`;
}

/** Whether the overlay should poll the preview: the file is queued (1) or converting (2) (001 §4). */
export function shouldPoll(info: Pick<PreviewInfoValue, 'statusType'> | undefined): boolean {
  return info?.statusType === StatusType.queued || info?.statusType === StatusType.converting;
}

/** What a model preview shows (001 §4: previewable only when status is 3). */
export type ModelState =
  | { kind: 'ready'; url: string }
  | { kind: 'pending'; status: 'queued' | 'converting' | null }
  | { kind: 'failed'; reason: string }
  | { kind: 'missing' };

/** Decide what a model preview shows from its status and converted URL (001 §4). */
export function modelState(info: Pick<PreviewInfoValue, 'statusType' | 'statusMsg' | 'viewUrl'>): ModelState {
  if (info.statusType === StatusType.done)
    return info.viewUrl ? { kind: 'ready', url: info.viewUrl } : { kind: 'missing' };
  if (info.statusType === StatusType.failed) return { kind: 'failed', reason: info.statusMsg };
  if (info.statusType === StatusType.queued) return { kind: 'pending', status: 'queued' };
  if (info.statusType === StatusType.converting) return { kind: 'pending', status: 'converting' };
  return { kind: 'pending', status: null };
}
