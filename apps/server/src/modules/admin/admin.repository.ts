/**
 * SQL of the administration pages (001 §2 /personalManagement, /companyManagement): filtered pages
 * of users and companies, and the administrators' changes to them. Each change runs on the handle
 * it is given, so the service writes it and its operation-log entry in one transaction.
 */
import { normalizePhone, type AdminCompanyQueryValue, type AdminUserQueryValue } from '@bimdrive/contracts';
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
  like,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, sessions, users } from '../../db/schema/accounts.ts';
import { EXPIRING_DAYS } from '../companies/company-state.ts';
import { escapeLike } from '../files/file-filters.ts';

export { EXPIRING_DAYS };

/**
 * A company's usage state (companies/company-state.ts `companyUsageState` in SQL): 停用 while a
 * system administrator has disabled it, 已到期 past its service end, 即将到期 within EXPIRING_DAYS of
 * it, else 正常.
 */
const companyState = sql<string>`case
  when ${companies.disabledAt} is not null then '停用'
  when ${companies.serviceStopAt} is not null and ${companies.serviceStopAt} <= now() then '已到期'
  when ${companies.serviceStopAt} is not null
   and ${companies.serviceStopAt} <= now() + make_interval(days => ${EXPIRING_DAYS}::int) then '即将到期'
  else '正常' end`;

/** Repository of the administration pages. */
export function adminRepository(db: Db) {
  function userWhere(q: AdminUserQueryValue): SQL | undefined {
    const conds: SQL[] = [];
    const s = q.search?.trim();
    if (s) {
      const pattern = `%${escapeLike(s)}%`;
      conds.push(or(like(users.phone, pattern), ilike(users.name, pattern))!);
    }
    if (q.from) conds.push(gte(users.createdAt, q.from));
    if (q.to) conds.push(lte(users.createdAt, q.to));
    if (q.state === 'disabled') conds.push(isNotNull(users.disabledAt));
    if (q.state === 'normal') conds.push(isNull(users.disabledAt));
    return conds.length ? and(...conds) : undefined;
  }

  function companyWhere(q: AdminCompanyQueryValue): SQL | undefined {
    const conds: SQL[] = [];
    const s = q.search?.trim();
    if (s)
      conds.push(or(ilike(companies.name, `%${escapeLike(s)}%`), eq(companies.creditCode, s.toUpperCase()))!);
    if (q.state) conds.push(sql`(${companyState}) = ${q.state}`);
    return conds.length ? and(...conds) : undefined;
  }

  return {
    /**
     * Grant (`on`) or revoke the system-administrator role (000 §3 `isadministrator`, §6) of the
     * account with this phone (any format normalizePhone accepts). It is granted on the command line
     * (`cli.ts set-admin --phone … [--off]`) and to the demo account of the embedded default (app.ts);
     * every administration call checks it on the server.
     * @returns whether such an account exists.
     */
    async setSystemAdministrator(phone: string, on: boolean): Promise<boolean> {
      const changed = await db
        .update(users)
        .set({ isAdministrator: on })
        .where(eq(users.phone, normalizePhone(phone)))
        .returning({ id: users.id });
      return changed.length > 0;
    },

    /** One page of users, newest first, with their company's name and the total. */
    async usersPage(q: AdminUserQueryValue) {
      const where = userWhere(q);
      const [rows, count] = await Promise.all([
        db
          .select({ user: users, corpName: sql<string>`coalesce(${companies.name}, '')` })
          .from(users)
          .leftJoin(companies, eq(companies.id, users.corpId))
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(q.rows)
          .offset((q.page - 1) * q.rows),
        db.$count(users, where),
      ]);
      return { rows, count };
    },

    /** One page of companies, newest first, with member count, usage state and the total. */
    async companiesPage(q: AdminCompanyQueryValue) {
      const where = companyWhere(q);
      const [rows, count] = await Promise.all([
        db
          .select({
            company: companies,
            members: sql<number>`(select count(*)::int from ${users} m where m.corp_id = companies.id)`,
            state: companyState,
          })
          .from(companies)
          .where(where)
          .orderBy(desc(companies.createdAt), desc(companies.id))
          .limit(q.rows)
          .offset((q.page - 1) * q.rows),
        db.$count(companies, where),
      ]);
      return { rows, count };
    },

    /**
     * Disable (`at`) or enable (null) a company; answers whether its state changed (001 §7
     * UpdateCorpUsingStatus).
     */
    async setCompanyDisabled(id: string, at: Date | null): Promise<boolean> {
      const rows = await db
        .update(companies)
        .set({ disabledAt: at })
        .where(and(eq(companies.id, id), at ? isNull(companies.disabledAt) : isNotNull(companies.disabledAt)))
        .returning({ id: companies.id });
      return rows.length > 0;
    },

    /** Storage of all companies (001 §7 SystemSetting/GetCorpSpace): one page and the totals. */
    async companySpacePage(q: { page: number; rows: number; search?: string | undefined }) {
      const where = companyWhere({ ...q, state: undefined });
      const [rows, totals] = await Promise.all([
        db
          .select({ company: companies, state: companyState })
          .from(companies)
          .where(where)
          .orderBy(desc(companies.usedBytes), desc(companies.createdAt), desc(companies.id))
          .limit(q.rows)
          .offset((q.page - 1) * q.rows),
        db
          .select({
            count: sql<number>`count(*)::int`,
            used: sql<string>`coalesce(sum(${companies.usedBytes}), 0)`,
            quota: sql<string>`coalesce(sum(${companies.quotaBytes}), 0)`,
          })
          .from(companies)
          .where(where),
      ]);
      const t = totals[0]!;
      return { rows, count: Number(t.count), totalUsed: Number(t.used), totalQuota: Number(t.quota) };
    },

    /** The administrators of these companies. */
    async adminsOf(companyIds: string[]) {
      if (companyIds.length === 0) return [];
      return db
        .select({ corpId: users.corpId, id: users.id, name: users.name, phone: users.phone })
        .from(users)
        .where(and(inArray(users.corpId, companyIds), eq(users.isCorpAdmin, true)))
        .orderBy(asc(users.name));
    },

    async findUser(id: string) {
      return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];
    },
    async findCompany(id: string) {
      return (await db.select().from(companies).where(eq(companies.id, id)).limit(1))[0];
    },

    /** Disable (`at`) or enable (null) an account; answers whether its state changed. */
    async setUserDisabled(id: string, at: Date | null): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ disabledAt: at })
        .where(and(eq(users.id, id), at ? isNull(users.disabledAt) : isNotNull(users.disabledAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** End every live session of an account; answers their ids. */
    async revokeSessions(userId: string, reason: string): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },

    async setUser(
      id: string,
      v: Partial<Pick<typeof users.$inferInsert, 'quotaBytes' | 'serviceStopAt' | 'passwordHash'>>,
    ): Promise<boolean> {
      const rows = await db.update(users).set(v).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    async setCompany(
      id: string,
      v: Partial<Pick<typeof companies.$inferInsert, 'quotaBytes' | 'serviceStopAt' | 'disabledAt'>>,
    ): Promise<boolean> {
      const rows = await db
        .update(companies)
        .set(v)
        .where(eq(companies.id, id))
        .returning({ id: companies.id });
      return rows.length > 0;
    },
  };
}
