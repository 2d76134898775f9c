/**
 * Orders of the payment centre — spec 000 §2 (/payCenter?type=person|corp, /wxPay, /wxPayRedirect,
 * /aliPay), §9 (plan table), 001 §2 (/orderManagement); shapes in contracts/plans.ts.
 *
 * - `create`: the plan and period come from the plan table; the amount (fen) is computed here — the
 *   client never sends a price. A company plan is bought by an administrator of the caller's company
 *   only (403), and only when the company has no more members than the plan covers (400); "one
 *   purchase only" periods once per buyer (409); "over 500" is sold by the supplier (400 with the
 *   consult phone); an unconfigured channel is refused (400). The provider's order (WeChat Native
 *   code_url, Alipay precreate QR and page-pay URL) is created at once; when the provider fails the
 *   order is closed and 502 answered. Unpaid orders close after 2 h (payments.job.ts).
 * - `state`: the buyer's own order (or their company's, for its administrators); anyone else gets 404
 *   as for a missing one. `sync` asks the provider first (lost notification, return pages).
 * - `companyOrders`: one company's orders (000 §2 /corpDetail) for its administrators and system
 *   administrators (403 otherwise, companies/corp-detail.service.ts `requireCorpDetailAccess`).
 * - `adminList` / `adminExport`: system administrators only (403), filters by created time, state,
 *   channel and buyer (name, phone, company or order number); CSV in UTF-8 with a BOM (Excel).
 */
