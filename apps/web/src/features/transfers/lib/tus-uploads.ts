/**
 * Uploads through tus 1.0 (spec 000 §2 File-transfer panel, §4 Cancel upload; DESIGN "Uploads"):
 * tus-js-client to `Api.tus` with the session headers, metadata { filename, folderId }, 64 MiB chunks,
 * retry delays [0, 1000, 3000, 5000], resumable from stored fingerprints. Cancel = tus termination
 * (DELETE) plus `GET Api.fragmentDelete?IUID=<upload id>`. A refused creation (e.g. 413 quota) shows
 * 错误: + the envelope msg. A finished upload refreshes the file lists.
 */
import { Api, isSessionEnded } from '@bimdrive/contracts';
import dayjs from 'dayjs';
import { DetailedError, Upload } from 'tus-js-client';
import { authHeaders, request } from '../../../lib/api-client.ts';
import i18n from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../stores/session-store.ts';
import { PERSONAL_SOURCE, useTransfers } from '../stores/transfer-store.ts';
import { envelopeMessage, uploadIdOf } from './transfer-logic.ts';

/**
 * Chunk size: 64 MiB. Each PATCH costs a fixed overhead (auth, ownership, tus state), so larger
 * chunks upload faster (bench/upload.ts); an interrupted chunk loses nothing, since the server keeps
 * the bytes it received and the upload resumes from its offset. A proxy in front must accept bodies
 * of this size.
 */
export const CHUNK_SIZE = 64 * 1024 * 1024;
/** Retry delays in ms. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000];

/** Live tus objects by record id (not kept in the store: they are not serialisable). */
const live = new Map<string, Upload>();

let seq = 0;
const newId = () => `up-${Date.now().toString(36)}-${(seq++).toString(36)}`;
const now = () => dayjs().format('YYYY-MM-DD HH:mm:ss');

/** Human message of a tus error. */
function errorMessage(err: Error): { msg: string; sessionEnded: boolean } {
  if (err instanceof DetailedError && err.originalResponse) {
    const body = err.originalResponse.getBody();
    const msg = envelopeMessage(body);
    let code: number | string | null = null;
    try {
      const parsed: unknown = JSON.parse(body);
      if (
        parsed &&
        typeof parsed === 'object' &&
        'code' in parsed &&
        (typeof parsed.code === 'number' || typeof parsed.code === 'string')
      )
        code = parsed.code;
    } catch {
      /* not JSON */
    }
    if (msg) return { msg, sessionEnded: code !== null && isSessionEnded(code) };
    return {
      msg: `${i18n.t('transfers:uploadFailed')} (HTTP ${err.originalResponse.getStatus()})`,
      sessionEnded: false,
    };
  }
  return {
    msg: navigator.onLine ? i18n.t('common:serverBusy') : i18n.t('transfers:uploadFailed'),
    sessionEnded: false,
  };
}

/** Where files go. */
export interface UploadTarget {
  folderId: string;
  fullPath: string;
}

/** Queue and start uploads of the chosen files; shows the panel on the uploading tab. */
export function startUploads(files: readonly File[], target: UploadTarget): void {
  const store = useTransfers.getState();
  store.setActiveTab(1);
  store.setPanel('shown');
  const userId = useSession.getState().user?.userID ?? '';
  for (const file of files) {
    const id = newId();
    store.addUpload({
      iuid: id,
      fileName: file.name,
      fileSize: file.size,
      fullPath: target.fullPath,
      folderId: target.folderId,
      uploadTime: now(),
      progress: null,
      errorMsg: '',
      uploadId: null,
    });
    const upload = new Upload(file, {
      endpoint: Api.tus,
      metadata: {
        filename: file.name,
        folderId: target.folderId,
        filetype: file.type || 'application/octet-stream',
      },
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // One fingerprint per user, target folder and file, so an interrupted upload resumes where it stopped.
      fingerprint: async (f: File) =>
        ['bimdrive-tus', userId, target.folderId, f.name, f.type, f.size, f.lastModified].join('|'),
      // Headers are set here, not in `headers`, so a renewed token is used and nothing is sent twice.
      onBeforeRequest: (req) => {
        for (const [k, v] of Object.entries(authHeaders())) req.setHeader(k, v);
      },
      onUploadUrlAvailable: () => {
        useTransfers.getState().patchUpload(id, { uploadId: uploadIdOf(upload.url) });
      },
      onProgress: (sent, total) => {
        const progress = total > 0 ? Math.min(99.9, (sent / total) * 100) : 0;
        useTransfers.getState().patchUpload(id, { progress, errorMsg: '' });
      },
      onSuccess: () => {
        live.delete(id);
        const s = useTransfers.getState();
        s.patchUpload(id, { progress: 100, errorMsg: '', uploadId: uploadIdOf(upload.url) });
        s.addCompleted({
          iuid: id,
          fileName: file.name,
          fileSize: file.size,
          fileType: 2,
          sourceType: PERSONAL_SOURCE,
          completedTime: now(),
        });
        void queryClient.invalidateQueries({ queryKey: fileQueryKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['account'] });
      },
      onError: (err) => {
        live.delete(id);
        const { msg, sessionEnded } = errorMessage(err);
        useTransfers.getState().patchUpload(id, { errorMsg: msg });
        if (sessionEnded) {
          useSession.getState().signOut();
          window.location.assign('/login');
        }
      },
    });
    live.set(id, upload);
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous[0];
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch(() => upload.start());
  }
}

/**
 * Cancel an upload (000 §4): mark it cancelled, remove it from the list, terminate the tus upload
 * (DELETE removes stored fragments) and ask the server to delete the fragments.
 */
export async function cancelUpload(id: string): Promise<void> {
  const store = useTransfers.getState();
  const record = store.uploads.find((u) => u.iuid === id);
  store.removeUpload(id);
  const upload = live.get(id);
  live.delete(id);
  const uploadId = record?.uploadId ?? uploadIdOf(upload?.url);
  if (upload) {
    try {
      await upload.abort(true);
    } catch {
      /* already gone */
    }
  }
  if (uploadId) await request<null>({ url: Api.fragmentDelete, params: { IUID: uploadId }, silent: true });
}
