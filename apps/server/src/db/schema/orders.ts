/**
 * Orders of the payment centre (spec 000 §2 /payCenter, §9 plans).
 * Drizzle, PostgreSQL dialect (PGlite and PostgreSQL alike); sizes are bytes, times timestamptz.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, setNullRef } from './columns.ts';
import { companies, users } from './accounts.ts';

/**
 * Orders of the payment centre (000 §2 /payCenter, /wxPay, /aliPay; §9 plans; modules/orders). One
 * row per purchase attempt. `orderNo` is the merchant's trade number sent to the provider
 * (out_trade_no). `amountFen` is computed on the server from the plan table (fen, 1 yuan = 100 fen).
 * `state`: unpaid → paid (verified notify or query) | closed (2 h unpaid, or closed at the provider);
 * paid → refunded (by hand). `channel`: wechat | alipay. The buyer is `userId` (who placed it) and,
 * for a company plan, `companyId` (whose service it extends). `codeUrl` is the QR content (WeChat
 * Native code_url, Alipay precreate qr_code), `payUrl` Alipay's page-pay address.
 */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    orderNo: text('order_no').notNull().unique(),
    userId: setNullRef('user_id', () => users.id),
    companyId: setNullRef('company_id', () => companies.id),
    planId: text('plan_id').notNull(),
    periodId: text('period_id').notNull(),
    months: integer('months').notNull(),
    amountFen: integer('amount_fen').notNull(),
    channel: text('channel').notNull(),
    state: text('state').notNull().default('unpaid'),
    description: text('description').notNull().default(''),
    codeUrl: text('code_url'),
    payUrl: text('pay_url'),
    /** The provider's transaction id (WeChat transaction_id, Alipay trade_no), once paid. */
    providerTradeNo: text('provider_trade_no'),
    /** Service end of the buyer before and after this order was applied (audit). */
    serviceStopBefore: timestamp('service_stop_before', { withTimezone: true }),
    serviceStopAfter: timestamp('service_stop_after', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_company_idx').on(t.companyId, t.createdAt),
    index('orders_state_idx').on(t.state, t.expiresAt),
    index('orders_created_idx').on(t.createdAt),
  ],
);
