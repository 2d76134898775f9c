/** SQL for tus uploads in progress (their reserved bytes count against the quota). */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { quotaKey, type QuotaAccount } from '../spaces/space-access.ts';
import { lockQuota } from '../spaces/space-quota.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** Repository of uploads. */
export function uploadsRepository(db: Db) {
  return {
    /**
     * Reserve quota and record an upload, atomically: succeeds only when the paying account's used +
     * reserved (its unfinished uploads) + size ≤ quota.
     * @returns false when the quota would be exceeded.
     */
    async reserve(
      u: {
        id: string;
        /** The uploader. */
        ownerId: string;
        /** The area the file goes into. */
        spaceId: string;
        folderId: string | null;
        fileName: string;
        sizeBytes: number;
        /** The file this upload is a new version of (FileVersionAdd), or null. */
        versionOf?: string | null;
        expiresAt: Date;
      },
      account: QuotaAccount,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Lock the account's row so concurrent creations cannot both pass the check.
        const row = await lockQuota(tx, account);
        if (!row) return false;
        const key = quotaKey(account);
        const [pending] = key
          ? await tx
              .select({ n: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)` })
              .from(uploads)
              .where(and(eq(uploads.quotaAccount, key), sql`${uploads.expiresAt} > now()`))
          : [{ n: '0' }];
        if (row.used + Number(pending?.n ?? 0) + u.sizeBytes > row.quota) return false;
        await tx.insert(uploads).values({ ...u, quotaAccount: key });
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
