/** SQL of DingTalk identities linked to accounts (spec 000 §2 /ddLogin, §7 DDLogin). */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dingtalkAccounts, users } from '../../db/schema/accounts.ts';
import type { UserRow } from '../auth/auth.repository.ts';

export type DingtalkAccountRow = typeof dingtalkAccounts.$inferSelect;

/** Repository of DingTalk links. */
export function dingtalkRepository(db: Db) {
  return {
    /** The account linked to a DingTalk identity of a corp, with its link. */
    async findLinked(
      corpId: string,
      unionId: string,
    ): Promise<{ link: DingtalkAccountRow; user: UserRow } | undefined> {
      return (
        await db
          .select({ link: dingtalkAccounts, user: users })
          .from(dingtalkAccounts)
          .innerJoin(users, eq(users.id, dingtalkAccounts.userId))
          .where(and(eq(dingtalkAccounts.corpId, corpId), eq(dingtalkAccounts.unionId, unionId)))
          .limit(1)
      )[0];
    },

    /**
     * Link an identity to an account (first sign-in). Answers false when the identity was linked
     * meanwhile (a concurrent first sign-in): the caller reads the link again.
     */
    async link(row: {
      corpId: string;
      unionId: string;
      dingUserId: string | null;
      userId: string;
      name: string;
      avatarUrl: string;
    }): Promise<boolean> {
      const rows = await db
        .insert(dingtalkAccounts)
        .values(row)
        .onConflictDoNothing({ target: [dingtalkAccounts.corpId, dingtalkAccounts.unionId] })
        .returning({ id: dingtalkAccounts.id });
      return rows.length > 0;
    },

    /** Record a later sign-in: DingTalk's current name, avatar and userid. */
    async touch(id: string, fields: { name: string; avatarUrl: string; dingUserId: string | null }) {
      await db
        .update(dingtalkAccounts)
        .set({
          name: fields.name,
          avatarUrl: fields.avatarUrl,
          ...(fields.dingUserId ? { dingUserId: fields.dingUserId } : {}),
          lastLoginAt: new Date(),
        })
        .where(eq(dingtalkAccounts.id, id));
    },

    /** Set the account's avatar to DingTalk's (only when it has none or an external one). */
    async setExternalAvatar(userId: string, url: string): Promise<UserRow | undefined> {
      return (await db.update(users).set({ avatar: url }).where(eq(users.id, userId)).returning())[0];
    },

    /**
     * The DingTalk avatar URL of an account (its most recent DingTalk sign-in), '' when it has none —
     * BaseInfo's `ddUserAvatar` (000 §7).
     */
    async avatarOf(userId: string): Promise<string> {
      const row = (
        await db
          .select({ avatarUrl: dingtalkAccounts.avatarUrl })
          .from(dingtalkAccounts)
          .where(eq(dingtalkAccounts.userId, userId))
          .orderBy(desc(dingtalkAccounts.lastLoginAt))
          .limit(1)
      )[0];
      return row?.avatarUrl ?? '';
    },
  };
}

/** BaseInfo's `ddUserAvatar` (000 §7): the DingTalk avatar of an account, '' when none. */
export function dingtalkAvatarOf(db: Db, userId: string): Promise<string> {
  return dingtalkRepository(db).avatarOf(userId);
}
