/**
 * The upload queue over tus 1.0 (spec 000 §2 File-transfer panel, §4 Cancel upload / Page unload;
 * issue 5 "Uploading tab"; DESIGN "Uploads").
 * - tus-js-client to `Api.tus` with the session headers, metadata { filename, spaceId, folderId,
 *   filetype, fullPath }, 64 MiB chunks, retry delays [0, 1000, 3000, 5000].
 * - Several files and folders at once: a file with a relative path gets its folders created in the
 *   target area first (upload-folders.ts).
 * - At most the server's `uploadConcurrency` (UPLOAD_CONCURRENCY, default 3) run at once per tab; the rest
 *   wait (等待中...) and start in order; the server enforces the same limit across tabs and devices.
 * - Pause = `abort(false)` (the server keeps the bytes), resume = `start()` again from the server's
 *   offset. Cancel = tus termination (DELETE removes the fragments) plus `GET Api.fragmentDelete`.
 * - Resume after a page reload: upload-restore.ts shows an earlier page's unfinished uploads paused;
 *   the browser no longer has the File, so 继续 asks for it again and `resumeWithFile` accepts only a
 *   file with the same fingerprint (upload-fingerprints.ts), then resumes from the server's offset
 *   (resumeFromPreviousUpload). Records' tus objects and Files live in upload-registry.ts.
 * - A refused creation (e.g. 413 quota) shows 错误: + the envelope msg (upload-errors.ts). A finished upload refreshes
 *   the file lists and the completed tab.
 * - The server also limits a user's concurrent uploads over all tabs and devices (UPLOAD_CONCURRENCY):
 *   a PATCH it refuses with 429 is not an error. The upload goes back to 等待中... (phase `waiting`,
 *   its bytes stay on the server), no new upload of this tab starts before `Retry-After` has passed,
 *   and then the queue starts again in order, resuming from the server's offset.
 * - New versions of a file (001 §7 FileVersionAdd; `startVersionUpload`, used by the versions dialog)
 *   go through the same queue: creation at `Api.versionAdd` with metadata `versionOf`, shown in
 *   上传中 with progress, pause and cancel, and recorded in 已完成 by the server; the record keeps the
 *   version number the server answered (`x-file-version`).
 */
import { Api, listAddPath, VERSION_OF_METADATA } from '@bimdrive/contracts';
import { defaultOptions, DetailedError, Upload } from 'tus-js-client';
import { authHeaders, request } from '../../../lib/api-client.ts';
import i18n from '../../../lib/i18n.ts';
import { askToCloseModels } from '../../../lib/model-occupied.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { accountQueryKeys, fileQueryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../stores/session-store.ts';
import { transmissionKeys } from '../api/transmission.ts';
import { useTransfers, type UploadRecord } from '../stores/transfer-store.ts';
import {
  FINISHED_LINGER_MS,
  finishedToMove,
  MAX_CONCURRENT_UPLOADS,
  nextToStart,
  retryAfterMs,
  splitRelativePath,
  uploadIdOf,
} from './transfer-logic.ts';
import { errorMessage, occupiedData } from './upload-errors.ts';
import { fingerprintFolderOf, fingerprintOf, fingerprintOfKey } from './upload-fingerprints.ts';
import {
  folderTargetsUnder,
  relativePathOf,
  type FileWithPath,
  type UploadTarget,
} from './upload-folders.ts';
import {
  currentUserId,
  filesById,
  forgetUpload,
  newRecordId,
  nowText,
  previousById,
  recordOf,
  uploadsById,
} from './upload-registry.ts';

/**
 * Chunk size: 64 MiB. Each PATCH costs a fixed overhead (auth, ownership, tus state), so larger
 * chunks upload faster (bench/upload.ts); an interrupted chunk loses nothing, since the server keeps
 * the bytes it received and the upload resumes from its offset. A proxy in front must accept bodies
 * of this size.
 */
export const CHUNK_SIZE = 64 * 1024 * 1024;
/** Retry delays in ms. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000];

/** Until when (ms) this tab starts no upload: the server answered 429 (its per-user limit). */
let heldUntil = 0;
let holdTimer: ReturnType<typeof setTimeout> | null = null;

