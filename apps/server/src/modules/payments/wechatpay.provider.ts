/**
 * WeChat Pay API v3, Native pay (a `code_url` shown as a QR code), on the official-docs SDK
 * `wechatpay-node-v3`: it signs every request (WECHATPAY2-SHA256-RSA2048 with the merchant key and
 * certificate serial), builds the Native/query/close calls and verifies signatures with the platform
 * certificates it downloads from `/v3/certificates`.
 *
 * What this adapter adds around the SDK:
 * - its HTTP layer (`createHttp`) sends to WECHATPAY_BASE_URL (the fake server in tests) and
 *   verifies the signature of every answer (Wechatpay-Timestamp/Nonce/Signature/Serial, timestamp
 *   within 5 minutes) before the SDK sees it; the platform-certificate download is authenticated by
 *   decrypting each certificate with the APIv3 key under AES-256-GCM *with* its tag checked (the
 *   SDK's own `decipher_gcm` never checks the tag), and rejected otherwise;
 * - notifications: signature as above, then the `resource` decrypted with AES-256-GCM (tag checked);
 * - the WeChat Pay public-key mode (PUB_KEY_ID_…, merchants since 2024): a serial equal to the
 *   configured key id verifies with that key.
 * Amounts are fen (WeChat's `amount.total`).
 */
import { createDecipheriv, createVerify, X509Certificate } from 'node:crypto';
import Pay from 'wechatpay-node-v3';
import type { WechatPayConfig } from '../../config.ts';
import {
  NotifyRejected,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderTrade,
} from './payment-provider.ts';

/** The host the SDK writes into its URLs. */
const SDK_BASE = 'https://api.mch.weixin.qq.com';
/** Answers and notifications older or newer than this are refused (replay window). */
const MAX_SKEW_SECONDS = 300;

