/**
 * Finishing an upload (issue 15 "Crash recovery: Uploads"): when the last byte arrives, and again on
 * recovery. Ordered and idempotent, so a crash at any point leaves either a complete file or an
 * upload that finishes later, never a file row without bytes nor bytes without a row that stay:
 * 1. `completed`: the store records that every byte arrived (HEAD answers offset = length from now on);
 * 2. `moved`: the space policy is asked again (refused → the upload is dropped), and the bytes move
 *    into object storage under a key made from the upload id (`files/<space>/<upload id>/original`,
 *    or `…/<file>/u<upload id>/original` for a version): a rename on local disk;
 * 3. `committed`: one transaction charges the quota for the real size and adds the file row whose
 *    id is the upload id (or the version row with that id; versions.service `commitUpload`), which
 *    also ends the upload's reservation (uploads.repository.ts). Over the quota → 413 and the upload
 *    is dropped; a name already taken gets " (1)", " (2)", …;
 * 4. `announced`: conversion and thumbnail queued, status pushed, companions requeued, the
 *    completed-transfer record written (modules/transfers, 000 §3), then the store marks the upload
 *    finished with its result.
 * A step found done is skipped: the file row with the upload's id means 3 happened; bytes no longer
 * in the store but at their key mean 2 happened. HEAD and PATCH of a complete upload, and the sweep
 * (upload-sweep.ts), run finishing again, so an interrupted one completes. The answer carries
 * `x-file-iuid` (and `x-file-version` for a version), also on the HEAD of a finished upload.
 * Steps 2 and 3 are upload-commit.ts. The test hook `step` (upload-deps.ts) runs after each step;
 * a throw there stands for a crash.
 */
import { ERRORS } from '@tus/utils';
import { StatusType, suffixOf } from '@bimdrive/contracts';
import type { Caller } from '../auth/caller.ts';
import type { SpaceAccess } from '../spaces/space-access.ts';
import { emitStatus } from '../../realtime/file-events.ts';
import { requeueWaitingModels } from '../conversions/companion-requeue.ts';
import type { FinishedUpload } from './tus-file-store.ts';
import { initialStatus, uploadCommit } from './upload-commit.ts';
import { tusError, type UploadsDeps } from './upload-deps.ts';
import type { UploadRemoval } from './upload-removal.ts';
import type { UploadRow } from './uploads.repository.ts';

/** The response headers naming what an upload became. */
export function answerOf(done: FinishedUpload): Record<string, string> {
  if (done.version === undefined)
    return { 'x-file-iuid': done.fileId, 'access-control-expose-headers': 'x-file-iuid' };
  return {
    'x-file-iuid': done.fileId,
    'x-file-version': String(done.version),
    'access-control-expose-headers': 'x-file-iuid, x-file-version',
  };
}

/** Finishing of complete uploads (see the module comment). */
export function uploadFinishing(deps: UploadsDeps, removal: Pick<UploadRemoval, 'discard'>) {
  const { ctx, repo, filesRepo, datastore, files, versions, transfers, step } = deps;
  const { commit } = uploadCommit(deps, removal);

  /**
   * The completed-transfer record of the panel's 已完成 tab (000 §3). The file already exists, so a
   * failure here is logged and does not fail the upload.
   */
  async function recordCompleted(
    caller: Caller,
    fileName: string,
    sizeBytes: number,
    fileId: string,
    area: SpaceAccess | null,
  ): Promise<void> {
    try {
      await transfers.record({
        ownerId: caller.user.id,
        fileName,
        sizeBytes,
        fileId,
        // The 已完成 tab's location tag (000 §3): source type, and the knowledge-base type for type 3.
        sourceType: area?.sourceType,
        knowledgeBaseType: area?.sourceType === 3 ? area.kind : undefined,
      });
    } catch (err) {
      ctx.log.error({ err, fileId }, 'transfer record not written');
    }
  }

  /** Step 4 of finishing: queue the jobs, push the status, record the transfer. */
  async function announce(caller: Caller, row: UploadRow, done: FinishedUpload, size: number): Promise<void> {
    const file = await filesRepo.findById(done.fileId);
    if (!file) return; // deleted meanwhile
    const area = await files.spaces.resolve(caller, file.spaceId).catch(() => null);
    if (done.version !== undefined) {
      await versions.announceUpload(file, done.version, initialStatus(suffixOf(row.fileName)).convert);
      await recordCompleted(caller, row.fileName, size, file.id, area);
      return;
    }
    if (initialStatus(file.suffix).convert && file.statusType === StatusType.queued)
      await ctx.enqueueConversion(file.id);
    await ctx.enqueueThumbnail(file); // images and PDFs (issue 14)
    emitStatus(ctx, file);
    await requeueWaitingModels(ctx, file); // a .bin/.mtl/texture a model of this folder waits for (issue 13)
    await recordCompleted(caller, file.name, size, file.id, area);
  }

  /**
   * Finish complete upload `id` of `caller` (see the module comment); the caller holds its lock.
   * Idempotent: a finished upload answers its result at once.
   * @returns the response headers naming the file (and version). @throws a tus failure.
   */
  async function finish(caller: Caller, id: string): Promise<Record<string, string>> {
    const row = await repo.findOwned(caller.user.id, id);
    if (!row) throw tusError(404, '上传记录不存在');
    const info = await datastore.info(id);
    if (!info) throw ERRORS.FILE_NO_LONGER_EXISTS;
    if (info.finished) return answerOf(info.finished);
    const size = info.upload.size;
    if (size === undefined || info.upload.offset !== size) throw ERRORS.INVALID_OFFSET;
    let done = await repo.finishedOf(id);
    if (!done) {
      await datastore.markCompleted(id);
      await step('completed', id);
      done = await commit(caller, row, size);
      await step('committed', id);
    }
    await announce(caller, row, done, size);
    await repo.releaseReservation(id);
    await datastore.markFinished(id, done);
    await step('announced', id);
    return answerOf(done);
  }

  return { finish };
}
