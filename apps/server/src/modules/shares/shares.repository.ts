/** SQL for share links (spec 001 §3 share entry). */
import type { ShareListQueryValue } from '@bimdrive/contracts';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  not,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { files, shares } from '../../db/schema/files.ts';
import { escapeLike } from '../files/file-filters.ts';

export type ShareRow = typeof shares.$inferSelect;

/** Repository of shares. */
export function sharesRepository(db: Db) {
  return {
    async insert(s: typeof shares.$inferInsert): Promise<ShareRow> {
      return (await db.insert(shares).values(s).returning())[0]!;
    },
    /** A share with its file, the sharer's name and account (whose access the link lives on). */
    async findByCode(code: string) {
      const rows = await db
        .select({ share: shares, file: files, sharerName: users.name, owner: users })
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
    /**
     * One page of the owner's live (not cancelled) links for 我的分享: sorted by a whitelisted field
     * (id = code as the tiebreak; long-term links count as the latest expiry), filtered by name,
     * suffix, state (valid / expired at `now`) and created / expiry time ranges.
     */
    async pageByOwner(ownerId: string, q: ShareListQueryValue, now: Date) {
      const conds: SQL[] = [eq(shares.ownerId, ownerId), isNull(shares.cancelledAt)];
      const name = q.name?.trim();
      if (name) conds.push(ilike(files.name, `%${escapeLike(name)}%`));
      if (q.suffix?.length)
        conds.push(
          inArray(
            files.suffix,
            q.suffix.map((s) => s.toLowerCase()),
          ),
        );
      const states = new Set(q.state ?? []);
      if (states.size === 1) {
        const expired = and(isNotNull(shares.expiresAt), lte(shares.expiresAt, now))!;
        conds.push(states.has('expired') ? expired : not(expired));
      }
      if (q.createFrom) conds.push(gte(shares.createdAt, q.createFrom));
      if (q.createTo) conds.push(lte(shares.createdAt, q.createTo));
      if (q.expireFrom) conds.push(gte(shares.expiresAt, q.expireFrom));
      if (q.expireTo) conds.push(lte(shares.expiresAt, q.expireTo));
      const where = and(...conds);
      const dir = q.order === 'desc' ? desc : asc;
      const orderBy: SQL[] = !q.sort
        ? [desc(shares.createdAt), asc(shares.code)]
        : q.sort === 'fileName'
          ? [dir(files.name), asc(shares.code)]
          : q.sort === 'createTime'
            ? [dir(shares.createdAt), asc(shares.code)]
            : [
                sql`${shares.expiresAt} ${sql.raw(q.order === 'desc' ? 'desc nulls first' : 'asc nulls last')}`,
                asc(shares.code),
              ];
      const [rows, count] = await Promise.all([
        db
          .select({ share: shares, fileName: files.name, fileSuffix: files.suffix })
          .from(shares)
          .innerJoin(files, eq(files.id, shares.fileId))
          .where(where)
          .orderBy(...orderBy)
          .limit(q.rows)
          .offset((q.page - 1) * q.rows),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(shares)
          .innerJoin(files, eq(files.id, shares.fileId))
          .where(where)
          .then((r) => r[0]?.n ?? 0),
      ]);
      return { rows, count };
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
