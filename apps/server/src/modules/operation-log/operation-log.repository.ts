/**
 * SQL of the operation log (schema `operation_log`; 001 §2 /operationLog). Entries are only
 * inserted — by the action itself, with the action's own transaction handle where it has one, so
 * an action that succeeds always has its entry and one that rolls back has none — and removed when
 * older than the retention (operation-log.job.ts). The actor's name, phone and company are copied
 * from `users` at write time in the same statement.
 */
import type { OperationLogQueryValue } from '@bimdrive/contracts';
import { and, desc, eq, gte, ilike, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operationLog } from '../../db/schema/operation-log.ts';
import { escapeLike } from '../files/file-filters.ts';
import { requestMeta } from './request-meta.ts';

/** A stored operation-log entry. */
export type OperationLogRowDb = typeof operationLog.$inferSelect;

/** One entry to write (see OPERATION_ACTIONS in contracts/admin.ts for the action codes). */
export interface OperationEntry {
  /** Stable code, e.g. `auth.login.ok`, `file.upload`, `admin.user.disable`. */
  action: string;
  /** The acting account; null when there is none (a sign-in with an unknown phone). */
  actorId: string | null;
  /** The phone typed by an actor without an account (failed sign-in); else the actor's own. */
  actorPhone?: string;
  /** The company the entry belongs to; undefined = the actor's company at write time. */
  companyId?: string | null;
  objectType?: string;
  objectId?: string;
  objectName?: string;
  /** A small JSON detail (sizes, codes, before/after values); never secrets. */
  detail?: Record<string, unknown> | null;
}

/** Longest object name kept. */
const NAME_MAX = 300;

/**
 * Write one entry through `db` — pass the action's transaction handle when it has one. The
 * client's address and user agent come from the request being served (request-meta.ts).
 */
export async function logOperation(db: Db, e: OperationEntry): Promise<void> {
  const meta = requestMeta();
  const actor = e.actorId;
  const fromActor = (column: 'name' | 'phone' | 'corp_id', fallback: SQL) =>
    actor
      ? sql`coalesce((select u.${sql.raw(column)} from users u where u.id = ${actor}::uuid), ${fallback})`
      : fallback;
  await db.insert(operationLog).values({
    actorId: actor,
    actorName: fromActor('name', sql`''`),
    actorPhone: e.actorPhone ?? fromActor('phone', sql`''`),
    companyId: e.companyId !== undefined ? e.companyId : fromActor('corp_id', sql`null`),
    ip: meta?.ip ?? '',
    userAgent: meta?.userAgent ?? '',
    action: e.action,
    objectType: e.objectType ?? '',
    objectId: e.objectId ?? '',
    objectName: (e.objectName ?? '').slice(0, NAME_MAX),
    detail: e.detail ?? null,
  });
}

/**
 * Run `action` in a transaction and write the entry `entryOf` makes of its result in the same
 * transaction (no entry when it answers null: nothing happened).
 */
export async function audited<T>(
  db: Db,
  action: (tx: Db) => Promise<T>,
  entryOf: (result: T) => OperationEntry | null,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await action(tx);
    const entry = entryOf(result);
    if (entry) await logOperation(tx, entry);
    return result;
  });
}

/** Repository of the operation log's reading side. */
export function operationLogRepository(db: Db) {
  /** The filters as SQL; `companyId` (the caller's scope) wins over the query's. */
  function where(q: OperationLogQueryValue, companyId: string | null): SQL | undefined {
    const conds: SQL[] = [];
    const company = companyId ?? q.companyId;
    if (company) conds.push(eq(operationLog.companyId, company));
    if (q.from) conds.push(gte(operationLog.at, q.from));
    if (q.to) conds.push(lte(operationLog.at, q.to));
    const user = q.user?.trim();
    if (user) {
      const pattern = `%${escapeLike(user)}%`;
      conds.push(or(ilike(operationLog.actorName, pattern), like(operationLog.actorPhone, pattern))!);
    }
    const action = q.action?.trim();
    if (action)
      conds.push(
        action.endsWith('.')
          ? like(operationLog.action, `${escapeLike(action)}%`)
          : eq(operationLog.action, action),
      );
    const object = q.object?.trim();
    if (object)
      conds.push(
        or(ilike(operationLog.objectName, `%${escapeLike(object)}%`), eq(operationLog.objectId, object))!,
      );
    return conds.length ? and(...conds) : undefined;
  }

  return {
    /** One page, newest first, with the total. `companyId` null = every company. */
    async page(q: OperationLogQueryValue, companyId: string | null) {
      const w = where(q, companyId);
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(operationLog)
          .where(w)
          .orderBy(desc(operationLog.at), desc(operationLog.id))
          .limit(q.rows)
          .offset((q.page - 1) * q.rows),
        db.$count(operationLog, w),
      ]);
      return { rows, count };
    },
    /** Every matching entry (the CSV export), newest first, at most `limit`. */
    async all(q: OperationLogQueryValue, companyId: string | null, limit: number) {
      return db
        .select()
        .from(operationLog)
        .where(where(q, companyId))
        .orderBy(desc(operationLog.at), desc(operationLog.id))
        .limit(limit);
    },
    /** Remove entries older than `before` (retention); answers how many went. */
    async purgeBefore(before: Date): Promise<number> {
      const r = await db.execute(
        sql`with gone as (delete from ${operationLog} where ${lt(operationLog.at, before)} returning 1)
            select count(*)::int as n from gone`,
      );
      return (r as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
    },
  };
}
