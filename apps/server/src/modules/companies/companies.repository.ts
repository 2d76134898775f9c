/**
 * Company, membership and join-application queries (spec 000 §3, §4). Every query that changes
 * membership states the state it expects (`where` on corp_id / status), so two administrators acting
 * at once cannot both succeed and a stale request changes nothing.
 */
import { and, asc, count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyApplications, users } from '../../db/schema/accounts.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type ApplicationRow = typeof companyApplications.$inferSelect;

/** A member row: the user's fields the member list shows. */
export interface MemberRow {
  id: string;
  phone: string;
  name: string;
  isCorpAdmin: boolean;
  isAdministrator: boolean;
}

const memberColumns = {
  id: users.id,
  phone: users.phone,
  name: users.name,
  isCorpAdmin: users.isCorpAdmin,
  isAdministrator: users.isAdministrator,
};

/** Escape `%`, `_` and `\` for a LIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Application `id` of company `corpId`, still pending. */
const pendingIn = (id: string, corpId: string) =>
  and(
    eq(companyApplications.id, id),
    eq(companyApplications.corpId, corpId),
    eq(companyApplications.status, 2),
  );

/** The row is not an administrator, or company `corpId` has another one. */
const keepsAnAdmin = (corpId: string) =>
  sql`(not ${users.isCorpAdmin} or (select count(*) from ${users} u2 where u2.corp_id = ${corpId} and u2.is_corp_admin) > 1)`;

