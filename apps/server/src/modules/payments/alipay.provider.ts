/**
 * Alipay OpenAPI (RSA2, public-key mode) on the official SDK `alipay-sdk`: the QR code comes from
 * `alipay.trade.precreate` (OpenAPI v3 `curl`, whose answers the SDK verifies with the Alipay public
 * key), the page-pay address from `pageExecute('alipay.trade.page.pay', 'GET')` (signed by the SDK),
 * queries and closes through v3 `curl`, and asynchronous notifications (a signed form) are verified
 * with `checkNotifySignV2` (the form is already decoded). Endpoints are configurable (ALIPAY_ENDPOINT,
 * ALIPAY_GATEWAY), so tests run against a fake Alipay that signs as Alipay does.
 * Alipay amounts are yuan text ("198.00"); the adapter speaks fen.
 */
import { AlipaySdk } from 'alipay-sdk';
import type { AlipayConfig } from '../../config.ts';
import {
  fenToYuanText,
  NotifyRejected,
  yuanTextToFen,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderTrade,
} from './payment-provider.ts';

/** Alipay's trade_status as an order state. */
function stateOf(s: string | undefined): ProviderTrade['state'] {
  if (s === 'TRADE_SUCCESS' || s === 'TRADE_FINISHED') return 'paid';
  if (s === 'TRADE_CLOSED') return 'closed';
  return 'unpaid';
}

/** yyyy-MM-dd HH:mm:ss in China Standard Time (Alipay time_expire). */
function cstText(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The error code of a failed v3 call ('' when it is not an Alipay answer). */
const codeOf = (err: unknown) => (err as { code?: string } | null)?.code ?? '';

/** The Alipay adapter for an app configuration. */
export function alipayProvider(cfg: AlipayConfig): PaymentProvider {
  const sdk = new AlipaySdk({
    appId: cfg.appId,
    privateKey: cfg.privateKeyPem,
    keyType: cfg.privateKeyPem.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
    alipayPublicKey: cfg.alipayPublicKeyPem,
    endpoint: cfg.endpoint,
    gateway: cfg.gateway,
    timeout: 10_000,
  });

  return {
    channel: 'alipay',
    expected: { appId: cfg.appId, mchId: cfg.sellerId ?? '' },

    async create(o: ProviderOrder) {
      const total = fenToYuanText(o.amountFen);
      const timeExpire = cstText(o.expiresAt);
      const r = await sdk.curl<{ qr_code?: string }>('POST', '/v3/alipay/trade/precreate', {
        body: {
          out_trade_no: o.orderNo,
          total_amount: total,
          subject: o.description,
          notify_url: o.notifyUrl,
          time_expire: timeExpire,
        },
      });
      if (!r.data.qr_code) throw new Error('Alipay precreate answered no qr_code');
      const payUrl = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: o.orderNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: total,
          subject: o.description,
          time_expire: timeExpire,
        },
        notifyUrl: o.notifyUrl,
        returnUrl: o.returnUrl,
      });
      return { codeUrl: r.data.qr_code, payUrl };
    },

    async query(orderNo: string) {
      try {
        const r = await sdk.curl<{ trade_status?: string; trade_no?: string; total_amount?: string }>(
          'POST',
          '/v3/alipay/trade/query',
          { body: { out_trade_no: orderNo } },
        );
        return {
          orderNo,
          state: stateOf(r.data.trade_status),
          tradeNo: r.data.trade_no ?? '',
          amountFen: yuanTextToFen(r.data.total_amount),
          appId: '',
          mchId: '',
        };
      } catch (err) {
        // A precreated trade exists at Alipay only once the buyer scans it.
        if (codeOf(err) === 'ACQ.TRADE_NOT_EXIST')
          return { orderNo, state: 'unpaid', tradeNo: '', amountFen: null, appId: '', mchId: '' };
        throw err;
      }
    },

    async close(orderNo: string) {
      try {
        await sdk.curl('POST', '/v3/alipay/trade/close', { body: { out_trade_no: orderNo } });
      } catch (err) {
        if (codeOf(err) !== 'ACQ.TRADE_NOT_EXIST') throw err;
      }
    },

    async parseNotify(_headers, rawBody: string) {
      const params = Object.fromEntries(new URLSearchParams(rawBody));
      if (!params.sign || !sdk.checkNotifySignV2(params)) throw new NotifyRejected('bad signature');
      if (!params.out_trade_no) throw new NotifyRejected('no out_trade_no');
      return {
        orderNo: params.out_trade_no,
        state: stateOf(params.trade_status),
        tradeNo: params.trade_no ?? '',
        amountFen: yuanTextToFen(params.total_amount),
        appId: params.app_id ?? '',
        mchId: cfg.sellerId ? (params.seller_id ?? '') : '',
      };
    },
  };
}
