/**
 * A fake Alibaba Cloud SMS API (dysmsapi, version 2017-05-25) for tests, started by the test on a
 * random port of 127.0.0.1 and reached by the official SDK (`@alicloud/dysmsapi20170525`) through
 * `ALIYUN_SMS_ENDPOINT=http://127.0.0.1:<port>`.
 *
 * Every request is authenticated as the Alibaba Cloud API gateway does for signature V3
 * (`ACS3-HMAC-SHA256`, "V3版本请求体&签名机制", help.aliyun.com/document_detail/2593177), written
 * here from that text and not from the SDK's code:
 *
 *     CanonicalRequest = METHOD \n CanonicalURI \n CanonicalQueryString \n CanonicalHeaders \n
 *                        SignedHeaders \n HexEncode(SHA256(body))
 *     StringToSign     = "ACS3-HMAC-SHA256" \n HexEncode(SHA256(CanonicalRequest))
 *     Signature        = HexEncode(HMAC-SHA256(AccessKeySecret, StringToSign))
 *     Authorization: ACS3-HMAC-SHA256 Credential=<AccessKeyId>,SignedHeaders=<a;b;…>,Signature=<hex>
 *
 * where the query string is decoded and re-encoded per RFC 3986 (unreserved `A-Za-z0-9-_.~` kept,
 * space `%20`), sorted by name; the canonical headers are the signed ones (lower-case name, trimmed
 * value, sorted), which must include `host` and every `x-acs-*` header sent (and `content-type` when
 * sent); `x-acs-date` (`yyyy-MM-ddTHH:mm:ssZ`, UTC) must be within 15 minutes of the fake's clock and
 * `x-acs-signature-nonce` is accepted once. The older RPC V2 query signature (`Signature=` HMAC-SHA1)
 * is not accepted: the SDK version in use signs V3 for SendSms.
 *
 * Refusals answer the gateway's JSON error shape `{RequestId, HostId, Code, Message, Recommend}` with
 * its HTTP status: 400 IncompleteSignature (no or malformed Authorization, a required header not
 * signed), 404 InvalidAccessKeyId.NotFound, 400 InvalidTimeStamp.Format / InvalidTimeStamp.Expired,
 * 400 SignatureDoesNotMatch (wrong secret or any signed part changed), 400 SignatureNonceUsed
 * (replay), 404 InvalidAction.NotFound (not SendSms), 400 InvalidVersion (not 2017-05-25),
 * 400 Missing<Parameter> (PhoneNumbers, SignName, TemplateCode).
 *
 * SendSms itself answers HTTP 200 with `{Code:'OK', Message:'OK', BizId, RequestId}` or, as
 * Alibaba does, HTTP 200 with a business error code: isv.MOBILE_NUMBER_ILLEGAL (not a mainland
 * mobile number), isv.SMS_SIGNATURE_ILLEGAL (sign name not the approved one),
 * isv.SMS_TEMPLATE_ILLEGAL (template not the approved one), isv.INVALID_JSON_PARAM (TemplateParam
 * not a JSON object of strings), isv.TEMPLATE_MISSING_PARAMETERS (no `code` variable),
 * isv.TEMPLATE_PARAMS_ILLEGAL (`code` not 4–6 letters/digits), or whatever `failWith` configured
 * (e.g. isv.BUSINESS_LIMIT_CONTROL). Delivered messages are kept in `messages`; every request, with
 * its raw form for replays, in `requests`.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../config.ts';

/** Settings of the SMS provider that reach this fake (the shape of `config.sms.aliyun`). */
export type FakeAliyunSmsSettings = NonNullable<AppConfig['sms']['aliyun']>;

/** A message the fake accepted (SendSms answered OK). */
export interface FakeSmsMessage {
  /** One number of `PhoneNumbers` (a request to several numbers gives one message each). */
  phone: string;
  signName: string;
  templateCode: string;
  /** `TemplateParam` parsed. */
  params: Record<string, string>;
  bizId: string;
  requestId: string;
  receivedAt: Date;
}

/** One request the fake received, whatever it answered. */
export interface FakeSmsRequest {
  status: number;
  /** `Code` of the answer (`OK`, an isv.* code or a gateway error code). */
  code: string;
  action: string | undefined;
  /** Query and form parameters, decoded. */
  params: Record<string, string>;
  /** What was received, to replay it byte for byte. */
  raw: { method: string; path: string; headers: Record<string, string>; body: string };
}

