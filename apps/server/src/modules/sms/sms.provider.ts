/**
 * SMS providers (issue 4 "SMS codes"): one interface, two implementations chosen by `SMS_PROVIDER`:
 * - `log` (embedded default, development): writes `{phone, purpose, code}` with message `sms code`
 *   to the server log instead of sending anything;
 * - `aliyun`: Alibaba Cloud SMS through its official Node SDK (`@alicloud/dysmsapi20170525`,
 *   `SendSms` with the configured sign name and a template whose variable is `code`, signed by the
 *   SDK with signature V3 `ACS3-HMAC-SHA256`), at `ALIYUN_SMS_ENDPOINT` (default
 *   `dysmsapi.aliyuncs.com` over HTTPS). Tests run it against `test/fake-aliyun-sms.ts`.
 */
// The SDK is CommonJS with `exports.default = Client`: under Node's ESM the module is `default` and the class `default.default`.
import * as dysmsapi from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';

type SendSmsRequest = dysmsapi.SendSmsRequest;
type DysmsapiClass = typeof dysmsapi.default.default;
/** The SDK's client class, whichever way the CommonJS module was loaded (Node's ESM or a bundler's interop). */
const mod = dysmsapi.default as unknown as DysmsapiClass | { default: DysmsapiClass };
const Dysmsapi: DysmsapiClass = typeof mod === 'function' ? mod : mod.default;
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';

/** What a code is for: sign-in, registration, and the two steps of a phone change (000 §4). */
export type SmsPurpose = 'login' | 'register' | 'editPhoneOld' | 'editPhoneNew';

/** Sends one verification code to one phone. */
export interface SmsProvider {
  /**
   * Deliver `code` (6 digits) to `phone` (canonical 11 digits).
   * @throws Error when the provider refuses or cannot be reached (the caller answers 短信发送失败).
   */
  send(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
}

/** Development provider: the code goes to the server log (pino, info level, msg `sms code`). */
export function createLogSmsProvider(log: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    async send(phone, code, purpose) {
      log.info({ phone, purpose, code }, 'sms code');
    },
  };
}

/** The part of the SDK client the provider uses (the real client by default; replaceable). */
export interface AliyunSmsClient {
  sendSms(
    request: SendSmsRequest,
  ): Promise<{ body?: { code?: string; message?: string; requestId?: string } }>;
}

/** Settings of the Alibaba Cloud provider (config `ALIYUN_SMS_*`). */
export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /**
   * `ALIYUN_SMS_ENDPOINT`: a host name (`dysmsapi.aliyuncs.com`, reached over HTTPS) or a base URL
   * `http(s)://host[:port]` (a regional endpoint, a proxy, or the fake endpoint of the tests).
   */
  endpoint: string;
}

/**
 * Split `ALIYUN_SMS_ENDPOINT` into what the SDK's `Config` wants: a protocol and a `host[:port]`.
 * A bare host means HTTPS.
 * @throws Error when the value is neither a host nor an http(s) URL without path.
 */
export function aliyunEndpoint(endpoint: string): { protocol: 'https' | 'http'; host: string } {
  const value = endpoint.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(value))
      throw new Error(`invalid ALIYUN_SMS_ENDPOINT: ${endpoint}`);
    return { protocol: 'https', host: value };
  }
  const url = new URL(value);
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.pathname !== '/' ||
    url.search ||
    url.username
  )
    throw new Error(`invalid ALIYUN_SMS_ENDPOINT: ${endpoint}`);
  return { protocol: url.protocol === 'http:' ? 'http' : 'https', host: url.host };
}

/** Time limits of one SendSms call (ms): connecting, then waiting for the answer. */
const CONNECT_TIMEOUT_MS = 5_000;
const READ_TIMEOUT_MS = 10_000;

/**
 * Build the SDK client for `settings`: AccessKey credentials, the endpoint's protocol and host, 5 s to
 * connect and 10 s to answer. The SDK signs each call with signature V3 (`ACS3-HMAC-SHA256`).
 */
export function createAliyunClient(settings: AliyunSmsSettings): AliyunSmsClient {
  const { protocol, host } = aliyunEndpoint(settings.endpoint);
  const config = new $OpenApiUtil.Config({
    accessKeyId: settings.accessKeyId,
    accessKeySecret: settings.accessKeySecret,
    endpoint: host,
    protocol,
    connectTimeout: CONNECT_TIMEOUT_MS,
    readTimeout: READ_TIMEOUT_MS,
  });
  return new Dysmsapi(config);
}

/** The SendSms request of one code: phone, sign name, template and `{"code": "…"}` as its parameter. */
export function aliyunSendSmsRequest(
  settings: AliyunSmsSettings,
  phone: string,
  code: string,
): SendSmsRequest {
  return new dysmsapi.SendSmsRequest({
    phoneNumbers: phone,
    signName: settings.signName,
    templateCode: settings.templateCode,
    templateParam: JSON.stringify({ code }),
  });
}

/** What the SDK's errors carry (ClientError / ServerError of `@alicloud/openapi-core`; `data` is the answer body). */
interface SdkError {
  code?: unknown;
  statusCode?: unknown;
  message?: unknown;
  data?: { Message?: unknown } | null;
}

/** One line naming why the SDK threw: Alibaba's code, HTTP status and message, or the network error. */
function describeSdkError(err: unknown): string {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SdkError;
  const message = typeof e.message === 'string' ? e.message : String(err);
  if (typeof e.code !== 'string' || typeof e.statusCode !== 'number') return message;
  const reason = typeof e.data?.Message === 'string' ? e.data.Message : message;
  return `${e.code} (HTTP ${e.statusCode}) ${reason}`;
}

/**
 * Alibaba Cloud SMS provider. Alibaba answers HTTP 200 with `body.code` `OK` on success and another
 * code (e.g. `isv.BUSINESS_LIMIT_CONTROL`) with a message when it refuses: that is an error here.
 * A gateway refusal (HTTP 4xx/5xx, e.g. 400 `SignatureDoesNotMatch` for a wrong AccessKey secret) or a
 * network failure, thrown by the SDK, is rethrown as an Error naming Alibaba's code and keeping the
 * SDK error as `cause`. The message never contains the code being sent.
 */
export function createAliyunSmsProvider(
  settings: AliyunSmsSettings,
  client: AliyunSmsClient = createAliyunClient(settings),
): SmsProvider {
  return {
    async send(phone, code) {
      let res: Awaited<ReturnType<AliyunSmsClient['sendSms']>>;
      try {
        res = await client.sendSms(aliyunSendSmsRequest(settings, phone, code));
      } catch (err) {
        throw new Error(`aliyun SendSms failed: ${describeSdkError(err)}`, { cause: err });
      }
      const body = res.body;
      if (body?.code !== 'OK') {
        throw new Error(
          `aliyun SendSms refused: ${body?.code ?? 'no code'} ${body?.message ?? ''} (request ${body?.requestId ?? '-'})`,
        );
      }
    },
  };
}

/** The provider the configuration asks for. */
export function createSmsProvider(config: AppConfig, log: FastifyBaseLogger): SmsProvider {
  if (config.sms.provider === 'aliyun' && config.sms.aliyun)
    return createAliyunSmsProvider(config.sms.aliyun);
  return createLogSmsProvider(log);
}
