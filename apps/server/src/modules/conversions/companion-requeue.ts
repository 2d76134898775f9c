/**
 * Re-queue models waiting for companion files (issue 13 "multi-file models"; spec 001 §4): a model
 * uploaded before its `.bin`, `.mtl` or textures fails with `缺少引用文件 …`; when one of the named
 * files arrives in the same folder of the same space, the model is queued again.
 */
import { and, eq, ilike, ne, sql } from 'drizzle-orm';
import { StatusType } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { files } from '../../db/schema.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import { sameFolder, siblingsNamed } from './companion-siblings.ts';
import { emitStatus } from '../../realtime/file-events.ts';

/** Reason prefix of a conversion that waits for companion files (model-references.ts missingReason). */
const MISSING_PREFIX = '缺少引用文件 ';

/**
 * A file just arrived in a folder: queue again the models of that folder (same space) whose
 * conversion failed for want of a file of this name (their reason names it, or lists too many names
 * to show them all). Each row is claimed by the status update, so it is queued once.
 * @returns how many were queued.
 */
export async function requeueWaitingModels(ctx: AppContext, arrived: FileRowDb): Promise<number> {
  const escaped = arrived.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const claimed = await ctx.db
    .update(files)
    .set({ statusType: StatusType.queued, progress: 0, statusMsg: '' })
    .where(
      and(
        sameFolder(arrived),
        ne(files.id, arrived.id),
        eq(files.statusType, StatusType.failed),
        ilike(files.statusMsg, `${MISSING_PREFIX}%`),
        sql`(lower(${files.statusMsg}) like ${`%${escaped}%`} or ${files.statusMsg} like '%个文件')`,
      ),
    )
    .returning();
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
  if ((await siblingsNamed(ctx, model, names)).length === 0) return false;
  const [row] = await ctx.db
    .update(files)
    .set({ statusType: StatusType.queued, progress: 0, statusMsg: '' })
    .where(and(eq(files.id, model.id), eq(files.statusType, StatusType.failed), eq(files.statusMsg, reason)))
    .returning();
  if (!row) return false;
  await ctx.enqueueConversion(row.id);
  emitStatus(ctx, row);
  return true;
}