import { randomInt } from 'node:crypto';
import {
  ORDER_TTL_MS,
  ResultCode,
  planById,
  priceFen,
  type AdminOrderQueryValue,
  type CompanyOrdersValue,
  type CreateOrderBodyValue,
  type OrderViewValue,
  type PayChannelValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { csvField } from '../../lib/csv.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Caller } from '../auth/caller.ts';
import { requireCorpDetailAccess } from '../companies/corp-detail.service.ts';
import { paymentProvider, type PaymentsService } from '../payments/payments.service.ts';
import { plansRepository } from '../plans/plans.repository.ts';
import { PERSONAL_EDITION_MSG } from '../service-state/service-state.service.ts';
import { ordersRepository, type OrderRow } from './orders.repository.ts';

/** Message of administration calls made by others (403). */
export const NOT_SYSTEM_ADMIN_MSG = '仅系统管理员可以访问';
/** Largest CSV export. */
const EXPORT_LIMIT = 50_000;

/** A new merchant order number: BD + yyyyMMddHHmmss + 8 random digits (WeChat: 6–32 of [0-9A-Za-z_-|*]). */
export function newOrderNo(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return `BD${stamp}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
}

/** An order as its buyer sees it. */
export function presentOrder(o: OrderRow): OrderViewValue {
  return {
    orderNo: o.orderNo,
    type: o.companyId ? 'corp' : 'person',
    planId: o.planId,
    periodId: o.periodId,
    months: o.months,
    amountFen: o.amountFen,
    channel: o.channel as PayChannelValue,
    state: o.state as OrderViewValue['state'],
    description: o.description,
    codeUrl: o.state === 'unpaid' ? o.codeUrl : null,
    payUrl: o.state === 'unpaid' ? o.payUrl : null,
    createTime: formatDateTime(o.createdAt),
    expireTime: formatDateTime(o.expiresAt),
    payTime: formatDateTime(o.paidAt),
    serviceStopTime: formatDateTime(o.serviceStopAfter),
  };
}

const STATE_TEXT: Record<string, string> = {
  unpaid: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunded: '已退款',
};
const CHANNEL_TEXT: Record<string, string> = { wechat: '微信支付', alipay: '支付宝' };

/** Orders service bound to the app context. */
export function ordersService(ctx: AppContext, deps: { payments: PaymentsService }) {
  const repo = ordersRepository(ctx.db);
  const plans = plansRepository(ctx.db);
  const { payments } = deps;

  /** The caller's order, or 404 (also for someone else's). */
  async function requireOwn(caller: Caller, orderNo: string): Promise<OrderRow> {
    const o = await repo.findByNo(orderNo);
    const u = caller.user;
    const mine =
      o && (o.userId === u.id || (o.companyId !== null && u.isCorpAdmin && u.corpId === o.companyId));
    if (!o || !mine) throw notFound('订单不存在');
    return o;
  }

  /** @throws 403 unless the caller is a system administrator. */
  function requireAdmin(caller: Caller): void {
    if (!caller.user.isAdministrator) throw forbidden(NOT_SYSTEM_ADMIN_MSG);
  }

  return {
    /** Create an order and its provider order (see module doc). */
    async create(caller: Caller, body: CreateOrderBodyValue): Promise<OrderViewValue> {
      const u = caller.user;
      const plan = planById(body.planId);
      if (!plan || plan.buyer !== body.type) throw badRequest('套餐不存在');
      if (plan.contactSupplier)
        throw badRequest(
          `该套餐请联系供应商购买${ctx.config.consultPhone ? `：${ctx.config.consultPhone}` : ''}`,
        );
      const period = plan.periods.find((p) => p.id === body.periodId);
      if (!period) throw badRequest('该套餐没有此购买周期');
      let companyId: string | null = null;
      if (body.type === 'corp') {
        if (ctx.config.systemIsPersonal) throw forbidden(PERSONAL_EDITION_MSG);
        if (!u.corpId) throw forbidden('您还没有加入企业');
        if (!u.isCorpAdmin) throw forbidden('只有企业管理员可以为企业购买套餐');
        companyId = u.corpId;
        const members = await plans.countMembers(companyId);
        if (plan.maxPersons !== null && members > plan.maxPersons)
          throw badRequest(
            `企业现有 ${members} 人，超过该套餐的 ${plan.maxPersons} 人上限，请选择更高规格的套餐`,
          );
      }
      if (
        period.oncePerBuyer &&
        (await repo.paidOnce(companyId ? { companyId } : { userId: u.id }, plan.id, period.id))
      )
        throw conflict('该套餐周期仅限购买一次');
      const provider = paymentProvider(ctx.config, body.channel);
      if (!provider) throw badRequest(body.channel === 'wechat' ? '微信支付暂未开通' : '支付宝支付暂未开通');

      const now = new Date();
      const amountFen = priceFen(period);
      const label = period.months >= 12 ? `${period.months / 12}年` : `${period.months}个月`;
      const description =
        body.type === 'person'
          ? `${ctx.config.productName} 个人分享套餐 ${label}`
          : `${ctx.config.productName} 企业分享套餐(${plan.persons}人) ${label}`;
      const order = await repo.insert({
        orderNo: newOrderNo(now),
        userId: u.id,
        companyId,
        planId: plan.id,
        periodId: period.id,
        months: period.months,
        amountFen,
        channel: body.channel,
        description,
        expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
      });
      try {
        const codes = await provider.create({
          orderNo: order.orderNo,
          amountFen,
          description,
          expiresAt: order.expiresAt,
          notifyUrl: payments.notifyUrl(body.channel),
          returnUrl: payments.returnUrl(order.orderNo),
        });
        await repo.setPayCodes(order.id, codes);
        return presentOrder({ ...order, ...codes });
      } catch (err) {
        ctx.log.error(
          { err, orderNo: order.orderNo, channel: body.channel },
          'payment provider order failed',
        );
        await repo.close(order.id);
        throw new AppError(502, '支付通道暂时不可用，请稍后重试', ResultCode.fail);
      }
    },

    /** The caller's order; with `sync` the provider is asked first while it is unpaid. @throws 404. */
    async state(caller: Caller, orderNo: string, sync: boolean): Promise<OrderViewValue> {
      let o = await requireOwn(caller, orderNo);
      if (sync && o.state === 'unpaid') {
        o = await payments.sync(o).catch((err: unknown) => {
          ctx.log.warn({ err, orderNo }, 'order query at the provider failed');
          return o;
        });
      }
      return presentOrder(o);
    },

    /** The caller's orders and, for a company administrator, the company's. */
    async mine(caller: Caller): Promise<OrderViewValue[]> {
      const u = caller.user;
      const rows = await repo.listFor(u.id, u.isCorpAdmin ? u.corpId : null);
      return rows.map(presentOrder);
    },

    /**
     * One company's orders with their buyers, newest first (000 §2 /corpDetail), for the company's
     * administrators and system administrators. @throws 403.
     */
    async companyOrders(caller: Caller, corpId: string): Promise<CompanyOrdersValue> {
      const id = requireCorpDetailAccess(ctx, caller, corpId);
      const rows = await repo.listForCompany(id);
      return rows.map((r) => ({
        ...presentOrder(r.order),
        buyerName: r.buyerName,
        buyerPhone: r.buyerPhone,
      }));
    },

    /** /orderManagement: one filtered page (system administrators). @throws 403. */
    async adminList(caller: Caller, q: AdminOrderQueryValue) {
      requireAdmin(caller);
      const { rows, count } = await repo.adminPage(q);
      return {
        count,
        list: rows.map((r) => ({
          ...presentOrder(r.order),
          buyerName: r.buyerName,
          buyerPhone: r.buyerPhone,
          companyName: r.companyName,
          providerTradeNo: r.order.providerTradeNo,
          closeTime: formatDateTime(r.order.closedAt),
        })),
      };
    },

    /** /orderManagement export: the filtered orders as CSV text (system administrators). @throws 403. */
    async adminExport(caller: Caller, q: AdminOrderQueryValue): Promise<string> {
      requireAdmin(caller);
      const rows = await repo.adminAll(q, EXPORT_LIMIT);
      const head = [
        '订单号',
        '下单时间',
        '购买人',
        '手机号',
        '企业',
        '套餐',
        '周期(月)',
        '金额(元)',
        '支付方式',
        '状态',
        '支付时间',
        '关闭时间',
        '支付流水号',
        '服务到期',
      ];
      const lines = rows.map(({ order: o, buyerName, buyerPhone, companyName }) =>
        [
          o.orderNo,
          formatDateTime(o.createdAt),
          buyerName,
          buyerPhone,
          companyName,
          o.planId,
          o.months,
          (o.amountFen / 100).toFixed(2),
          CHANNEL_TEXT[o.channel] ?? o.channel,
          STATE_TEXT[o.state] ?? o.state,
          formatDateTime(o.paidAt),
          formatDateTime(o.closedAt),
          o.providerTradeNo,
          formatDateTime(o.serviceStopAfter),
        ]
          .map(csvField)
          .join(','),
      );
      return `\uFEFF${[head.join(','), ...lines].join('\r\n')}\r\n`;
    },
  };
}
export type OrdersService = ReturnType<typeof ordersService>;
