/**
 * What the order flow needs of a payment provider (WeChat Pay API v3 Native, Alipay OpenAPI):
 * create a payable order, query it, close it, and turn a notification into a verified trade.
 * Amounts are fen. Adapters: wechatpay.provider.ts (`wechatpay-node-v3`), alipay.provider.ts
 * (`alipay-sdk`); both verify the provider's signature on every answer and notification.
 */
import type { PayChannelValue } from '@bimdrive/contracts';

/** A trade as the provider reports it, after its signature was verified. */
export interface ProviderTrade {
  orderNo: string;
  /** paid: money received; unpaid: waiting (or unknown to the provider yet); closed: closed/revoked. */
  state: 'paid' | 'unpaid' | 'closed' | 'refunded';
  /** The provider's transaction id (WeChat transaction_id, Alipay trade_no); '' when none yet. */
  tradeNo: string;
  /** Amount the trade is for, in fen (null when the provider did not say). */
  amountFen: number | null;
  /** The app id and merchant id / seller id the provider says the trade belongs to ('' when absent). */
  appId: string;
  mchId: string;
}

/** Payment order sent to a provider. */
export interface ProviderOrder {
  orderNo: string;
  amountFen: number;
  description: string;
  expiresAt: Date;
  notifyUrl: string;
  /** Where the browser comes back after Alipay page pay (/aliPay?orderNo=…). */
  returnUrl: string;
}

/** A notification that failed verification: answered with a failure so nothing changes. */
export class NotifyRejected extends Error {}

export interface PaymentProvider {
  readonly channel: PayChannelValue;
  /** The app id and merchant id a verified trade must carry (mchId '' when the provider has none to check). */
  readonly expected: { appId: string; mchId: string };
  /** Create the provider's order: the QR code content (and Alipay's page-pay address). */
  create(o: ProviderOrder): Promise<{ codeUrl: string | null; payUrl: string | null }>;
  /** The provider's view of an order (unpaid when the provider does not know it yet). */
  query(orderNo: string): Promise<ProviderTrade>;
  /** Close an unpaid order at the provider (no error when it is already closed or unknown). */
  close(orderNo: string): Promise<void>;
  /**
   * Verify a notification (signature, and for WeChat the AES-256-GCM resource) and read its trade.
   * @throws NotifyRejected when it does not verify.
   */
  parseNotify(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<ProviderTrade>;
}

/** Yuan text with two decimals (Alipay amounts) from fen. */
export function fenToYuanText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Fen from a yuan text ("198.00"); null when it is not a money amount. */
export function yuanTextToFen(text: string | undefined | null): number | null {
  if (!text || !/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [y, f = ''] = text.split('.');
  return Number(y) * 100 + Number(f.padEnd(2, '0'));
}
