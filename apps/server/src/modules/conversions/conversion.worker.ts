/**
 * The conversion worker (spec 001 §4 statuses; DESIGN.md converters): statusType 1 queued → 2
 * converting (with progress) → 3 done or 4 failed with a readable reason. Each conversion runs
 * isolated (child process with time and memory limits, see converters/). A bad file fails only its
 * own job; transient failures are thrown back to pg-boss, which retries with back-off.
 * Every status change of a current version is pushed to the owner's room as `projectFileStatusInfo`;
 * a version's start and settling also as `FileVersionInfo` (issue 5).
 * Crash safety (issue 15): a converter writes into a staging folder (staging.ts) and its outputs are
 * moved into the store only once complete, so a killed conversion leaves no partial artefact; a job
 * whose worker died is retried by pg-boss after its heartbeat stops (jobs/queue.ts), and versions left
 * at 1 or 2 without a job are handled by conversion-recovery.ts.
 */
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import {
  DRAWING_SUFFIXES,
  OFFICE_SUFFIXES,
  StatusType,
  VIDEO_SUFFIXES,
  VIDEO_TRANSCODE_SUFFIXES,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import type { ConvertResult } from '../../converters/types.ts';
import { derivedDirOf, fileFolderKey, originalKeyOf, previewGlbKeyOf } from '../../storage/local-storage.ts';
import { filesRepository, type FileRowDb } from '../files/files.repository.ts';
import { emitStatus, emitVersion } from '../../realtime/file-events.ts';
import { versionsRepository, viewAtVersion, type VersionStatus } from '../versions/versions.repository.ts';
import { CONVERSION_QUEUE, ConversionJob } from '../../jobs/queue.ts';
import { requeueIfArrived } from './companion-requeue.ts';
import { siblingSource } from './companion-siblings.ts';
import { conversionsRepository } from './conversions.repository.ts';
import { openStaging } from '../../storage/staging.ts';

/**
 * Write the status of version `n` of `file` (and of the file row while `n` is current) and push it:
 * `projectFileStatusInfo` when the file row changed, `FileVersionInfo` when the version settled
 * (`settled`) or its statusType changed.
 * @returns the row as it now is (the file, or its view at version `n`), or undefined when neither the
 * version nor the file at this version is there any more.
 */
export async function writeVersionStatus(
  ctx: AppContext,
  file: FileRowDb,
  n: number,
  s: VersionStatus,
  settled = false,
): Promise<FileRowDb | undefined> {
  const { file: row, version: v } = await versionsRepository(ctx.db).setStatus(file.id, n, s);
  if (row) emitStatus(ctx, row);
  if (v && (settled || s.statusType !== undefined)) emitVersion(ctx, row ?? file, n, 'status');
  return row ?? (v ? viewAtVersion(file, v) : undefined);
}

/**
 * Convert one file version (the current one when `version` is absent). Reads that version's original
 * and writes into its own derived folder, so versions never share derived files; status goes to the
 * version's row and, while it is current, to the file row (issue 5). Returns normally when the job is
 * settled (done or failed for good); throws to ask for a retry when the failure is transient and
 * attempts remain.
 */
export async function runConversion(
  ctx: AppContext,
  fileId: string,
  retriesLeft: number,
  version?: number,
): Promise<void> {
  const repo = filesRepository(ctx.db);
  const versions = versionsRepository(ctx.db);
  const file = await repo.findById(fileId);
  if (!file || file.kind !== 2) return; // deleted meanwhile
  const n = version ?? file.versionNo;
  let target: FileRowDb = file;
  if (n !== file.versionNo) {
    const v = await versions.find(file.id, n);
    if (!v) return; // version deleted meanwhile
    target = viewAtVersion(file, v);
  }
  /** Write the status; undefined when neither the version nor the file (at this version) is there any more. */
  const update = (s: VersionStatus, settled = false) => writeVersionStatus(ctx, file, n, s, settled);
  if (!(await update({ statusType: StatusType.converting, progress: 0, statusMsg: '' }))) return;

  let lastPush = 0;
  let lastPercent = 0;
  const original = originalKeyOf(target);
  const dirKey = derivedDirOf(original);
  // Loaded on first use: the converters pull in web-ifc and @thatopen/fragments.
  const { convertFile } = await import('../../converters/convert-file.ts');
  // This attempt replaces the version's derived files; its outputs arrive whole, at the end.
  await ctx.storage.deletePrefix(dirKey);
  const staging = await openStaging(ctx.config.dataDir);
  // Inputs (the original, its companions) as local files: the store's own on local disk, copies on S3.
  const scratch = await openStaging(ctx.config.dataDir);
  let result: ConvertResult;
  try {
    result = await convertFile({
      inputPath: await ctx.storage.localFile(original, scratch.dir),
      suffix: target.suffix,
      fileName: target.name,
      outputDir: staging.dir,
      timeoutMs: ctx.config.conversion.timeoutMs,
      memoryMb: ctx.config.conversion.memoryMb,
      companions: siblingSource(ctx, target, scratch.dir), // same space and folder only (issue 13 multi-file models)
      onProgress: (percent: number) => {
        const p = Math.max(0, Math.min(99, Math.round(percent)));
        const now = Date.now();
        if (p > lastPercent && now - lastPush > 500) {
          lastPush = now;
          lastPercent = p;
          void update({ progress: p }).catch(() => undefined);
        }
      },
    });
    if (result.ok) await staging.commit(ctx.storage, dirKey);
  } finally {
    await staging.dispose();
    await scratch.dispose();
  }

  if (result.ok) {
    const derivedKey = `${dirKey}/${path.basename(result.outputPath)}`;
    const row = await update(
      {
        statusType: StatusType.done,
        progress: 100,
        statusMsg: '',
        derivedKind: result.kind,
        derivedKey,
        derivedBytes: result.outputBytes,
        stats: result.stats,
      },
      true,
    );
    if (!row)
      await ctx.storage.deletePrefix(dirKey); // file or version deleted during conversion
    else if (result.kind === 'fragments') await writeModelPreview(ctx, row, n, derivedKey);
    if (row) await ctx.enqueueThumbnail(row, n); // office rendition's first page, video poster (issue 14)
    return;
  }
  if (result.retryable && retriesLeft > 0) {
    await update({ statusType: StatusType.queued, progress: 0, statusMsg: '转换暂时失败，稍后自动重试' });
    throw new Error(`transient conversion failure: ${result.reason}`);
  }
  await update({ statusType: StatusType.failed, progress: 0, statusMsg: result.reason }, true);
  if (n === file.versionNo) await requeueIfArrived(ctx, file, result.reason);
}

/**
 * After an IFC model is done, build its first-frame preview GLB (converters/model-preview.ts) beside
 * the version's derived files and add the model's element and category counts to its stats. Best
 * effort: a failure is logged and the model opens in the full viewer directly. The preview is built
 * in a staging folder and moved in gzip copy first, so `preview.glb` (which readers look for) is
 * only ever there whole, with its `.gz`.
 */
async function writeModelPreview(
  ctx: AppContext,
  file: FileRowDb,
  n: number,
  fragKey: string,
): Promise<void> {
  const { buildModelPreview, PREVIEW_GLB } = await import('../../converters/model-preview.ts');
  const previewKey = previewGlbKeyOf(originalKeyOf(file));
  const staging = await openStaging(ctx.config.dataDir);
  const scratch = await openStaging(ctx.config.dataDir);
  try {
    const figures = await buildModelPreview({
      fragPath: await ctx.storage.localFile(fragKey, scratch.dir),
      outputPath: path.join(staging.dir, PREVIEW_GLB),
      timeoutMs: ctx.config.conversion.timeoutMs,
      memoryMb: ctx.config.conversion.memoryMb,
    });
    await staging.commit(ctx.storage, path.posix.dirname(previewKey), [`${PREVIEW_GLB}.gz`, PREVIEW_GLB]);
    const { elements, categories } = figures;
    const stats = { ...(file.stats as Record<string, unknown> | null), elements, categories };
    // The file (or this version) was deleted meanwhile: drop what was just written for it.
    const written = await versionsRepository(ctx.db).setStatus(file.id, n, { stats });
    if (!written.file && !written.version) {
      const fileGone = !(await filesRepository(ctx.db).findById(file.id));
      await ctx.storage.deletePrefix(
        fileGone ? fileFolderKey(file.spaceId, file.id) : derivedDirOf(originalKeyOf(file)),
      );
      return;
    }
    ctx.log.info({ fileId: file.id, version: n, ...figures }, 'model preview written');
  } catch (err) {
    ctx.log.warn({ fileId: file.id, err }, 'model preview failed; the full viewer is used directly');
  } finally {
    await staging.dispose();
    await scratch.dispose();
  }
}

/** Subscribe the worker to the conversion queue; returns its pg-boss worker id (for `notifyWorker`). */
export async function startConversionWorker(ctx: AppContext, boss: PgBoss): Promise<string> {
  return boss.work(
    CONVERSION_QUEUE,
    {
      includeMetadata: true,
      batchSize: 1,
      localConcurrency: ctx.config.conversion.concurrency,
      pollingIntervalSeconds: 1,
    },
    async ([job]) => {
      if (!job) return;
      const parsed = ConversionJob.safeParse(job.data);
      if (!parsed.success) {
        ctx.log.error({ jobId: job.id, issues: parsed.error.issues }, 'invalid conversion job payload');
        return;
      }
      await runConversion(ctx, parsed.data.fileId, job.retryLimit - job.retryCount, parsed.data.version);
    },
  );
}

/**
 * Files kept before office documents and videos had renditions (issue 14) sit at status 0 with
 * nothing to show, and DWG/DXF drawings and 3DM models kept before they had a converter (issue 13) sit at status 4
 * with a "no converter" reason: queue a conversion for each current version once, at worker start.
 * Office files and videos among older versions are queued too. The status update claims a row for
 * one worker only, so several workers starting together queue each file once.
 * @returns how many were queued.
 */
export async function queueMissingRenditions(ctx: AppContext): Promise<number> {
  const repo = conversionsRepository(ctx.db);
  const suffixes = [...OFFICE_SUFFIXES, ...VIDEO_SUFFIXES, ...VIDEO_TRANSCODE_SUFFIXES];
  const claimed = await repo.claimFilesToConvert(suffixes, [...DRAWING_SUFFIXES, '3dm']);
  for (const id of claimed) await ctx.enqueueConversion(id);
  // Older versions (not current) of such office files and videos, each in its own version folder.
  const versionsClaimed = await repo.claimOlderVersionsToConvert(suffixes);
  for (const { id, n } of versionsClaimed) await ctx.enqueueConversion(id, n);
  return claimed.length + versionsClaimed.length;
}
