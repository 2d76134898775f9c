/** SQL of the personal account dialogs (000 §2 editUserInfo / editPwd / editPhone, set password). */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { phoneChangeGrants, sessions, users } from '../../db/schema/accounts.ts';

export type PhoneChangeGrantRow = typeof phoneChangeGrants.$inferSelect;

/** Whether a database error is a unique-constraint violation (both drivers; drizzle wraps it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Repository of the personal account. */
export function accountRepository(db: Db) {
  return {
    /** Set name and, when given, the avatar key; answers the previous avatar key. */
    async updateProfile(userId: string, name: string, avatar?: string): Promise<string | undefined> {
      const before = (await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)))[0];
      await db
        .update(users)
        .set(avatar === undefined ? { name } : { name, avatar })
        .where(eq(users.id, userId));
      return before?.avatar;
    },
    /** Set the first password; false when the account already has one. */
    async setPasswordIfNone(userId: string, passwordHash: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.id, userId), isNull(users.passwordHash)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    async updatePassword(userId: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },
    /** End every live session of a user (after a password change). */
    async revokeAllSessions(userId: string, reason: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
    /** Record (or renew) step 1 of a phone change for a session. */
    async saveGrant(sessionId: string, userId: string, oldPhone: string): Promise<void> {
      await db
        .insert(phoneChangeGrants)
        .values({ sessionId, userId, oldPhone, verifiedAt: new Date() })
        .onConflictDoUpdate({
          target: phoneChangeGrants.sessionId,
          set: { userId, oldPhone, verifiedAt: new Date() },
        });
    },
    async findGrant(sessionId: string): Promise<PhoneChangeGrantRow | undefined> {
      return (
        await db.select().from(phoneChangeGrants).where(eq(phoneChangeGrants.sessionId, sessionId)).limit(1)
      )[0];
    },
    /**
     * Change the phone and use up the session's grant in one transaction.
     * @throws the database's unique violation when another account has the phone.
     */
    async changePhone(userId: string, sessionId: string, phone: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ phone }).where(eq(users.id, userId));
        await tx.delete(phoneChangeGrants).where(eq(phoneChangeGrants.sessionId, sessionId));
      });
    },
  };
}