/** Build the tus object of a record. */
function makeUpload(id: string, file: File, r: UploadRecord): Upload {
  const user = currentUserId();
  const upload: Upload = new Upload(file, {
    endpoint: r.versionOf ? Api.versionAdd : Api.tus,
    metadata: {
      ...(r.versionOf ? { [VERSION_OF_METADATA]: r.versionOf } : {}),
      filename: file.name,
      spaceId: r.spaceId ?? '',
      folderId: r.folderId,
      filetype: file.type || 'application/octet-stream',
      fullPath: r.fullPath,
    },
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fingerprint: async (f: File) => fingerprintOf(user, fingerprintFolderOf(r), f),
    // Headers are set here, not in `headers`, so a renewed token is used and nothing is sent twice.
    onBeforeRequest: (req) => {
      for (const [k, v] of Object.entries(authHeaders())) req.setHeader(k, v);
    },
    onUploadUrlAvailable: () => {
      useTransfers.getState().patchUpload(id, { uploadId: uploadIdOf(upload.url) });
    },
    onProgress: (sent, total) => {
      if (recordOf(id)?.phase !== 'running') return; // a late report after pause
      const progress = total > 0 ? Math.min(99.9, (sent / total) * 100) : 0;
      useTransfers.getState().patchUpload(id, { progress, errorMsg: '' });
    },
    onAfterResponse: (_req, res) => {
      const n = res.getHeader('x-file-version');
      if (n && Number(n) > 0) useTransfers.getState().patchUpload(id, { version: Number(n) });
    },
    onSuccess: ({ lastResponse }) => {
      // Confirm the new file into its area (001 §7 *ListAdd, errors silenced); versions need none.
      const fileId = lastResponse.getHeader('x-file-iuid');
      if (fileId && !r.versionOf)
        void request<unknown>({
          method: 'POST',
          url: listAddPath(r.spaceKind),
          data: { list: [{ IUID: fileId }] },
          silent: true,
        });
      forgetUpload(id);
      useTransfers
        .getState()
        .patchUpload(id, { progress: 100, errorMsg: '', phase: 'done', uploadId: uploadIdOf(upload.url) });
      void queryClient.invalidateQueries({ queryKey: fileQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['account'] });
      void queryClient.invalidateQueries({ queryKey: transmissionKeys.all });
      pump();
    },
    onError: (err) => {
      if (err instanceof DetailedError && err.originalResponse?.getStatus() === 429) {
        // The server's per-user limit: wait (等待中...) and try again later, not an error.
        if (recordOf(id)?.phase === 'running') useTransfers.getState().patchUpload(id, { phase: 'waiting' });
        holdQueue(retryAfterMs(err.originalResponse.getHeader('Retry-After')));
        return;
      }
      const { msg, sessionEnded } = errorMessage(err);
      if (recordOf(id)) useTransfers.getState().patchUpload(id, { errorMsg: msg, phase: 'error' });
      if (sessionEnded) {
        useSession.getState().signOut();
        window.location.assign('/login');
        return;
      }
      // A new version of a model open in a viewer (001 §8 -120): 关闭 closes it and the upload starts again.
      const occupied = occupiedData(err);
      if (occupied)
        void askToCloseModels(occupied, (iuid) =>
          request({ method: 'POST', url: Api.modelClose, data: { IUID: iuid }, silent: true }),
        ).then((closed) => closed && resumeUpload(id));
      pump();
    },
  });
  return upload;
}

/** Start the upload of a record now (it holds a slot). */
function launch(id: string): void {
  const r = recordOf(id);
  const file = filesById.get(id);
  if (!r || !file) return;
  useTransfers.getState().patchUpload(id, { phase: 'running', errorMsg: '' });
  const existing = uploadsById.get(id);
  if (existing) {
    existing.start(); // resumes from the server's offset (HEAD)
    return;
  }
  const upload = makeUpload(id, file, r);
  uploadsById.set(id, upload);
  const stored = previousById.get(id);
  if (stored) {
    upload.resumeFromPreviousUpload(stored);
    upload.start();
    return;
  }
  void upload
    .findPreviousUploads()
    .then((previous) => {
      const last = previous[0];
      if (last) upload.resumeFromPreviousUpload(last);
    })
    .catch(() => undefined)
    .finally(() => {
      if (recordOf(id)?.phase === 'running') upload.start();
    });
}

