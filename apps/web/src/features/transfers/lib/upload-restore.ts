/**
 * Uploads left unfinished by an earlier page (spec 000 §4 Page unload; issue 5): tus-js-client keeps
 * each unfinished upload's URL in localStorage under its fingerprint (upload-fingerprints.ts). They
 * come back paused with their progress and 继续; the browser no longer has the File, so 继续 asks for
 * it again (tus-uploads.ts `resumeWithFile`). Loaded on demand by upload-loader.ts.
 */
import { VERSION_OF_METADATA } from '@bimdrive/contracts';
import dayjs from 'dayjs';
import { defaultOptions, type PreviousUpload } from 'tus-js-client';
import { authHeaders } from '../../../lib/api-client.ts';
import { useTransfers } from '../stores/transfer-store.ts';
import { uploadIdOf } from './transfer-logic.ts';
import { isKeyOfUser } from './upload-fingerprints.ts';
import { currentUserId, newRecordId, nowText, previousById } from './upload-registry.ts';

/** Restorations by user id (once per user and page). */
const restoring = new Map<string, Promise<number>>();

/**
 * After a page reload: list this user's unfinished tus uploads kept by tus-js-client, drop those the
 * server no longer has (HEAD 404/410/403), and show the others paused with their progress and 继续.
 * Runs once per user and page. @returns how many were restored.
 */
export function restoreUploads(): Promise<number> {
  const user = currentUserId();
  if (!user) return Promise.resolve(0);
  const known = restoring.get(user);
  if (known) return known;
  const run = (async () => {
    let all: PreviousUpload[];
    try {
      all = await defaultOptions.urlStorage.findAllUploads();
    } catch {
      return 0;
    }
    let n = 0;
    for (const prev of all) {
      if (!isKeyOfUser(prev.urlStorageKey, user) || !prev.uploadUrl) continue;
      let offset: number;
      try {
        const head = await fetch(prev.uploadUrl, {
          method: 'HEAD',
          headers: { ...authHeaders(), 'tus-resumable': '1.0.0' },
        });
        if (!head.ok) {
          if (head.status === 404 || head.status === 410 || head.status === 403)
            await defaultOptions.urlStorage.removeUpload(prev.urlStorageKey).catch(() => undefined);
          continue;
        }
        offset = Number(head.headers.get('upload-offset') ?? 0);
      } catch {
        continue; // offline: try again on the next load
      }
      const size = typeof prev.size === 'number' ? prev.size : 0;
      const meta = prev.metadata ?? {};
      const id = newRecordId();
      previousById.set(id, prev);
      useTransfers.getState().addUpload({
        iuid: id,
        fileName: meta.filename ?? '',
        fileSize: size,
        fullPath: meta.fullPath ?? '',
        folderId: meta.folderId ?? '',
        ...(meta[VERSION_OF_METADATA] ? { versionOf: meta[VERSION_OF_METADATA] } : {}),
        spaceId: meta.spaceId ?? '',
        uploadTime: dayjs(prev.creationTime).isValid()
          ? dayjs(prev.creationTime).format('YYYY-MM-DD HH:mm:ss')
          : nowText(),
        progress: size > 0 ? Math.min(99.9, (offset / size) * 100) : 0,
        errorMsg: '',
        uploadId: uploadIdOf(prev.uploadUrl),
        phase: 'paused',
        needsFile: true,
      });
      n++;
    }
    return n;
  })();
  restoring.set(user, run);
  return run;
}
