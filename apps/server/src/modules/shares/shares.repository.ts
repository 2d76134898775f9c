/** SQL for share links (spec 001 §3 share entry). */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, shares, users } from '../../db/schema.ts';

export type ShareRow = typeof shares.$inferSelect;

/** Repository of shares. */
export function sharesRepository(db: Db) {
  return {
    async insert(s: typeof shares.$inferInsert): Promise<ShareRow> {
      return (await db.insert(shares).values(s).returning())[0]!;
    },
    /** A share with its file and the sharer's name. */
    async findByCode(code: string) {
      const rows = await db
        .select({ share: shares, file: files, sharerName: users.name })
        .from(shares)
        .innerJoin(files, eq(files.id, shares.fileId))
        .innerJoin(users, eq(users.id, shares.ownerId))
        .where(eq(shares.code, code))
        .limit(1);
      return rows[0];
    },
    async listByOwner(ownerId: string) {
      return db
        .select({ share: shares, fileName: files.name, fileSuffix: files.suffix })
        .from(shares)
        .innerJoin(files, eq(files.id, shares.fileId))
        .where(and(eq(shares.ownerId, ownerId), isNull(shares.cancelledAt)))
        .orderBy(desc(shares.createdAt));
    },
    async countActiveByOwner(ownerId: string): Promise<number> {
      return db.$count(shares, and(eq(shares.ownerId, ownerId), isNull(shares.cancelledAt)));
    },
    /** Cancel the owner's share; false when not theirs or unknown. */
    async cancel(ownerId: string, code: string): Promise<boolean> {
      const rows = await db
        .update(shares)
        .set({ cancelledAt: new Date() })
        .where(and(eq(shares.code, code), eq(shares.ownerId, ownerId), isNull(shares.cancelledAt)))
        .returning({ code: shares.code });
      return rows.length > 0;
    },
  };
}
