/**
 * The conversion worker (spec 001 §4 statuses; DESIGN.md converters): statusType 1 queued → 2
 * converting (with progress) → 3 done or 4 failed with a readable reason. Each conversion runs
 * isolated (child process with time and memory limits, see converters/). A bad file fails only its
 * own job; transient failures are thrown back to pg-boss, which retries with back-off.
 * Every status change is pushed to the owner's room as `projectFileStatusInfo`.
 */
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import { HubEvents, StatusType, type FileStatusEventValue } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { derivedDirKey, fileFolderKey, originalKey, previewGlbKey } from '../../storage/local-storage.ts';
import { filesRepository, type FileRowDb } from '../files/files.repository.ts';
import { CONVERSION_QUEUE, ConversionJob } from '../../jobs/queue.ts';

/** Push a file's status to its owner. */
export function emitStatus(ctx: AppContext, f: FileRowDb): void {
  const payload: FileStatusEventValue = {
    iuid: f.id,
    parentIUID: f.parentId ?? '',
    statusType: f.statusType,
    progress: f.progress,
    statusMsg: f.statusMsg,
  };
  ctx.hub.toUser(f.ownerId, HubEvents.fileStatus, payload);
}

/**
 * Convert one file. Returns normally when the job is settled (done or failed for good); throws to
 * ask for a retry when the failure is transient and attempts remain.
 */
export async function runConversion(ctx: AppContext, fileId: string, retriesLeft: number): Promise<void> {
  const repo = filesRepository(ctx.db);
  const file = await repo.findById(fileId);
  if (!file || file.kind !== 2) return; // deleted meanwhile
  const update = async (s: Parameters<typeof repo.setStatus>[1]) => {
    const row = await repo.setStatus(fileId, s);
    if (row) emitStatus(ctx, row);
    return row;
  };
  if (!(await update({ statusType: StatusType.converting, progress: 0, statusMsg: '' }))) return;

  let lastPush = 0;
  let lastPercent = 0;
  const dirKey = derivedDirKey(file.ownerId, file.id);
  // Loaded on first use: the converters pull in web-ifc and @thatopen/fragments.
  const { convertFile } = await import('../../converters/convert-file.ts');
  const result = await convertFile({
    inputPath: ctx.storage.localPath(originalKey(file.ownerId, file.id)),
    suffix: file.suffix,
    fileName: file.name,
    outputDir: ctx.storage.localPath(dirKey),
    timeoutMs: ctx.config.conversion.timeoutMs,
    memoryMb: ctx.config.conversion.memoryMb,
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

  if (result.ok) {
    const row = await update({
      statusType: StatusType.done,
      progress: 100,
      statusMsg: '',
      derivedKind: result.kind,
      derivedKey: `${dirKey}/${path.basename(result.outputPath)}`,
      derivedBytes: result.outputBytes,
      stats: result.stats,
    });
    if (!row)
      await ctx.storage.deletePrefix(dirKey); // file deleted during conversion
    else if (result.kind === 'fragments') await writeModelPreview(ctx, row, result.outputPath);
    return;
  }
  if (result.retryable && retriesLeft > 0) {
    await update({ statusType: StatusType.queued, progress: 0, statusMsg: '转换暂时失败，稍后自动重试' });
    throw new Error(`transient conversion failure: ${result.reason}`);
  }
  await update({ statusType: StatusType.failed, progress: 0, statusMsg: result.reason });
}

/**
 * After an IFC model is done, build its first-frame preview GLB (converters/model-preview.ts) and add
 * the model's element and category counts to the file's stats. Best effort: a failure is logged and the
 * model opens in the full viewer directly.
 */
async function writeModelPreview(ctx: AppContext, file: FileRowDb, fragPath: string): Promise<void> {
  const { buildModelPreview } = await import('../../converters/model-preview.ts');
  try {
    const figures = await buildModelPreview({
      fragPath,
      outputPath: ctx.storage.localPath(previewGlbKey(file.ownerId, file.id)),
      timeoutMs: ctx.config.conversion.timeoutMs,
      memoryMb: ctx.config.conversion.memoryMb,
    });
    const { elements, categories } = figures;
    const stats = { ...(file.stats as Record<string, unknown> | null), elements, categories };
    // The file was deleted meanwhile: its folder is gone, so drop what was just written there.
    if (!(await filesRepository(ctx.db).setStatus(file.id, { stats }))) {
      await ctx.storage.deletePrefix(fileFolderKey(file.ownerId, file.id));
      return;
    }
    ctx.log.info({ fileId: file.id, ...figures }, 'model preview written');
  } catch (err) {
    ctx.log.warn({ fileId: file.id, err }, 'model preview failed; the full viewer is used directly');
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
      await runConversion(ctx, parsed.data.fileId, job.retryLimit - job.retryCount);
    },
  );
}
