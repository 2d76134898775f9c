/**
 * A fake WeChat Pay API v3 merchant endpoint for tests, started by the test on a random port.
 * It checks every request's WECHATPAY2-SHA256-RSA2048 Authorization against the merchant
 * certificate, answers the calls the adapter makes (GET /v3/certificates with AES-256-GCM encrypted
 * platform certificates, POST /v3/pay/transactions/native, GET …/out-trade-no/{no}, POST …/close)
 * and signs every answer with the platform key as WeChat Pay does (Wechatpay-Timestamp, -Nonce,
 * -Serial, -Signature over `timestamp\nnonce\nbody\n`). `pay` plays the buyer scanning the code and
 * paying; `notify` sends the signed, encrypted TRANSACTION.SUCCESS notification to the order's
 * notify_url, with optional faults (forged signature, other amount, app id or merchant id) for tests.
 * Keys and certificates are generated here (test-certs.ts). `publicKeyMode` signs with a WeChat Pay
 * public key id (PUB_KEY_ID_…) instead of a platform certificate.
 */
import { createCipheriv, createSign, createVerify, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { WechatPayConfig } from '../config.ts';
import { rsaKeyPair, selfSignedCert } from './test-certs.ts';
import { listenFake, postNotify, type SentNotify } from './fake-http.ts';

interface FakeOrder {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  notify_url: string;
  total: number;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transaction_id: string;
  success_time: string;
}

/** Faults a notification can carry. */
export interface NotifyFaults {
  /** Sign with a key that is not the platform's. */
  forge?: boolean;
  amount?: number;
  appid?: string;
  mchid?: string;
  /** Signed timestamp (seconds); default now. */
  timestamp?: number;
}

const alnum = (n: number) =>
  Array.from(
    randomBytes(n),
    (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[b % 62],
  ).join('');

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Start a fake WeChat Pay. */
export async function startFakeWechatPay(opts: { publicKeyMode?: boolean } = {}) {
  const merchant = rsaKeyPair();
  const merchantCert = selfSignedCert(merchant, 'fake merchant');
  const platform = rsaKeyPair();
  const platformCert = selfSignedCert(platform, 'fake wechatpay platform');
  const platformSerial = opts.publicKeyMode ? `PUB_KEY_ID_0111${alnum(24)}` : platformCert.serial;
  const apiV3Key = alnum(32);
  const appId = 'wx' + alnum(16).toLowerCase();
  const mchId = String(1_600_000_000 + Math.floor(Math.random() * 1e8));
  const orders = new Map<string, FakeOrder>();
  /** Requests seen: method and path (tests assert what the adapter called). */
  const requests: Array<{ method: string; path: string; authorized: boolean }> = [];

  const signWith = (key: typeof platform.privateKey, ts: string, nonce: string, body: string) =>
    createSign('RSA-SHA256').update(`${ts}\n${nonce}\n${body}\n`).sign(key, 'base64');

  const encrypt = (plain: string, associatedData: string) => {
    const nonce = alnum(12);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(associatedData));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return {
      algorithm: 'AEAD_AES_256_GCM',
      nonce,
      associated_data: associatedData,
      ciphertext: ct.toString('base64'),
    };
  };

  /** Whether the merchant signed this request (WeChat Pay v3 request signature). */
  function authorized(req: IncomingMessage, pathWithQuery: string, body: string): boolean {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(req.headers.authorization ?? '');
    if (!m) return false;
    const f = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (f.mchid !== mchId || f.serial_no !== merchantCert.serial) return false;
    const msg = `${req.method}\n${pathWithQuery}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`;
    return createVerify('RSA-SHA256')
      .update(msg)
      .verify(merchant.publicKey, f.signature ?? '', 'base64');
  }

  const transaction = (o: FakeOrder, faults: NotifyFaults = {}) => ({
    appid: faults.appid ?? o.appid,
    mchid: faults.mchid ?? o.mchid,
    out_trade_no: o.out_trade_no,
    transaction_id: o.transaction_id,
    trade_type: 'NATIVE',
    trade_state: o.trade_state,
    trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭' }[o.trade_state],
    bank_type: 'OTHERS',
    attach: '',
    success_time: o.success_time,
    payer: { openid: 'o' + alnum(27) },
    amount: {
      total: faults.amount ?? o.total,
      payer_total: faults.amount ?? o.total,
      currency: 'CNY',
      payer_currency: 'CNY',
    },
  });

  const { url, close } = await listenFake(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const pathWithQuery = `${url.pathname}${url.search}`;
    const ok = authorized(req, pathWithQuery, body);
    requests.push({ method: req.method ?? '', path: url.pathname, authorized: ok });
    const reply = (status: number, payload?: unknown) => {
      const text = payload === undefined ? '' : JSON.stringify(payload);
      const ts = String(Math.floor(Date.now() / 1000));
      const nonce = alnum(32);
      res.writeHead(status, {
        ...(text ? { 'content-type': 'application/json' } : {}),
        'request-id': randomUUID(),
        'wechatpay-timestamp': ts,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': platformSerial,
        'wechatpay-signature': signWith(platform.privateKey, ts, nonce, text),
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      });
      res.end(text);
    };
    if (!ok) return reply(401, { code: 'SIGN_ERROR', message: '签名错误' });
    if (req.method === 'GET' && url.pathname === '/v3/certificates') {
      const data = opts.publicKeyMode
        ? []
        : [
            {
              serial_no: platformCert.serial,
              effective_time: new Date(Date.now() - 86_400_000).toISOString(),
              expire_time: new Date(Date.now() + 365 * 86_400_000).toISOString(),
              encrypt_certificate: encrypt(platformCert.pem, 'certificate'),
            },
          ];
      return reply(200, { data });
    }
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      const b = JSON.parse(body) as {
        appid: string;
        mchid: string;
        out_trade_no: string;
        description: string;
        notify_url: string;
        amount: { total: number };
      };
      if (b.appid !== appId || b.mchid !== mchId)
        return reply(400, { code: 'PARAM_ERROR', message: 'appid和mch_id不匹配' });
      if (!Number.isInteger(b.amount?.total) || b.amount.total <= 0)
        return reply(400, { code: 'PARAM_ERROR', message: '金额错误' });
      if (!orders.has(b.out_trade_no))
        orders.set(b.out_trade_no, {
          appid: b.appid,
          mchid: b.mchid,
          out_trade_no: b.out_trade_no,
          description: b.description,
          notify_url: b.notify_url,
          total: b.amount.total,
          trade_state: 'NOTPAY',
          transaction_id: '',
          success_time: '',
        });
      return reply(200, { code_url: `weixin://wxpay/bizpayurl?pr=${alnum(7)}` });
    }
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (q) {
      const o = orders.get(decodeURIComponent(q[1]!));
      if (!o) return reply(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (q[2] && req.method === 'POST') {
        if (o.trade_state === 'SUCCESS') return reply(400, { code: 'ORDERPAID', message: '订单已支付' });
        o.trade_state = 'CLOSED';
        return reply(204);
      }
      if (req.method === 'GET') return reply(200, transaction(o));
    }
    return reply(404, { code: 'NOT_FOUND', message: '无此接口' });
  });

  /** Post a notification as WeChat Pay does; answers WeChat's view of the merchant's answer. */
  async function notify(orderNo: string, faults: NotifyFaults = {}): Promise<SentNotify> {
    const o = orders.get(orderNo);
    if (!o) throw new Error(`fake wechat pay: no order ${orderNo}`);
    const now = new Date();
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: now.toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        ...encrypt(
          JSON.stringify(
            transaction(
              {
                ...o,
                trade_state: 'SUCCESS',
                transaction_id: o.transaction_id || '4200' + alnum(24).replace(/\D/g, '7'),
                success_time: o.success_time || now.toISOString(),
              },
              faults,
            ),
          ),
          'transaction',
        ),
      },
    });
    const ts = String(faults.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = alnum(32);
    const key = faults.forge ? rsaKeyPair().privateKey : platform.privateKey;
    const headers = {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': platformSerial,
      'wechatpay-signature': signWith(key, ts, nonce, body),
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
    return postNotify(o.notify_url, headers, body);
  }

  return {
    url,
    requests,
    orders,
    /** The merchant settings to give the app (config.payments.wechat). */
    config: {
      appId,
      mchId,
      mchCertPem: merchantCert.pem,
      mchPrivateKeyPem: merchant.privatePem,
      apiV3Key,
      platformPublicKey: opts.publicKeyMode ? { id: platformSerial, pem: platform.publicPem } : null,
      baseUrl: url,
    } satisfies WechatPayConfig,
    /** The buyer pays: the order turns SUCCESS and, unless `notify` is false, the notification is sent. */
    async pay(orderNo: string, o: { notify?: boolean } = {}): Promise<SentNotify | null> {
      const order = orders.get(orderNo);
      if (!order) throw new Error(`fake wechat pay: no order ${orderNo}`);
      order.trade_state = 'SUCCESS';
      order.transaction_id = `4200${Date.now()}${alnum(6).replace(/\D/g, '1')}`;
      order.success_time = new Date().toISOString();
      return o.notify === false ? null : notify(orderNo);
    },
    notify,
    close,
  };
}
export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>;