/** Repository bound to a database. */
export function companiesRepository(db: Db) {
  return {
    async findById(id: string): Promise<CompanyRow | undefined> {
      return (await db.select().from(companies).where(eq(companies.id, id)))[0];
    },

    async findByCode(code: string): Promise<CompanyRow | undefined> {
      return (await db.select().from(companies).where(eq(companies.creditCode, code)))[0];
    },

    /** Companies whose name contains `name` (case-insensitive), by name; `offset`/`limit` rows. */
    async search(name: string, offset: number, limit: number): Promise<CompanyRow[]> {
      return db
        .select()
        .from(companies)
        .where(name ? ilike(companies.name, `%${likeEscape(name)}%`) : undefined)
        .orderBy(asc(companies.name))
        .offset(offset)
        .limit(limit);
    },

    /**
     * Create a company and make `userId` its administrator, in one transaction; the user's pending
     * application elsewhere is withdrawn (rejected). Fails with `has-company` when the user belongs to
     * a company, `code-taken` when a company has that credit code.
     */
    async createWithAdmin(
      userId: string,
      v: { name: string; creditCode: string; quotaBytes: number; serviceStopAt?: Date | null },
    ): Promise<{ company: CompanyRow } | { error: 'has-company' | 'code-taken' }> {
      return db.transaction(async (tx) => {
        const [u] = await tx
          .select({ corpId: users.corpId })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!u || u.corpId) return { error: 'has-company' as const };
        const [company] = await tx.insert(companies).values(v).onConflictDoNothing().returning();
        if (!company) return { error: 'code-taken' as const };
        await tx.update(users).set({ corpId: company.id, isCorpAdmin: true }).where(eq(users.id, userId));
        await tx
          .update(companyApplications)
          .set({ status: 0, decidedAt: new Date() })
          .where(and(eq(companyApplications.userId, userId), eq(companyApplications.status, 2)));
        return { company };
      });
    },

    /**
     * The user's latest application that is pending or was decided by an administrator (withdrawn
     * ones — rejected with nobody deciding — are left out), with its company's name.
     */
    async latestOf(userId: string): Promise<(ApplicationRow & { corpName: string }) | undefined> {
      const [row] = await db
        .select({ a: companyApplications, corpName: companies.name })
        .from(companyApplications)
        .innerJoin(companies, eq(companies.id, companyApplications.corpId))
        .where(
          and(
            eq(companyApplications.userId, userId),
            sql`(${companyApplications.status} = 2 or ${companyApplications.decidedBy} is not null)`,
          ),
        )
        .orderBy(desc(companyApplications.createdAt))
        .limit(1);
      return row && { ...row.a, corpName: row.corpName };
    },

    /** The user's pending application, if any. */
    async pendingOf(userId: string): Promise<ApplicationRow | undefined> {
      return (
        await db
          .select()
          .from(companyApplications)
          .where(and(eq(companyApplications.userId, userId), eq(companyApplications.status, 2)))
      )[0];
    },

    /** File a pending application; undefined when the user already has one pending. */
    async insertApplication(v: { corpId: string; userId: string; userName: string }) {
      const [row] = await db.insert(companyApplications).values(v).onConflictDoNothing().returning();
      return row;
    },

    async findApplication(id: string): Promise<ApplicationRow | undefined> {
      return (await db.select().from(companyApplications).where(eq(companyApplications.id, id)))[0];
    },

    /** Pending applications of a company with the applicant's phone, newest first. */
    async pendingApplications(corpId: string) {
      return db
        .select({
          id: companyApplications.id,
          userName: companyApplications.userName,
          createdAt: companyApplications.createdAt,
          status: companyApplications.status,
          phone: users.phone,
        })
        .from(companyApplications)
        .innerJoin(users, eq(users.id, companyApplications.userId))
        .where(and(eq(companyApplications.corpId, corpId), eq(companyApplications.status, 2)))
        .orderBy(desc(companyApplications.createdAt));
    },

    async countPending(corpId: string): Promise<number> {
      const [r] = await db
        .select({ n: count() })
        .from(companyApplications)
        .where(and(eq(companyApplications.corpId, corpId), eq(companyApplications.status, 2)));
      return r?.n ?? 0;
    },

    /**
     * Approve a pending application of company `corpId`: the applicant (still without a company)
     * joins it under the name given on the form. False when the application is not pending there any
     * more or the applicant has joined a company meanwhile (the application is then rejected).
     */
    async approve(id: string, corpId: string, decidedBy: string): Promise<ApplicationRow | undefined> {
      return db.transaction(async (tx) => {
        const [app] = await tx
          .update(companyApplications)
          .set({ status: 1, decidedAt: new Date(), decidedBy })
          .where(pendingIn(id, corpId))
          .returning();
        if (!app) return undefined;
        const joined = await tx
          .update(users)
          .set({ corpId, isCorpAdmin: false, name: app.userName })
          .where(and(eq(users.id, app.userId), isNull(users.corpId)))
          .returning({ id: users.id });
        if (joined.length === 0) {
          await tx.update(companyApplications).set({ status: 0 }).where(eq(companyApplications.id, id));
          return undefined;
        }
        return app;
      });
    },

    /** Reject a pending application of company `corpId`; undefined when it is not pending there. */
    async reject(id: string, corpId: string, decidedBy: string): Promise<ApplicationRow | undefined> {
      const [app] = await db
        .update(companyApplications)
        .set({ status: 0, decidedAt: new Date(), decidedBy })
        .where(pendingIn(id, corpId))
        .returning();
      return app;
    },

    /** Delete a company (its last member left); members and applications follow by foreign key. */
    async dissolve(corpId: string): Promise<void> {
      await db.delete(companies).where(eq(companies.id, corpId));
    },

    /** Members of a company: administrators first, then by name. */
    async members(corpId: string): Promise<MemberRow[]> {
      return db
        .select(memberColumns)
        .from(users)
        .where(eq(users.corpId, corpId))
        .orderBy(desc(users.isCorpAdmin), asc(users.name));
    },

    async admins(corpId: string): Promise<MemberRow[]> {
      return db
        .select(memberColumns)
        .from(users)
        .where(and(eq(users.corpId, corpId), eq(users.isCorpAdmin, true)))
        .orderBy(asc(users.name));
    },

    async member(corpId: string, userId: string): Promise<MemberRow | undefined> {
      return (
        await db
          .select(memberColumns)
          .from(users)
          .where(and(eq(users.corpId, corpId), eq(users.id, userId)))
      )[0];
    },

    /**
     * Remove a member from company `corpId` (they keep their account and personal space), unless
     * that would leave the company without an administrator. Returns whether a row changed.
     */
    async removeMember(corpId: string, userId: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ corpId: null, isCorpAdmin: false })
        .where(and(eq(users.corpId, corpId), eq(users.id, userId), keepsAnAdmin(corpId)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * Set or cancel a member's administrator role; cancelling the last administrator changes nothing.
     * Returns the new role, or undefined when nothing changed.
     */
    async toggleAdmin(corpId: string, userId: string): Promise<boolean | undefined> {
      const rows = await db
        .update(users)
        .set({ isCorpAdmin: sql`not ${users.isCorpAdmin}` })
        .where(and(eq(users.corpId, corpId), eq(users.id, userId), keepsAnAdmin(corpId)))
        .returning({ isCorpAdmin: users.isCorpAdmin });
      return rows[0]?.isCorpAdmin;
    },
  };
}
export type CompaniesRepository = ReturnType<typeof companiesRepository>;
