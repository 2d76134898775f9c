/**
 * The thumbnail job (issue 14; DESIGN.md "worker … thumbnails"): its own pg-boss queue
 * (`thumbnail`, jobs/queue.ts), so conversion statuses are never touched. One job makes `thumb.webp`
 * for one file version from the source thumbnail-maker.ts picks, records the format in
 * `thumb_version` of the version (and of the file while that version is current), and tells the
 * space's open lists to refetch (`thumbReady` on the status notice). A failure (unreadable image,
 * encrypted PDF, a time limit) is logged and leaves no thumbnail; the file's status stays as it was.
 *
 * Queued: images and PDFs when their upload (or version upload) completes; office documents, videos,
 * models and drawings when their conversion is done (conversion.worker.ts); files kept from before,
 * once, at worker start (queueMissingThumbnails).
 */
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import {
  IMAGE_SUFFIXES,
  OFFICE_SUFFIXES,
  VIDEO_SUFFIXES,
  VIDEO_TRANSCODE_SUFFIXES,
  type FileStatusEventValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { THUMBNAIL_QUEUE, ThumbnailJob } from '../../jobs/queue.ts';
import { openStaging } from '../../storage/staging.ts';
import { derivedDirOf, fileFolderKey, originalKeyOf } from '../../storage/local-storage.ts';
import { filesRepository, type FileRowDb } from '../files/files.repository.ts';
import { emitToSpace } from '../../realtime/file-events.ts';
import { versionsRepository, viewAtVersion } from '../versions/versions.repository.ts';
import { snapshotRenderer, SnapshotUnavailable } from './snapshot-renderer.ts';
import { makeThumbnail, THUMB_FORMAT, thumbKeyOf, thumbSourceOf } from './thumbnail-maker.ts';
import { thumbnailsRepository } from './thumbnails.repository.ts';

/** Said once per process: Chromium (or the web build) is missing, so models keep their icons. */
let warnedUnavailable = false;

/** What one job did (for logs and tests). */
export type ThumbnailOutcome = 'written' | 'no-source' | 'gone' | 'failed';

/**
 * Make the thumbnail of version `version` (default: the current one) of a file.
 * @returns what happened; never throws for a bad source, only for database errors (pg-boss retries once)
 */
export async function runThumbnail(
  ctx: AppContext,
  fileId: string,
  version?: number,
): Promise<ThumbnailOutcome> {
  const file = await filesRepository(ctx.db).findById(fileId);
  if (!file || file.kind !== 2) return 'gone';
  const versions = versionsRepository(ctx.db);
  const n = version ?? file.versionNo;
  let target: FileRowDb = file;
  if (n !== file.versionNo) {
    const v = await versions.find(file.id, n);
    if (!v) return 'gone';
    target = viewAtVersion(file, v);
  }
  const source = thumbSourceOf(target);
  if (!source) return 'no-source';
  const outKey = thumbKeyOf(target);
  // Made in a scratch folder from a local file of the source and moved into the store whole.
  const scratch = await openStaging(ctx.config.dataDir);
  try {
    if (!(await ctx.storage.stat(source.key))) throw new Error(`source ${source.key} is missing`);
    const outPath = path.join(scratch.dir, path.posix.basename(outKey));
    await makeThumbnail(
      source,
      await ctx.storage.localFile(source.key, scratch.dir),
      outPath,
      snapshotRenderer(ctx.config.webDist),
    );
    await ctx.storage.importFile(outKey, outPath);
  } catch (err) {
    if (err instanceof SnapshotUnavailable) {
      if (!warnedUnavailable) ctx.log.warn({ err }, 'no thumbnails of models and drawings on this node');
      warnedUnavailable = true;
      return 'failed';
    }
    ctx.log.warn(
      { fileId, version: n, suffix: target.suffix, err },
      'thumbnail failed; the file shows its icon',
    );
    return 'failed';
  } finally {
    await scratch.dispose();
  }
  const written = await versions.setStatus(file.id, n, { thumbVersion: THUMB_FORMAT });
  if (!written.file && !written.version) {
    // The file (or this version) was deleted meanwhile: drop what was just written for it.
    const fileGone = !(await filesRepository(ctx.db).findById(file.id));
    await ctx.storage.deletePrefix(
      fileGone ? fileFolderKey(file.spaceId, file.id) : derivedDirOf(originalKeyOf(target)),
    );
    return 'gone';
  }
  if (written.file) {
    const f = written.file;
    const notice: FileStatusEventValue = {
      iuid: f.id,
      parentIUID: f.parentId ?? '',
      statusType: f.statusType,
      progress: f.progress,
      statusMsg: f.statusMsg,
      thumbReady: true,
    };
    void emitToSpace(ctx, f.spaceId, 'status', notice);
  }
  return 'written';
}

/**
 * Whether a file row (or a version's view) can get a thumbnail now: enqueue-side filter so uploads of
 * models, text and archives, and conversions of models, queue no job.
 */
export const wantsThumbnail = (f: Parameters<typeof thumbSourceOf>[0]) => thumbSourceOf(f) !== null;

/** Subscribe this process to the thumbnail queue (one job at a time: decoding is CPU-bound). */
export async function startThumbnailWorker(ctx: AppContext, boss: PgBoss): Promise<string> {
  return boss.work(THUMBNAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const parsed = ThumbnailJob.safeParse(job.data);
    if (!parsed.success) {
      ctx.log.error({ jobId: job.id, issues: parsed.error.issues }, 'invalid thumbnail job payload');
      return;
    }
    await runThumbnail(ctx, parsed.data.fileId, parsed.data.version);
  });
}

/**
 * Files kept before thumbnails existed (current versions with `thumb_version` 0 that have a source):
 * queue a thumbnail for each, once, at worker start. The rows are marked -1 first ("asked"), so a
 * later start does not queue them again, and several workers starting together queue each once; the
 * job sets the real format when it writes one. At most `limit` a start.
 * @returns how many were queued.
 */
export async function queueMissingThumbnails(
  ctx: AppContext,
  enqueue: (fileId: string) => Promise<void>,
  limit = 5000,
): Promise<number> {
  const claimed = await thumbnailsRepository(ctx.db).claimWithoutThumbnail(
    [...IMAGE_SUFFIXES, 'pdf'],
    [...OFFICE_SUFFIXES, ...VIDEO_SUFFIXES, ...VIDEO_TRANSCODE_SUFFIXES],
    limit,
  );
  for (const id of claimed) await enqueue(id);
  return claimed.length;
}
