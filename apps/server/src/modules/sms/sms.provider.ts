/**
 * SMS providers (issue 4 "SMS codes"): one interface, two implementations chosen by `SMS_PROVIDER`:
 * - `log` (embedded default, development): writes `{phone, purpose, code}` with message `sms code`
 *   to the server log instead of sending anything;
 * - `aliyun`: Alibaba Cloud SMS through its official Node SDK (`@alicloud/dysmsapi20170525`,
 *   `SendSms` with the configured sign name and a template whose variable is `code`).
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

/** The part of the SDK client the provider uses (injected in tests, so no network). */
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
  endpoint: string;
}

/** Build the SDK client for `settings` (AccessKey credentials, endpoint dysmsapi.aliyuncs.com). */
export function createAliyunClient(settings: AliyunSmsSettings): AliyunSmsClient {
  const config = new $OpenApiUtil.Config({
    accessKeyId: settings.accessKeyId,
    accessKeySecret: settings.accessKeySecret,
    endpoint: settings.endpoint,
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

/**
 * Alibaba Cloud SMS provider. Alibaba answers HTTP 200 with `body.code` `OK` on success and another
 * code (e.g. `isv.BUSINESS_LIMIT_CONTROL`) with a message when it refuses: that is an error here.
 */
export function createAliyunSmsProvider(
  settings: AliyunSmsSettings,
  client: AliyunSmsClient = createAliyunClient(settings),
): SmsProvider {
  return {
    async send(phone, code) {
      const res = await client.sendSms(aliyunSendSmsRequest(settings, phone, code));
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
