/** SQL for accounts and sessions (spec 000 §3 User, §7 sign-in). One intention-named method each. */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/accounts.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

function buildSessionStatement(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_with_user');
}
const sessionStatements = new WeakMap<Db, ReturnType<typeof buildSessionStatement>>();
/** The session + user lookup, prepared (named) on the server once per database. */
function sessionStatement(db: Db) {
  let statement = sessionStatements.get(db);
  if (!statement) sessionStatements.set(db, (statement = buildSessionStatement(db)));
  return statement;
}

/** Repository of users and sessions. */
export function authRepository(db: Db) {
  return {
    async findUserByPhone(phone: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.phone, phone)).limit(1))[0];
    },
    async findUserById(id: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];
    },
    async countUsers(): Promise<number> {
      return await db.$count(users);
    },
    async insertUser(u: {
      phone: string;
      name: string;
      passwordHash: string | null;
      quotaBytes: number;
      isAdministrator?: boolean;
      /** End of the personal service; null/absent = 无限制 (registration gives the free trial). */
      serviceStopAt?: Date | null;
    }) {
      const rows = await db.insert(users).values(u).onConflictDoNothing({ target: users.phone }).returning();
      return rows[0];
    },
    async insertSession(userId: string, expiresAt: Date): Promise<SessionRow> {
      const rows = await db.insert(sessions).values({ userId, expiresAt }).returning();
      return rows[0]!;
    },
    /** Revoke every other live session of a user; returns the revoked ids. */
    async revokeOtherSessions(userId: string, keepId: string, reason: string): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },
    /** Record a successful sign-in's time. */
    async touchLastLogin(userId: string): Promise<void> {
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
    },
    async revokeSession(id: string, reason: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(eq(sessions.id, id));
    },
    async findSession(id: string): Promise<SessionRow | undefined> {
      return (await db.select().from(sessions).where(eq(sessions.id, id)).limit(1))[0];
    },
    /** A session with its user, in one query (every authenticated request needs both). */
    /** Asked on every signed-in request: a statement prepared once per database. */
    async findSessionWithUser(id: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      return (await sessionStatement(db).execute({ id }))[0];
    },
  };
}