/** Start no upload for `ms` (the server's Retry-After), then start the queue again. */
function holdQueue(ms: number): void {
  heldUntil = Math.max(heldUntil, Date.now() + ms);
  if (holdTimer) clearTimeout(holdTimer);
  holdTimer = setTimeout(
    () => {
      holdTimer = null;
      pump();
    },
    Math.max(0, heldUntil - Date.now()),
  );
}

/**
 * Start waiting uploads while there are free slots (the server's `uploadConcurrency` from the client
 * settings, MAX_CONCURRENT_UPLOADS until they are known), unless the server asked this client to wait
 * (429): then the timer of `holdQueue` starts them.
 */
export function pump(): void {
  if (Date.now() < heldUntil) return;
  const settings = queryClient.getQueryData<{ uploadConcurrency?: number }>(accountQueryKeys.clientConfig);
  const limit = settings?.uploadConcurrency ?? MAX_CONCURRENT_UPLOADS;
  for (const id of nextToStart(useTransfers.getState().uploads, limit)) launch(id);
}

let finishedTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Finished uploads leave 上传中 for 已完成 (issue 17): once the queue has drained, its `done` rows keep
 * showing 完成 for FINISHED_LINGER_MS, then leave the list and the completed tab reloads. A new upload
 * before then keeps the batch together (the timer restarts when the queue drains again).
 */
useTransfers.subscribe((state) => {
  const ready = finishedToMove(state.uploads).length > 0;
  if (!ready) {
    if (finishedTimer) clearTimeout(finishedTimer);
    finishedTimer = null;
    return;
  }
  finishedTimer ??= setTimeout(() => {
    finishedTimer = null;
    const ids = new Set(finishedToMove(useTransfers.getState().uploads));
    if (!ids.size) return;
    useTransfers.setState((s) => ({ uploads: s.uploads.filter((u) => !ids.has(u.iuid)) }));
    void queryClient.invalidateQueries({ queryKey: transmissionKeys.all });
  }, FINISHED_LINGER_MS);
});

/**
 * Put the panel on its uploading tab for new uploads: shown, unless the user minimised it (then
 * the floating button counts them, as Seafile's does, and the file table stays in view; issue 17).
 */
function showUploading(): void {
  const store = useTransfers.getState();
  store.setActiveTab(1);
  if (store.panel !== 'hidden') store.setPanel('shown');
}

/**
 * Queue uploads of the chosen files (and folders) into `target`; shows the panel on the uploading
 * tab (showUploading). Folders of relative paths are created first, parents before children.
 */
export async function startUploads(files: readonly FileWithPath[], target: UploadTarget): Promise<void> {
  showUploading();
  const store = useTransfers.getState();
  const folderTarget = folderTargetsUnder(target);
  const queued: Array<{ id: string; file: File; dirs: string[] }> = [];
  for (const file of files) {
    const split = relativePathOf(file) ? splitRelativePath(relativePathOf(file)) : null;
    const dirs = split?.dirs ?? [];
    const id = newRecordId();
    filesById.set(id, file);
    store.addUpload({
      iuid: id,
      fileName: file.name,
      fileSize: file.size,
      fullPath: dirs.length ? `${target.fullPath}${dirs.join('/')}/` : target.fullPath,
      folderId: dirs.length ? '' : target.folderId,
      spaceId: target.spaceId ?? '',
      spaceKind: target.spaceKind,
      uploadTime: nowText(),
      progress: null,
      errorMsg: '',
      uploadId: null,
      phase: 'waiting',
      // Files of folders wait until their folder exists.
      preparing: dirs.length > 0,
    });
    if (dirs.length) queued.push({ id, file, dirs });
  }
  pump();
  for (const q of queued) {
    try {
      const t = await folderTarget(q.dirs);
      if (!recordOf(q.id)) continue; // cancelled meanwhile
      useTransfers
        .getState()
        .patchUpload(q.id, { folderId: t.folderId, fullPath: t.fullPath, preparing: false });
    } catch (err) {
      useTransfers.getState().patchUpload(q.id, {
        errorMsg: err instanceof Error ? err.message : i18n.t('transfers:folderFailed'),
        phase: 'error',
        preparing: false,
      });
    }
    pump();
  }
  if (queued.length) void queryClient.invalidateQueries({ queryKey: fileQueryKeys.all });
}

