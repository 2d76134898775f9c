/**
 * The sweep of uploads (issue 15 "Crash recovery: Uploads"), at start-up and in the scheduled
 * `uploads-cleanup` job (uploads.service.ts `sweep`, `cleanupExpired`):
 * - forgets expired uploads (upload-removal.ts `forget`: the bytes of unfinished ones are removed,
 *   the file of a finished one stays);
 * - finishes complete uploads whose finishing was cut short (upload-finishing.ts), as their uploader;
 * - removes store entries and records without their counterpart older than a day, and (S3) the
 *   multipart uploads no record names (`abortStaleMultipartUploads`, tus-s3-store.ts).
 * Each upload is forgotten, dropped or finished holding its tus lock; when that fails it is logged
 * (warn) and the sweep goes on; other failures (reading the records or the store) are thrown.
 */
import type { Locker } from '@tus/utils';
import { authRepository } from '../auth/auth.repository.ts';
import type { Caller } from '../auth/caller.ts';
import { withLock, type UploadsDeps } from './upload-deps.ts';
import type { UploadRemoval } from './upload-removal.ts';

/** Age after which store entries and records without their counterpart are removed by the sweep. */
const ORPHAN_AGE_MS = 24 * 3600 * 1000;

/** What one sweep did. */
export interface SweepResult {
  /** Expired upload records forgotten (with the bytes of unfinished ones). */
  expired: number;
  /** Complete uploads whose interrupted finishing was run again. */
  finished: number;
  /** Store entries and records removed for lack of their counterpart. */
  orphans: number;
}

/** The sweep of uploads (see the module comment); `finish` is upload-finishing.ts's. */
export function uploadSweep(
  { ctx, repo, datastore }: Pick<UploadsDeps, 'ctx' | 'repo' | 'datastore'>,
  locker: Locker,
  { discard, forget }: UploadRemoval,
  finish: (caller: Caller, id: string) => Promise<Record<string, string>>,
) {
  const users = authRepository(ctx.db);

  /**
   * The sweep (module comment): forget expired uploads, finish complete ones whose finishing was cut
   * short, remove store entries and records without their counterpart older than a day.
   */
  return async function sweep(now = new Date()): Promise<SweepResult> {
    const result: SweepResult = { expired: 0, finished: 0, orphans: 0 };
    const dayAgo = now.getTime() - ORPHAN_AGE_MS;
    const logged = (what: string, id: string) => (err: unknown) =>
      ctx.log.warn({ err, uploadId: id }, `upload sweep: ${what} failed`);
    for (const row of await repo.expired(now)) {
      await withLock(locker, row.id, () => forget(row)).then(
        () => result.expired++,
        logged('expiry', row.id),
      );
    }
    const rows = await repo.all();
    for (const row of rows) {
      const info = await datastore.info(row.id).catch(() => null);
      if (!info) {
        if (row.createdAt.getTime() < dayAgo && !(await repo.finishedOf(row.id)))
          await withLock(locker, row.id, () => discard(row)).then(
            () => result.orphans++,
            logged('orphan', row.id),
          );
        continue;
      }
      if (info.finished || info.upload.offset !== info.upload.size) continue;
      const user = await users.findUserById(row.ownerId);
      if (!user) continue;
      await withLock(locker, row.id, () => finish({ user, sessionId: '' }, row.id)).then(
        () => result.finished++,
        logged('finishing', row.id),
      );
    }
    const known = new Set((await repo.all()).map((r) => r.id));
    for (const entry of await datastore.list()) {
      if (known.has(entry.id) || entry.modifiedAt.getTime() >= dayAgo) continue;
      await datastore.remove(entry.id).then(() => result.orphans++, logged('orphan', entry.id));
    }
    // S3: multipart uploads no record names (a crash before recording one, an import cut short).
    if (datastore.abortStaleMultipartUploads)
      result.orphans += await datastore
        .abortStaleMultipartUploads(new Date(dayAgo))
        .catch((err: unknown) => (logged('multipart', '-')(err), 0));
    return result;
  };
}
