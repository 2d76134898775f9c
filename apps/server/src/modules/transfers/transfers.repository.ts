/** SQL for completed-transfer records (table `transfer_records`, spec 000 §3). */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transferRecords } from '../../db/schema/files.ts';
import { isUuid } from '../../lib/ids.ts';

export type TransferRecordRow = typeof transferRecords.$inferSelect;
export type NewTransferRecord = typeof transferRecords.$inferInsert;

/** Repository of transfer records; every read and delete is scoped to the owner. */
export function transfersRepository(db: Db) {
  return {
    async insert(r: NewTransferRecord): Promise<TransferRecordRow> {
      const [row] = await db.insert(transferRecords).values(r).returning();
      return row!;
    },
    /** One page (newest first) of the owner's records with this fileType, and their total. */
    async page(
      ownerId: string,
      fileType: number,
      offset: number,
      limit: number,
    ): Promise<{ rows: TransferRecordRow[]; count: number }> {
      const where = and(eq(transferRecords.ownerId, ownerId), eq(transferRecords.fileType, fileType));
      const rows = await db
        .select()
        .from(transferRecords)
        .where(where)
        .orderBy(desc(transferRecords.createdAt), desc(transferRecords.id))
        .offset(offset)
        .limit(limit);
      const [total] = await db.select({ n: count() }).from(transferRecords).where(where);
      return { rows, count: Number(total?.n ?? 0) };
    },
    /** Delete one of the owner's records. @returns whether a row was deleted. */
    async removeOwned(ownerId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db
        .delete(transferRecords)
        .where(and(eq(transferRecords.id, id), eq(transferRecords.ownerId, ownerId)))
        .returning({ id: transferRecords.id });
      return rows.length > 0;
    },
    /** Delete all the owner's records. @returns how many. */
    async removeAll(ownerId: string): Promise<number> {
      const rows = await db
        .delete(transferRecords)
        .where(eq(transferRecords.ownerId, ownerId))
        .returning({ id: transferRecords.id });
      return rows.length;
    },
  };
}
