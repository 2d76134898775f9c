/**
 * Re-queue models waiting for companion files (issue 13 "multi-file models"; spec 001 §4): a model
 * uploaded before its `.bin`, `.mtl` or textures fails with `缺少引用文件 …`; when one of the named
 * files arrives in the same folder of the same space, the model is queued again.
 */
import type { AppContext } from '../../app-context.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import { emitStatus } from '../../realtime/file-events.ts';
import { conversionsRepository } from './conversions.repository.ts';

/** Reason prefix of a conversion that waits for companion files (model-references.ts missingReason). */
const MISSING_PREFIX = '缺少引用文件 ';

/**
 * A file just arrived in a folder: queue again the models of that folder (same space) whose
 * conversion failed for want of a file of this name (their reason names it, or lists too many names
 * to show them all). Each row is claimed by the status update, so it is queued once.
 * @returns how many were queued.
 */
export async function requeueWaitingModels(ctx: AppContext, arrived: FileRowDb): Promise<number> {
  const claimed = await conversionsRepository(ctx.db).claimWaitingFor(arrived, MISSING_PREFIX);
  for (const row of claimed) {
    await ctx.enqueueConversion(row.id);
    emitStatus(ctx, row);
  }
  return claimed.length;
}

/**
 * Close the race of a companion arriving while its model was converting: after `model` failed with
 * `reason` (缺少引用文件 a、b), queue it again at once when one of the named files is now there.
 * @returns whether it was queued again.
 */
export async function requeueIfArrived(ctx: AppContext, model: FileRowDb, reason: string): Promise<boolean> {
  if (!reason.startsWith(MISSING_PREFIX)) return false;
  const names = reason
    .slice(MISSING_PREFIX.length)
    .replace(/ 等 \d+ 个文件$/, '')
    .split('、')
    .filter(Boolean);
  const repo = conversionsRepository(ctx.db);
  if ((await repo.siblingsNamed(model, names)).length === 0) return false;
  const row = await repo.claimFailed(model.id, reason);
  if (!row) return false;
  await ctx.enqueueConversion(row.id);
  emitStatus(ctx, row);
  return true;
}