type Headers = Record<string, string | string[] | undefined>;
const header = (h: Headers, name: string): string => {
  const v = h[name] ?? h[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/**
 * Decrypt an AEAD_AES_256_GCM text of WeChat Pay v3 (notification resource, platform certificate):
 * base64 ciphertext with the 16-byte tag at its end. @throws when the tag does not verify.
 */
export function decryptAesGcm(apiV3Key: string, nonce: string, associatedData: string, ciphertext: string) {
  const buf = Buffer.from(ciphertext, 'base64');
  if (buf.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  decipher.setAuthTag(buf.subarray(buf.length - 16));
  decipher.setAAD(Buffer.from(associatedData));
  return Buffer.concat([decipher.update(buf.subarray(0, buf.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/** RFC 3339 time in China Standard Time, as WeChat wants `time_expire`. */
function rfc3339Cst(d: Date): string {
  return `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** WeChat's trade_state as an order state. */
function stateOf(tradeState: string): ProviderTrade['state'] {
  if (tradeState === 'SUCCESS') return 'paid';
  if (tradeState === 'REFUND') return 'refunded';
  if (tradeState === 'CLOSED' || tradeState === 'REVOKED' || tradeState === 'PAYERROR') return 'closed';
  return 'unpaid';
}

interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number };
}

const tradeOf = (t: Transaction, orderNo: string): ProviderTrade => ({
  orderNo: t.out_trade_no ?? orderNo,
  state: stateOf(t.trade_state ?? ''),
  tradeNo: t.transaction_id ?? '',
  amountFen: typeof t.amount?.total === 'number' ? t.amount.total : null,
  appId: t.appid ?? '',
  mchId: t.mchid ?? '',
});

/** The WeChat Pay adapter for a merchant configuration. */
export function wechatPayProvider(cfg: WechatPayConfig): PaymentProvider {
  const pay = new Pay({
    appid: cfg.appId,
    mchid: cfg.mchId,
    // The certificate serial in WeChat's upper-case hex (the SDK's own reading is lower case).
    serial_no: new X509Certificate(cfg.mchCertPem).serialNumber.toUpperCase(),
    publicKey: Buffer.from(cfg.mchCertPem),
    privateKey: Buffer.from(cfg.mchPrivateKeyPem),
    key: cfg.apiV3Key,
  });

  /** Verify a signed answer or notification. @throws NotifyRejected. */
  async function verify(h: Headers, body: string): Promise<void> {
    const timestamp = header(h, 'wechatpay-timestamp');
    const nonce = header(h, 'wechatpay-nonce');
    const signature = header(h, 'wechatpay-signature');
    const serial = header(h, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) throw new NotifyRejected('unsigned');
    if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS)
      throw new NotifyRejected('timestamp out of window');
    let ok: boolean;
    if (cfg.platformPublicKey && serial === cfg.platformPublicKey.id) {
      ok = createVerify('RSA-SHA256')
        .update(`${timestamp}\n${nonce}\n${body}\n`)
        .verify(cfg.platformPublicKey.pem, signature, 'base64');
    } else {
      ok = await pay
        .verifySign({ timestamp, nonce, body, serial, signature, apiSecret: cfg.apiV3Key })
        .catch(() => false);
    }
    if (!ok) throw new NotifyRejected('bad signature');
  }

  /** The SDK's HTTP layer: the configured base URL, every answer verified before the SDK reads it. */
  async function send(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: string) {
    const target = url.startsWith(SDK_BASE) ? cfg.baseUrl + url.slice(SDK_BASE.length) : url;
    const res = await fetch(target, {
      method,
      headers: { ...headers, 'accept-encoding': 'identity' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    const path = new URL(target).pathname;
    if (path.endsWith('/v3/certificates')) {
      // Authenticated by the APIv3 key: every certificate must decrypt with its GCM tag intact.
      const data = (
        JSON.parse(text || '{}') as { data?: Array<{ encrypt_certificate: Record<string, string> }> }
      ).data;
      for (const c of data ?? []) {
        const e = c.encrypt_certificate;
        decryptAesGcm(cfg.apiV3Key, e.nonce ?? '', e.associated_data ?? '', e.ciphertext ?? '');
      }
    } else if (res.status < 500) {
      const h: Headers = {};
      res.headers.forEach((v, k) => (h[k] = v));
      try {
        await verify(h, text);
      } catch (err) {
        throw new Error(`WeChat Pay answer not verified (${(err as Error).message})`, { cause: err });
      }
    }
    const data = text ? (JSON.parse(text) as unknown) : {};
    return res.status >= 300 ? { status: res.status, data, error: text } : { status: res.status, data };
  }
  pay.createHttp({
    post: (url, params, headers) => send('POST', url, headers, JSON.stringify(params)),
    get: (url, headers) => send('GET', url, headers),
    upload: () => Promise.reject(new Error('not used')),
  } as Parameters<typeof pay.createHttp>[0]);

  return {
    channel: 'wechat',
    expected: { appId: cfg.appId, mchId: cfg.mchId },

    async create(o: ProviderOrder) {
      const r = await pay.transactions_native({
        description: o.description,
        out_trade_no: o.orderNo,
        time_expire: rfc3339Cst(o.expiresAt),
        notify_url: o.notifyUrl,
        amount: { total: o.amountFen, currency: 'CNY' },
      });
      const codeUrl = (r.data as { code_url?: string } | undefined)?.code_url;
      if (r.status !== 200 || !codeUrl)
        throw new Error(`WeChat Pay Native order failed: ${r.status} ${r.error ?? ''}`);
      return { codeUrl, payUrl: null };
    },

    async query(orderNo: string) {
      const r = await pay.query({ out_trade_no: orderNo });
      if (r.status === 404)
        return { orderNo, state: 'unpaid', tradeNo: '', amountFen: null, appId: '', mchId: '' };
      if (r.status !== 200) throw new Error(`WeChat Pay query failed: ${r.status} ${r.error ?? ''}`);
      return tradeOf(r.data as Transaction, orderNo);
    },

    async close(orderNo: string) {
      const r = await pay.close(orderNo);
      if (r.status !== 204 && r.status !== 200 && r.status !== 404)
        throw new Error(`WeChat Pay close failed: ${r.status} ${r.error ?? ''}`);
    },

    async parseNotify(headers: Headers, rawBody: string) {
      await verify(headers, rawBody);
      let body: { event_type?: string; resource?: Record<string, string> };
      try {
        body = JSON.parse(rawBody) as typeof body;
      } catch {
        throw new NotifyRejected('not JSON');
      }
      const r = body.resource;
      if (!r || r.algorithm !== 'AEAD_AES_256_GCM') throw new NotifyRejected('no encrypted resource');
      let plain: string;
      try {
        plain = decryptAesGcm(cfg.apiV3Key, r.nonce ?? '', r.associated_data ?? '', r.ciphertext ?? '');
      } catch {
        throw new NotifyRejected('resource does not decrypt');
      }
      const t = JSON.parse(plain) as Transaction;
      if (!t.out_trade_no) throw new NotifyRejected('no out_trade_no');
      return tradeOf(t, t.out_trade_no);
    },
  };
}
