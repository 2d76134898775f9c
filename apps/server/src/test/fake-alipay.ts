/**
 * A fake Alipay OpenAPI for tests, started by the test on a random port. It checks every v3
 * request's `ALIPAY-SHA256withRSA` Authorization (`authString\nMETHOD\nurl\nbody\n`) with the
 * application public key, answers precreate / query / close as Alipay does (a trade exists once the
 * buyer scans the QR code; unknown trades are 404 ACQ.TRADE_NOT_EXIST) and signs every answer with
 * the Alipay key (alipay-timestamp, alipay-nonce, alipay-signature over `timestamp\nnonce\nbody\n`).
 * `pay` plays the buyer; `notify` posts the asynchronous notification as a form signed like Alipay's
 * (sorted `key=value` pairs without sign and sign_type, RSA2), with optional faults for tests.
 */
import { createSign, createVerify, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AlipayConfig } from '../config.ts';
import { rsaKeyPair } from './test-certs.ts';
import { listenFake, postNotify, type SentNotify } from './fake-http.ts';

interface FakeTrade {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  notify_url: string;
  scanned: boolean;
  trade_status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  trade_no: string;
}

/** Faults a notification can carry. */
export interface AlipayNotifyFaults {
  forge?: boolean;
  totalAmount?: string;
  appId?: string;
  sellerId?: string;
  tradeStatus?: string;
}

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
const cst = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** Start a fake Alipay. */
export async function startFakeAlipay() {
  const app = rsaKeyPair();
  const alipay = rsaKeyPair();
  const appId = `2021${digits(12)}`;
  const sellerId = `2088${digits(12)}`;
  const trades = new Map<string, FakeTrade>();
  const requests: Array<{ method: string; path: string; authorized: boolean }> = [];

  function authorized(req: IncomingMessage, pathWithQuery: string, body: string): boolean {
    const m = /^ALIPAY-SHA256withRSA (.+),sign=(.+)$/.exec(req.headers.authorization ?? '');
    if (!m) return false;
    const auth = m[1]!;
    const fields = Object.fromEntries(auth.split(',').map((kv) => kv.split('=') as [string, string]));
    if (fields.app_id !== appId) return false;
    return createVerify('RSA-SHA256')
      .update(`${auth}\n${req.method}\n${pathWithQuery}\n${body}\n`, 'utf8')
      .verify(app.publicKey, m[2]!, 'base64');
  }

  const { url, close } = await listenFake(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const ok = authorized(req, `${url.pathname}${url.search}`, body);
    requests.push({ method: req.method ?? '', path: url.pathname, authorized: ok });
    const reply = (status: number, payload: unknown) => {
      const text = JSON.stringify(payload);
      const ts = String(Date.now());
      const nonce = randomUUID();
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'alipay-trace-id': randomUUID(),
        'alipay-timestamp': ts,
        'alipay-nonce': nonce,
        'alipay-signature': createSign('RSA-SHA256')
          .update(`${ts}\n${nonce}\n${text}\n`, 'utf8')
          .sign(alipay.privateKey, 'base64'),
      });
      res.end(text);
    };
    if (!ok) return reply(401, { code: 'invalid-signature', message: '验签出错' });
    const b = (body ? JSON.parse(body) : {}) as Record<string, string>;
    const notFound = () => reply(404, { code: 'ACQ.TRADE_NOT_EXIST', message: '交易不存在' });
    if (req.method === 'POST' && url.pathname === '/v3/alipay/trade/precreate') {
      if (!/^\d+(\.\d{1,2})?$/.test(b.total_amount ?? ''))
        return reply(400, { code: 'INVALID_PARAMETER', message: '金额错误' });
      if (!trades.has(b.out_trade_no!))
        trades.set(b.out_trade_no!, {
          out_trade_no: b.out_trade_no!,
          total_amount: b.total_amount!,
          subject: b.subject ?? '',
          notify_url: b.notify_url ?? '',
          scanned: false,
          trade_status: 'WAIT_BUYER_PAY',
          trade_no: '',
        });
      return reply(200, {
        out_trade_no: b.out_trade_no,
        qr_code: `https://qr.alipay.com/bax0${digits(16)}`,
      });
    }
    const t = trades.get(b.out_trade_no ?? '');
    if (req.method === 'POST' && url.pathname === '/v3/alipay/trade/query') {
      if (!t?.scanned) return notFound();
      return reply(200, {
        trade_no: t.trade_no,
        out_trade_no: t.out_trade_no,
        trade_status: t.trade_status,
        total_amount: t.total_amount,
        buyer_logon_id: '159****5620',
      });
    }
    if (req.method === 'POST' && url.pathname === '/v3/alipay/trade/close') {
      if (!t?.scanned) {
        if (t) t.trade_status = 'TRADE_CLOSED';
        return notFound();
      }
      if (t.trade_status === 'TRADE_SUCCESS')
        return reply(400, { code: 'ACQ.TRADE_STATUS_ERROR', message: '交易状态不合法' });
      t.trade_status = 'TRADE_CLOSED';
      return reply(200, { trade_no: t.trade_no, out_trade_no: t.out_trade_no });
    }
    return reply(404, { code: 'NOT_FOUND', message: '无此接口' });
  });

  /** Post the asynchronous notification of a trade, as Alipay does. */
  async function notify(orderNo: string, faults: AlipayNotifyFaults = {}): Promise<SentNotify> {
    const t = trades.get(orderNo);
    if (!t) throw new Error(`fake alipay: no trade ${orderNo}`);
    const now = new Date();
    const params: Record<string, string> = {
      gmt_create: cst(now),
      charset: 'utf-8',
      seller_email: 'shop@example.com',
      subject: t.subject,
      buyer_id: `2088${digits(12)}`,
      invoice_amount: faults.totalAmount ?? t.total_amount,
      notify_id: `2026${digits(20)}`,
      fund_bill_list: JSON.stringify([{ amount: t.total_amount, fundChannel: 'ALIPAYACCOUNT' }]),
      notify_type: 'trade_status_sync',
      trade_status: faults.tradeStatus ?? 'TRADE_SUCCESS',
      receipt_amount: faults.totalAmount ?? t.total_amount,
      buyer_pay_amount: faults.totalAmount ?? t.total_amount,
      app_id: faults.appId ?? appId,
      notify_time: cst(now),
      point_amount: '0.00',
      total_amount: faults.totalAmount ?? t.total_amount,
      trade_no: t.trade_no || `2026${digits(24)}`,
      auth_app_id: faults.appId ?? appId,
      gmt_payment: cst(now),
      seller_id: faults.sellerId ?? sellerId,
      version: '1.0',
      out_trade_no: t.out_trade_no,
    };
    const content = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const key = faults.forge ? rsaKeyPair().privateKey : alipay.privateKey;
    params.sign = createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
    params.sign_type = 'RSA2';
    const body = new URLSearchParams(params).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };
    return postNotify(t.notify_url, headers, body);
  }

  return {
    url,
    requests,
    trades,
    config: {
      appId,
      privateKeyPem: app.privatePem,
      alipayPublicKeyPem: alipay.publicPem,
      sellerId,
      endpoint: url,
      gateway: `${url}/gateway.do`,
    } satisfies AlipayConfig,
    /** The buyer scans and pays; the notification follows unless `notify` is false. */
    async pay(orderNo: string, o: { notify?: boolean } = {}) {
      const t = trades.get(orderNo);
      if (!t) throw new Error(`fake alipay: no trade ${orderNo}`);
      t.scanned = true;
      t.trade_status = 'TRADE_SUCCESS';
      t.trade_no = `2026${digits(24)}`;
      return o.notify === false ? null : notify(orderNo);
    },
    notify,
    close,
  };
}
export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>;
