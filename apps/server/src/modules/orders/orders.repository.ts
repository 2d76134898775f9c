/**
 * SQL of orders (modules/orders; schema `orders`). Paying an order is one transaction: the order
 * turns paid only if it was not paid before (so a repeated notification changes nothing twice), and
 * the buyer's service end moves on by the order's months from the later of now and the current
 * end, with the plan set, in the same transaction.
 */
import type { AdminOrderQueryValue } from '@bimdrive/contracts';
import { and, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema/accounts.ts';
import { orders } from '../../db/schema/orders.ts';
import { escapeLike } from '../files/file-filters.ts';
import { logOperation } from '../operation-log/operation-log.repository.ts';

export type OrderRow = typeof orders.$inferSelect;

/** Repository of orders. */
export function ordersRepository(db: Db) {
  /** The admin filters (001 §2 /orderManagement) as SQL. */
  function adminWhere(q: AdminOrderQueryValue): SQL | undefined {
    const conds: SQL[] = [];
    if (q.from) conds.push(gte(orders.createdAt, q.from));
    if (q.to) conds.push(lte(orders.createdAt, q.to));
    if (q.state) conds.push(eq(orders.state, q.state));
    if (q.channel) conds.push(eq(orders.channel, q.channel));
    const b = q.buyer?.trim();
    if (b) {
      const like = `%${escapeLike(b)}%`;
      conds.push(
        or(
          ilike(users.name, like),
          ilike(users.phone, like),
          ilike(companies.name, like),
          eq(orders.orderNo, b),
        )!,
      );
    }
    return conds.length ? and(...conds) : undefined;
  }
  const adminSelect = () =>
    db
      .select({
        order: orders,
        buyerName: sql<string>`coalesce(${users.name}, '')`,
        buyerPhone: sql<string>`coalesce(${users.phone}, '')`,
        companyName: sql<string>`coalesce(${companies.name}, '')`,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(companies, eq(companies.id, orders.companyId));

  return {
    async insert(o: typeof orders.$inferInsert): Promise<OrderRow> {
      return (await db.insert(orders).values(o).returning())[0]!;
    },
    async setPayCodes(id: string, codes: { codeUrl: string | null; payUrl: string | null }) {
      await db.update(orders).set(codes).where(eq(orders.id, id));
    },
    async findByNo(orderNo: string): Promise<OrderRow | undefined> {
      return (await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1))[0];
    },
    /** A user's own orders, and their company's when given, newest first. */
    async listFor(userId: string, companyId: string | null, limit = 100): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(
          companyId
            ? or(eq(orders.userId, userId), eq(orders.companyId, companyId))
            : eq(orders.userId, userId),
        )
        .orderBy(desc(orders.createdAt))
        .limit(limit);
    },
    /** One company's orders with their buyers, newest first (000 §2 /corpDetail 套餐与订单). */
    async listForCompany(companyId: string, limit = 200) {
      return db
        .select({
          order: orders,
          buyerName: sql<string>`coalesce(${users.name}, '')`,
          buyerPhone: sql<string>`coalesce(${users.phone}, '')`,
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.companyId, companyId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
    },
    /** Whether the buyer (a company, or a person's personal orders) has paid for this plan period. */
    async paidOnce(buyer: { companyId: string } | { userId: string }, planId: string, periodId: string) {
      const who =
        'companyId' in buyer
          ? eq(orders.companyId, buyer.companyId)
          : and(eq(orders.userId, buyer.userId), isNull(orders.companyId));
      const n = await db.$count(
        orders,
        and(
          who,
          eq(orders.planId, planId),
          eq(orders.periodId, periodId),
          inArray(orders.state, ['paid', 'refunded']),
        ),
      );
      return n > 0;
    },
    /** Unpaid orders created before `before` (the reconcile job), oldest first. */
    async unpaidBefore(before: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.state, 'unpaid'), lt(orders.createdAt, before)))
        .orderBy(orders.createdAt)
        .limit(limit);
    },
    /** Close an order that is still unpaid; answers whether it was. */
    async close(id: string, at = new Date()): Promise<boolean> {
      const r = await db
        .update(orders)
        .set({ state: 'closed', closedAt: at, codeUrl: null, payUrl: null })
        .where(and(eq(orders.id, id), eq(orders.state, 'unpaid')))
        .returning({ id: orders.id });
      return r.length > 0;
    },
    /**
     * Pay an order and extend its buyer, in one transaction. Only an unpaid or closed order turns
     * paid; a paid (or refunded) one is left as it is and null is answered.
     */
    async pay(orderNo: string, providerTradeNo: string, planId: string): Promise<OrderRow | null> {
      return db.transaction(async (tx) => {
        const [o] = await tx
          .update(orders)
          .set({ state: 'paid', paidAt: new Date(), providerTradeNo, codeUrl: null, payUrl: null })
          .where(and(eq(orders.orderNo, orderNo), inArray(orders.state, ['unpaid', 'closed'])))
          .returning();
        if (!o) return null;
        const months = sql`make_interval(months => ${o.months}::int)`;
        let before: Date | null = null;
        let after: Date | null = null;
        if (o.companyId) {
          const [c] = await tx
            .select({ at: companies.serviceStopAt })
            .from(companies)
            .where(eq(companies.id, o.companyId))
            .for('update');
          before = c?.at ?? null;
          const [u] = await tx
            .update(companies)
            .set({
              planId,
              serviceStopAt: sql`greatest(coalesce(${companies.serviceStopAt}, now()), now()) + ${months}`,
            })
            .where(eq(companies.id, o.companyId))
            .returning({ at: companies.serviceStopAt });
          after = u?.at ?? null;
        } else if (o.userId) {
          const [c] = await tx
            .select({ at: users.serviceStopAt })
            .from(users)
            .where(eq(users.id, o.userId))
            .for('update');
          before = c?.at ?? null;
          const [u] = await tx
            .update(users)
            .set({
              planId,
              serviceStopAt: sql`greatest(coalesce(${users.serviceStopAt}, now()), now()) + ${months}`,
            })
            .where(eq(users.id, o.userId))
            .returning({ at: users.serviceStopAt });
          after = u?.at ?? null;
        }
        const [done] = await tx
          .update(orders)
          .set({ serviceStopBefore: before, serviceStopAfter: after })
          .where(eq(orders.id, o.id))
          .returning();
        await logOperation(tx, {
          action: 'order.paid',
          actorId: o.userId,
          ...(o.companyId ? { companyId: o.companyId } : {}),
          objectType: 'order',
          objectId: o.orderNo,
          objectName: o.description,
          detail: {
            amountFen: o.amountFen,
            channel: o.channel,
            planId,
            providerTradeNo,
            serviceStopAfter: after?.toISOString() ?? null,
          },
        });
        return done ?? o;
      });
    },
    /** One page of orders for the administrators, newest first, with the total. */
    async adminPage(q: AdminOrderQueryValue) {
      const where = adminWhere(q);
      const rows = await adminSelect()
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(q.rows)
        .offset((q.page - 1) * q.rows);
      const [c] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .leftJoin(companies, eq(companies.id, orders.companyId))
        .where(where);
      return { rows, count: c?.n ?? 0 };
    },
    /** Every order matching the filters (the CSV export), newest first, at most `limit`. */
    async adminAll(q: AdminOrderQueryValue, limit: number) {
      return adminSelect().where(adminWhere(q)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit);
    },
  };
}