/** The file a new version is uploaded for (versions dialog). */
export interface VersionTarget {
  /** The file's iuid. */
  iuid: string;
  /** Display path of its folder, e.g. 我的文件/图纸/. */
  fullPath: string;
  /** Its area ('' = 我的文件); the server takes the area from the file itself. */
  spaceId?: string;
}

/**
 * Queue `file` as the new version of `target.iuid` (001 §7 FileVersionAdd): shown in 上传中 like any
 * upload (waits for a slot, progress, pause, cancel, resume after a reload) and in 已完成 once the
 * server added the version; the file lists and the versions dialog refresh then.
 * @returns the record id in the transfer store (its `version` is set on completion).
 */
export function startVersionUpload(file: File, target: VersionTarget): string {
  showUploading();
  const store = useTransfers.getState();
  const id = newRecordId();
  filesById.set(id, file);
  store.addUpload({
    iuid: id,
    fileName: file.name,
    fileSize: file.size,
    fullPath: target.fullPath,
    folderId: '',
    spaceId: target.spaceId ?? '',
    versionOf: target.iuid,
    uploadTime: nowText(),
    progress: null,
    errorMsg: '',
    uploadId: null,
    phase: 'waiting',
  });
  pump();
  return id;
}

/** Pause an upload (暂停): a running one is aborted without termination, a waiting one held back. */
export async function pauseUpload(id: string): Promise<void> {
  const r = recordOf(id);
  if (!r || (r.phase !== 'running' && r.phase !== 'waiting')) return;
  useTransfers.getState().patchUpload(id, { phase: 'paused' });
  const upload = uploadsById.get(id);
  if (upload && r.phase === 'running') await upload.abort(false).catch(() => undefined);
  pump();
}

/**
 * Resume a paused or failed upload (继续): it waits for a slot again. Answers 'needsFile' for an
 * upload restored after a reload, whose file must be picked again (see `resumeWithFile`).
 */
export function resumeUpload(id: string): 'queued' | 'needsFile' | 'gone' {
  const r = recordOf(id);
  if (!r) return 'gone';
  if (r.needsFile || !filesById.has(id)) return 'needsFile';
  useTransfers.getState().patchUpload(id, { phase: 'waiting', errorMsg: '' });
  pump();
  return 'queued';
}

/**
 * Give a restored upload its file again. Only the same file (same fingerprint: name, type, size,
 * last-modified, folder) is accepted; it then resumes from the bytes the server already has.
 * @returns false when `file` is not the file of that upload.
 */
export function resumeWithFile(id: string, file: File): boolean {
  const r = recordOf(id);
  const stored = previousById.get(id);
  if (!r || !stored) return false;
  if (fingerprintOf(currentUserId(), fingerprintFolderOf(r), file) !== fingerprintOfKey(stored.urlStorageKey))
    return false;
  filesById.set(id, file);
  useTransfers.getState().patchUpload(id, { needsFile: false, phase: 'waiting', errorMsg: '' });
  pump();
  return true;
}

/**
 * Cancel an upload (000 §4): remove it from the list, terminate the tus upload (DELETE removes stored
 * fragments), forget its stored URL and ask the server to delete the fragments (Getfragmentdelete).
 */
export async function cancelUpload(id: string): Promise<void> {
  const store = useTransfers.getState();
  const record = store.uploads.find((u) => u.iuid === id);
  store.removeUpload(id);
  const upload = uploadsById.get(id);
  const stored = previousById.get(id);
  forgetUpload(id);
  const uploadId = record?.uploadId ?? uploadIdOf(upload?.url ?? stored?.uploadUrl);
  // tus termination deletes the fragments; Getfragmentdelete (000 §7) does it when there is no tus
  // object (a restored upload) or the termination did not go through.
  let terminated = false;
  if (upload?.url)
    terminated = await upload.abort(true).then(
      () => true,
      () => false,
    );
  else if (upload) await upload.abort(false).catch(() => undefined);
  if (stored) await defaultOptions.urlStorage.removeUpload(stored.urlStorageKey).catch(() => undefined);
  pump();
  if (uploadId && !terminated)
    await request<null>({ url: Api.fragmentDelete, params: { IUID: uploadId }, silent: true });
}

/** Remove a finished row from the list. */
export function dismissUpload(id: string): void {
  useTransfers.getState().removeUpload(id);
}
