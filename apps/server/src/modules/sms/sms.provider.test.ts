/** SMS providers (issue 4): the log provider's record, the Alibaba Cloud request mapping (SDK client injected, no network), config validation. */
import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../config.ts';
import {
  aliyunSendSmsRequest,
  createAliyunClient,
  createAliyunSmsProvider,
  createLogSmsProvider,
  createSmsProvider,
  type AliyunSmsClient,
} from './sms.provider.ts';
import { newSmsCode } from './sms.service.ts';

const settings = {
  accessKeyId: 'LTAI-test',
  accessKeySecret: 'secret-test',
  signName: '毕姆云盘',
  templateCode: 'SMS_123456789',
  endpoint: 'dysmsapi.aliyuncs.com',
};

describe('aliyun SMS provider', () => {
  it('maps a code to SendSms: phone, sign name, template and {"code"} as the template parameter', async () => {
    const requests: unknown[] = [];
    const client: AliyunSmsClient = {
      sendSms: async (req) => {
        requests.push(req);
        return { body: { code: 'OK', message: 'OK', requestId: 'r1' } };
      },
    };
    await createAliyunSmsProvider(settings, client).send('13800001111', '042917', 'login');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      phoneNumbers: '13800001111',
      signName: '毕姆云盘',
      templateCode: 'SMS_123456789',
      templateParam: '{"code":"042917"}',
    });
    // The SDK model serialises to the API's parameter names.
    expect(aliyunSendSmsRequest(settings, '13800001111', '042917').toMap()).toEqual({
      PhoneNumbers: '13800001111',
      SignName: '毕姆云盘',
      TemplateCode: 'SMS_123456789',
      TemplateParam: '{"code":"042917"}',
    });
  });

  it('treats a refusal in the answer body as an error naming Alibaba’s code', async () => {
    const client: AliyunSmsClient = {
      sendSms: async () => ({
        body: { code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发分钟级流控', requestId: 'r2' },
      }),
    };
    await expect(createAliyunSmsProvider(settings, client).send('13800001111', '1', 'login')).rejects.toThrow(
      /isv\.BUSINESS_LIMIT_CONTROL/,
    );
    await expect(
      createAliyunSmsProvider(settings, { sendSms: async () => ({}) }).send('13800001111', '1', 'login'),
    ).rejects.toThrow(/refused/);
  });

  it('builds a real SDK client with a sendSms method (no call made)', () => {
    expect(typeof createAliyunClient(settings).sendSms).toBe('function');
  });
});

describe('log SMS provider and codes', () => {
  it('writes {phone, purpose, code} with msg "sms code"', async () => {
    const lines: [object, string][] = [];
    await createLogSmsProvider({ info: ((o: object, m: string) => lines.push([o, m])) as never }).send(
      '13800001111',
      '123456',
      'register',
    );
    expect(lines).toEqual([[{ phone: '13800001111', purpose: 'register', code: '123456' }, 'sms code']]);
  });

  it('codes are 6 digits with leading zeros kept and vary', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newSmsCode()));
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });
});

describe('SMS configuration', () => {
  it('defaults to the log provider with a daily cap of 10', () => {
    const c = loadConfig({});
    expect(c.sms).toEqual({ provider: 'log', dailyLimit: 10, aliyun: null });
    expect(createSmsProvider(c, { info: () => undefined } as never)).toBeTruthy();
  });

  it('aliyun needs every ALIYUN_SMS_* variable; the error names the missing ones', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'x' })).toThrow(ConfigError);
    try {
      loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'x', ALIYUN_SMS_SIGN_NAME: 's' });
    } catch (err) {
      expect(String(err)).toContain('ALIYUN_SMS_ACCESS_KEY_SECRET');
      expect(String(err)).toContain('ALIYUN_SMS_TEMPLATE_CODE');
      expect(String(err)).not.toContain('ALIYUN_SMS_SIGN_NAME:');
    }
    expect(() => loadConfig({ SMS_PROVIDER: 'sms77' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SMS_DAILY_LIMIT: '0' })).toThrow(/SMS_DAILY_LIMIT/);
    const c = loadConfig({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'sec',
      ALIYUN_SMS_SIGN_NAME: 'sign',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    });
    expect(c.sms.aliyun).toEqual({
      accessKeyId: 'id',
      accessKeySecret: 'sec',
      signName: 'sign',
      templateCode: 'SMS_1',
      endpoint: 'dysmsapi.aliyuncs.com',
    });
  });
});