/** Business error codes the fake can be told to answer (HTTP 200, `Code` ≠ OK). */
export const AliyunSmsBusinessErrors = {
  'isv.BUSINESS_LIMIT_CONTROL': '触发分钟级流控Permits:1',
  'isv.MOBILE_NUMBER_ILLEGAL': '非法手机号',
  'isv.SMS_TEMPLATE_ILLEGAL': '该账号下找不到对应模板',
  'isv.SMS_SIGNATURE_ILLEGAL': '该账号下找不到对应签名',
  'isv.INVALID_JSON_PARAM': 'JSON参数不合法，只接受字符串值',
  'isv.TEMPLATE_MISSING_PARAMETERS': '模板缺少变量',
  'isv.TEMPLATE_PARAMS_ILLEGAL': '模板变量里包含非法关键字',
  'isv.AMOUNT_NOT_ENOUGH': '账户余额不足',
} as const;
export type AliyunSmsBusinessError = keyof typeof AliyunSmsBusinessErrors;

/** Options of the fake; everything has a test default. */
export interface FakeAliyunSmsOptions {
  accessKeyId?: string;
  accessKeySecret?: string;
  /** The approved sign name and template (variable `code`). */
  signName?: string;
  templateCode?: string;
  /** The fake's clock in ms (default `Date.now`), to test the 15-minute rule. */
  now?: () => number;
}

const ALGORITHM = 'ACS3-HMAC-SHA256';
const MAX_SKEW_MS = 15 * 60_000;
const REQUIRED_SIGNED = [
  'host',
  'x-acs-action',
  'x-acs-content-sha256',
  'x-acs-date',
  'x-acs-signature-nonce',
  'x-acs-version',
];

/** RFC 3986 percent-encoding (UTF-8; only `A-Za-z0-9-_.~` left as they are). */
export function rfc3986(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Decode one query or form component (`+` is a space, as servlet containers read it). */
const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, '%20'));

/** Name/value pairs of a raw query or form string, decoded, in their order. */
function parsePairs(raw: string): Array<[string, string]> {
  if (!raw) return [];
  return raw
    .split('&')
    .filter((p) => p.length > 0)
    .map((p) => {
      const i = p.indexOf('=');
      return i < 0 ? [decode(p), ''] : [decode(p.slice(0, i)), decode(p.slice(i + 1))];
    });
}

