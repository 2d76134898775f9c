/** SQL for tus uploads in progress (their reserved bytes count against the quota). */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads, users } from '../../db/schema.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** Repository of uploads. */
export function uploadsRepository(db: Db) {
  return {
    /**
     * Reserve quota and record an upload, atomically: succeeds only when used + reserved + size ≤ quota.
     * @returns false when the quota would be exceeded.
     */
    async reserve(u: {
      id: string;
      ownerId: string;
      folderId: string | null;
      fileName: string;
      sizeBytes: number;
      /** The file this upload is a new version of (FileVersionAdd), or null. */
      versionOf?: string | null;
      expiresAt: Date;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Lock the user row so concurrent creations cannot both pass the check.
        const [row] = await tx
          .select({ used: users.usedBytes, quota: users.quotaBytes })
          .from(users)
          .where(eq(users.id, u.ownerId))
          .for('update');
        if (!row) return false;
        const [pending] = await tx
          .select({ n: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)` })
          .from(uploads)
          .where(and(eq(uploads.ownerId, u.ownerId), sql`${uploads.expiresAt} > now()`));
        if (row.used + Number(pending?.n ?? 0) + u.sizeBytes > row.quota) return false;
        await tx.insert(uploads).values(u);
        return true;
      });
    },
    async findOwned(ownerId: string, id: string): Promise<UploadRow | undefined> {
      return (
        await db
          .select()
          .from(uploads)
          .where(and(eq(uploads.id, id), eq(uploads.ownerId, ownerId)))
          .limit(1)
      )[0];
    },
    async remove(id: string): Promise<void> {
      await db.delete(uploads).where(eq(uploads.id, id));
    },
    /** Delete expired upload records; returns their ids. */
    async removeExpired(now: Date): Promise<string[]> {
      const rows = await db.delete(uploads).where(lt(uploads.expiresAt, now)).returning({ id: uploads.id });
      return rows.map((r) => r.id);
    },
  };
}
