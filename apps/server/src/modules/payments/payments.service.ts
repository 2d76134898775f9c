/**
 * Payment results — issue 16, spec 000 §7 (paySuccess). Turns what the providers say into paid or
 * closed orders:
 *
 * - Notifications (`handleNotify`): verified by the provider adapter (signature with the platform
 *   certificate / public key, WeChat's AES-256-GCM resource), then the app id and merchant id (seller
 *   id) must be ours and the amount (fen) equal to the order's; otherwise nothing changes and the
 *   notification is refused (`NotifyRejected`, answered as a failure).
 * - Idempotent: an order turns paid once (orders.repository `pay`); a repeated notification answers
 *   success and changes nothing.
 * - A notification for a closed order (late, after the 2 h close) changes nothing unless a query
 *   of the provider confirms the payment (then it is honoured: the money was received).
 * - Lost notifications are recovered by querying the provider: on the client's return
 *   (`GET Api.orderState?sync=1`) and by the periodic job (payments.job.ts, `reconcile`), which
 *   also closes orders unpaid for 2 h, at the provider first.
 * - Paying extends the buyer's (person) or company's service end by the order's months and sets
 *   its plan in one transaction, then pushes `paySuccess` to the buying user's tabs.
 */
import {
  Api,
  HubEvents,
  planById,
  type PaySuccessEventValue,
  type PayChannelValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import type { AppConfig } from '../../config.ts';
import { formatDateTime } from '../../lib/time.ts';
import { ordersRepository, type OrderRow } from '../orders/orders.repository.ts';
import { alipayProvider } from './alipay.provider.ts';
import { NotifyRejected, type PaymentProvider, type ProviderTrade } from './payment-provider.ts';
import { wechatPayProvider } from './wechatpay.provider.ts';

/** Adapters per provider configuration object (the SDK clients keep their state). */
const providers = new WeakMap<object, PaymentProvider>();

/** The adapter of a channel, or null when the channel is not configured. */
export function paymentProvider(config: AppConfig, channel: PayChannelValue): PaymentProvider | null {
  const cfg = channel === 'wechat' ? config.payments.wechat : config.payments.alipay;
  if (!cfg) return null;
  let p = providers.get(cfg);
  if (!p) {
    p =
      channel === 'wechat'
        ? wechatPayProvider(config.payments.wechat!)
        : alipayProvider(config.payments.alipay!);
    providers.set(cfg, p);
  }
  return p;
}

/** What a notification or query did to its order. */
export type PaymentOutcome = 'paid' | 'duplicate' | 'ignored';

/** Payments service bound to the app context. */
export function paymentsService(ctx: AppContext) {
  const orders = ordersRepository(ctx.db);
  const base = () => ctx.config.payments.notifyBaseUrl ?? ctx.config.publicUrl;

  /** Push paySuccess to the buyer's tabs. */
  function announce(o: OrderRow): void {
    if (!o.userId) return;
    const payload: PaySuccessEventValue = {
      orderNo: o.orderNo,
      type: o.companyId ? 'corp' : 'person',
      planId: o.planId,
      serviceStopTime: formatDateTime(o.serviceStopAfter),
    };
    ctx.hub.toUser(o.userId, HubEvents.paySuccess, payload);
  }

  /**
   * Apply a verified trade to its order (see module doc).
   * @throws NotifyRejected for an unknown order, another channel, app or merchant, or a wrong amount.
   */
  async function apply(
    provider: PaymentProvider,
    trade: ProviderTrade,
    source: 'notify' | 'query',
  ): Promise<PaymentOutcome> {
    const order = await orders.findByNo(trade.orderNo);
    if (!order || order.channel !== provider.channel) throw new NotifyRejected('unknown order');
    const { appId, mchId } = provider.expected;
    if ((source === 'notify' || trade.appId) && trade.appId !== appId)
      throw new NotifyRejected('wrong app id');
    if (mchId && (source === 'notify' || trade.mchId) && trade.mchId !== mchId)
      throw new NotifyRejected('wrong merchant id');
    if (trade.state !== 'paid') return 'ignored';
    if (trade.amountFen !== order.amountFen) {
      ctx.log.error(
        { orderNo: order.orderNo, expected: order.amountFen, got: trade.amountFen, source },
        'payment amount differs from the order: not applied',
      );
      throw new NotifyRejected('amount differs');
    }
    if (order.state === 'paid' || order.state === 'refunded') return 'duplicate';
    if (order.state === 'closed' && source === 'notify') {
      // Late: believe it only when the provider itself says the order is paid.
      const truth = await provider.query(order.orderNo).catch(() => null);
      if (!truth || truth.state !== 'paid' || truth.amountFen !== order.amountFen) {
        ctx.log.warn(
          { orderNo: order.orderNo },
          'payment notification for a closed order not confirmed: ignored',
        );
        return 'ignored';
      }
    }
    const plan = planById(order.planId);
    const paid = await orders.pay(order.orderNo, trade.tradeNo, plan?.id ?? order.planId);
    if (!paid) return 'duplicate';
    ctx.log.info({ orderNo: paid.orderNo, channel: paid.channel, amountFen: paid.amountFen }, 'order paid');
    announce(paid);
    return 'paid';
  }

  /** Ask the provider about an unpaid order and apply what it says; answers the order now. */
  async function sync(order: OrderRow): Promise<OrderRow> {
    if (order.state !== 'unpaid') return order;
    const provider = paymentProvider(ctx.config, order.channel as PayChannelValue);
    if (!provider) return order;
    const trade = await provider.query(order.orderNo);
    if (trade.state === 'paid') await apply(provider, trade, 'query');
    else if (trade.state === 'closed') await orders.close(order.id);
    return (await orders.findByNo(order.orderNo)) ?? order;
  }

  return {
    /** Notification URL of a channel. */
    notifyUrl: (channel: PayChannelValue) =>
      `${base()}${channel === 'wechat' ? Api.wxPayNotify : Api.aliPayNotify}`,
    /** Where Alipay page pay sends the browser back (000 §2 /aliPay). */
    returnUrl: (orderNo: string) => `${ctx.config.publicUrl}/aliPay?orderNo=${encodeURIComponent(orderNo)}`,

    /**
     * Handle a notification of `channel` (raw body, headers).
     * @throws NotifyRejected when it does not verify or does not match its order.
     */
    async handleNotify(
      channel: PayChannelValue,
      headers: Record<string, string | string[] | undefined>,
      rawBody: string,
    ): Promise<PaymentOutcome> {
      const provider = paymentProvider(ctx.config, channel);
      if (!provider) throw new NotifyRejected('channel not configured');
      const trade = await provider.parseNotify(headers, rawBody);
      return apply(provider, trade, 'notify');
    },

    sync,

    /**
     * The periodic pass (payments.job.ts): unpaid orders older than `minAgeMs` are queried (a lost
     * notification is applied); those past their 2 h are closed at the provider, then here.
     */
    async reconcile(now = new Date(), minAgeMs = 60_000): Promise<{ paid: number; closed: number }> {
      let paid = 0;
      let closed = 0;
      for (const o of await orders.unpaidBefore(new Date(now.getTime() - minAgeMs), 200)) {
        try {
          const after = await sync(o);
          if (after.state === 'paid') paid += 1;
          if (after.state !== 'unpaid' || o.expiresAt.getTime() > now.getTime()) {
            if (after.state === 'closed') closed += 1;
            continue;
          }
          await paymentProvider(ctx.config, o.channel as PayChannelValue)?.close(o.orderNo);
          if (await orders.close(o.id, now)) closed += 1;
        } catch (err) {
          ctx.log.warn({ orderNo: o.orderNo, err }, 'order not reconciled this time');
        }
      }
      return { paid, closed };
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