/** The canonical query string of signature V3: encoded pairs sorted by name (then value), `k=v` joined by `&`. */
function canonicalQuery(pairs: Array<[string, string]>): string {
  return pairs
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
const requestId = () => randomUUID().toUpperCase();

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** A gateway refusal: HTTP status, code and message as Alibaba Cloud answers them. */
class Refusal {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  constructor(status: number, code: string, message: string) {
    this.status = status;
    this.code = code;
    this.message = message;
  }
}

/** The body of a SendSms answer (HTTP 200): `Code` OK with a BizId, or a business error code. */
interface SendSmsAnswer {
  RequestId: string;
  Code: string;
  Message: string;
  BizId?: string;
}

/** Start a fake dysmsapi on 127.0.0.1; `close()` it after the tests. */
export async function startFakeAliyunSms(options: FakeAliyunSmsOptions = {}) {
  const accessKeyId = options.accessKeyId ?? `LTAI5t${randomBytes(9).toString('hex')}`;
  const accessKeySecret = options.accessKeySecret ?? randomBytes(15).toString('base64url');
  const signName = options.signName ?? '毕姆云盘';
  const templateCode = options.templateCode ?? 'SMS_465910231';
  const now = options.now ?? Date.now;
  const messages: FakeSmsMessage[] = [];
  const requests: FakeSmsRequest[] = [];
  const nonces = new Map<string, number>();
  let fault: { code: string; message: string } | null = null;

  /** Check the V3 signature, date and nonce of a request (the nonce is then spent); throws a Refusal. */
  function authenticate(
    method: string,
    path: string,
    rawQuery: string,
    headers: IncomingMessage['headers'],
    body: Buffer,
  ): void {
    const header = (name: string) => {
      const v = headers[name];
      return Array.isArray(v) ? v.join(',') : v;
    };
    const incomplete = new Refusal(
      400,
      'IncompleteSignature',
      'The request signature does not conform to Aliyun standards.',
    );
    const auth = header('authorization') ?? '';
    const m = /^ACS3-HMAC-SHA256 Credential=([^,\s]+),SignedHeaders=([^,\s]+),Signature=([0-9a-f]{64})$/.exec(
      auth.trim(),
    );
    if (!m) throw incomplete;
    const [, credential, signedList, signature] = m as unknown as [string, string, string, string];
    if (credential !== accessKeyId)
      throw new Refusal(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const signed = signedList.split(';');
    if (signed.some((h) => h !== h.toLowerCase() || header(h) === undefined)) throw incomplete;
    const mustSign = [
      ...REQUIRED_SIGNED,
      ...Object.keys(headers).filter((h) => h.startsWith('x-acs-') || h === 'content-type'),
    ];
    if (mustSign.some((h) => !signed.includes(h))) throw incomplete;

    const date = header('x-acs-date')!;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(date) || Number.isNaN(Date.parse(date)))
      throw new Refusal(
        400,
        'InvalidTimeStamp.Format',
        'Specified time stamp or date value is not well formatted.',
      );
    if (Math.abs(now() - Date.parse(date)) > MAX_SKEW_MS)
      throw new Refusal(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');

    const sortedSigned = [...new Set(signed)].sort();
    const canonicalHeaders = sortedSigned.map((h) => `${h}:${header(h)!.trim()}\n`).join('');
    const canonicalRequest = [
      method,
      path,
      canonicalQuery(parsePairs(rawQuery)),
      canonicalHeaders,
      sortedSigned.join(';'),
      sha256Hex(body),
    ].join('\n');
    const stringToSign = `${ALGORITHM}\n${sha256Hex(canonicalRequest)}`;
    const expected = createHmac('sha256', accessKeySecret).update(stringToSign, 'utf8').digest();
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new Refusal(
        400,
        'SignatureDoesNotMatch',
        `Specified signature does not match our calculation. The server string to sign is: ${stringToSign}`,
      );

    // A nonce is good once within the time window (older ones cannot pass the date check anyway).
    const t = now();
    for (const [n, at] of nonces) if (t - at > 2 * MAX_SKEW_MS) nonces.delete(n);
    const nonce = header('x-acs-signature-nonce')!;
    if (nonces.has(nonce))
      throw new Refusal(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.set(nonce, t);
  }

  /** SendSms after authentication: the answer body (HTTP 200) or a Refusal for a missing parameter. */
  function sendSms(params: Record<string, string>, rid: string): SendSmsAnswer {
    for (const name of ['PhoneNumbers', 'SignName', 'TemplateCode'])
      if (!params[name]) throw new Refusal(400, `Missing${name}`, `${name} is mandatory for this action.`);
    const business = (code: AliyunSmsBusinessError): SendSmsAnswer => ({
      RequestId: rid,
      Code: code,
      Message: AliyunSmsBusinessErrors[code],
    });
    if (fault) return { RequestId: rid, Code: fault.code, Message: fault.message };
    const phones = params.PhoneNumbers!.split(',').map((p) => p.trim());
    if (phones.some((p) => !/^(?:\+?86|0086)?1[3-9]\d{9}$/.test(p)))
      return business('isv.MOBILE_NUMBER_ILLEGAL');
    if (params.SignName !== signName) return business('isv.SMS_SIGNATURE_ILLEGAL');
    if (params.TemplateCode !== templateCode) return business('isv.SMS_TEMPLATE_ILLEGAL');
    let values: Record<string, string>;
    try {
      const parsed: unknown = JSON.parse(params.TemplateParam ?? '');
      if (
        typeof parsed !== 'object' ||
        parsed === null ||
        Array.isArray(parsed) ||
        Object.values(parsed).some((v) => typeof v !== 'string')
      )
        return business('isv.INVALID_JSON_PARAM');
      values = parsed as Record<string, string>;
    } catch {
      return business('isv.INVALID_JSON_PARAM');
    }
    if (values.code === undefined) return business('isv.TEMPLATE_MISSING_PARAMETERS');
    if (!/^[0-9A-Za-z]{4,6}$/.test(values.code)) return business('isv.TEMPLATE_PARAMS_ILLEGAL');
    const bizId = `${digits(18)}^0`;
    for (const phone of phones)
      messages.push({
        phone: phone.replace(/^(?:\+?86|0086)/, ''),
        signName: params.SignName!,
        templateCode: params.TemplateCode!,
        params: values,
        bizId,
        requestId: rid,
        receivedAt: new Date(now()),
      });
    return { RequestId: rid, Message: 'OK', BizId: bizId, Code: 'OK' };
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const rawUrl = req.url ?? '/';
      const q = rawUrl.indexOf('?');
      const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
      const rawQuery = q < 0 ? '' : rawUrl.slice(q + 1);
      const method = req.method ?? 'GET';
      const pairs = parsePairs(rawQuery);
      if (/^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? ''))
        pairs.push(...parsePairs(body.toString('utf8')));
      const params = Object.fromEntries(pairs);
      const action = req.headers['x-acs-action'] as string | undefined;
      const rid = requestId();
      const record = (status: number, code: string) =>
        requests.push({
          status,
          code,
          action,
          params,
          raw: {
            method,
            path: rawUrl,
            headers: Object.fromEntries(
              Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
            ),
            body: body.toString('utf8'),
          },
        });
      const reply = (status: number, payload: object) => {
        res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', 'x-acs-request-id': rid });
        res.end(JSON.stringify(payload));
      };
      try {
        if (method !== 'POST' && method !== 'GET')
          throw new Refusal(400, 'UnsupportedHTTPMethod', 'This http method is not supported.');
        authenticate(method, path, rawQuery, req.headers, body);
        if (path !== '/' || action !== 'SendSms')
          throw new Refusal(
            404,
            'InvalidAction.NotFound',
            'Specified api is not found, please check your url and method.',
          );
        if (req.headers['x-acs-version'] !== '2017-05-25')
          throw new Refusal(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
        const answer = sendSms(params, rid);
        record(200, answer.Code);
        reply(200, answer);
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        record(err.status, err.code);
        reply(err.status, {
          RequestId: rid,
          HostId: req.headers.host ?? 'dysmsapi.aliyuncs.com',
          Code: err.code,
          Message: err.message,
          Recommend: `https://api.aliyun.com/troubleshoot?q=${encodeURIComponent(err.code)}&product=Dysmsapi&requestId=${rid}`,
        });
      }
    })().catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify({ Code: 'InternalError', Message: String(err), RequestId: requestId() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** Base URL for `ALIYUN_SMS_ENDPOINT`. */
    endpoint,
    /** Provider settings that this fake accepts (right AccessKey, sign name and template). */
    settings: {
      accessKeyId,
      accessKeySecret,
      signName,
      templateCode,
      endpoint,
    } satisfies FakeAliyunSmsSettings,
    messages,
    requests,
    /** The last code delivered to `phone` (11 digits), if any. */
    lastCode(phone: string): string | undefined {
      return messages.filter((m) => m.phone === phone).at(-1)?.params.code;
    },
    /** Answer every SendSms with this business error (HTTP 200, Code ≠ OK) until called with null. */
    failWith(code: AliyunSmsBusinessError | null, message?: string) {
      fault = code ? { code, message: message ?? AliyunSmsBusinessErrors[code] } : null;
    },
    /** Send a recorded request again, unchanged (a replay). */
    async replay(request: FakeSmsRequest) {
      const headers = Object.fromEntries(
        Object.entries(request.raw.headers).filter(([k]) => !['content-length', 'connection'].includes(k)),
      );
      return new Promise<{ status: number; body: { Code: string; Message: string } }>((resolve, reject) => {
        const r = httpRequest(
          `${endpoint}${request.raw.path}`,
          { method: request.raw.method, headers },
          (res) => {
            void readBody(res).then(
              (b) => resolve({ status: res.statusCode ?? 0, body: JSON.parse(b.toString('utf8')) }),
              reject,
            );
          },
        );
        r.on('error', reject);
        r.end(request.raw.body);
      });
    },
    /** Forget messages, requests and the configured fault (nonces are kept). */
    reset() {
      messages.length = 0;
      requests.length = 0;
      fault = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
/** A started fake. */
export type FakeAliyunSms = Awaited<ReturnType<typeof startFakeAliyunSms>>;
