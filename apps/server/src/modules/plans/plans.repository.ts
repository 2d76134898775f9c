/** SQL of plans and share limits (000 §9, 001 §9): member counts and active-share counts per account. */
import { and, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { files, shares } from '../../db/schema/files.ts';
import { spaces } from '../../db/schema/spaces.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Active: not cancelled and not past its expiry. */
const activeShare = () =>
  and(isNull(shares.cancelledAt), or(isNull(shares.expiresAt), gt(shares.expiresAt, sql`now()`)));

/** Repository of plan data. */
export function plansRepository(db: Db) {
  return {
    /** Members of a company. */
    async countMembers(companyId: string): Promise<number> {
      return db.$count(users, eq(users.corpId, companyId));
    },

    /** Files with the area they live in (null space for the personal space); ids that are no uuid match nothing. */
    async filesWithSpace(candidates: string[]) {
      const ids = candidates.filter((id) => UUID.test(id));
      if (ids.length === 0) return [];
      return db
        .select({
          id: files.id,
          spaceId: files.spaceId,
          spaceKind: spaces.kind,
          companyId: spaces.companyId,
          creatorId: spaces.creatorId,
        })
        .from(files)
        .leftJoin(spaces, eq(spaces.id, files.spaceId))
        .where(inArray(files.id, ids));
    },

    /**
     * Active shares per sharer on a company's files (projects and the Company base), most first.
     */
    async companyShareCounts(companyId: string) {
      return db
        .select({ userName: users.name, shareCount: count() })
        .from(shares)
        .innerJoin(files, eq(files.id, shares.fileId))
        .innerJoin(spaces, eq(spaces.id, files.spaceId))
        .innerJoin(users, eq(users.id, shares.ownerId))
        .where(and(eq(spaces.companyId, companyId), activeShare()))
        .groupBy(users.id, users.name)
        .orderBy(sql`count(*) desc`);
    },

    /** Active shares of a person on their own files (the personal space and 我的资源库). */
    async personalShareCount(userId: string): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(shares)
        .innerJoin(files, eq(files.id, shares.fileId))
        .leftJoin(spaces, eq(spaces.id, files.spaceId))
        .where(
          and(
            eq(shares.ownerId, userId),
            activeShare(),
            or(eq(files.spaceId, userId), and(eq(spaces.kind, 'Mine'), eq(spaces.creatorId, userId))),
          ),
        );
      return rows[0]?.n ?? 0;
    },
  };
}
