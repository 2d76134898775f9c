/**
 * SMS providers (issue 4; issue 16 "Plans, orders, payment", last paragraph): the Alibaba Cloud
 * provider through the official SDK against the fake dysmsapi of test/fake-aliyun-sms.ts, which
 * checks the V3 request signature, the nonce and date, the action, template and parameters; the log
 * provider's record; config validation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../config.ts';
import { startFakeAliyunSms, type FakeAliyunSms } from '../../test/fake-aliyun-sms.ts';
import {
  aliyunEndpoint,
  createAliyunSmsProvider,
  createLogSmsProvider,
  createSmsProvider,
} from './sms.provider.ts';
import { newSmsCode } from './sms.service.ts';

describe('aliyun SMS provider against the fake dysmsapi', () => {
  let fake: FakeAliyunSms;
  beforeAll(async () => {
    fake = await startFakeAliyunSms();
  });
  afterAll(async () => fake.close());
  beforeEach(() => fake.reset());

  it('delivers a code through SendSms 2017-05-25 with the sign name, template and {"code"} parameter', async () => {
    await createAliyunSmsProvider(fake.settings).send('13800001111', '042917', 'login');
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]).toMatchObject({
      phone: '13800001111',
      signName: '毕姆云盘',
      templateCode: fake.settings.templateCode,
      params: { code: '042917' },
    });
    expect(fake.messages[0]!.bizId).toMatch(/^\d+\^0$/);
    const [req] = fake.requests;
    expect(req).toMatchObject({ status: 200, code: 'OK', action: 'SendSms' });
    expect(req!.params).toMatchObject({
      PhoneNumbers: '13800001111',
      SignName: '毕姆云盘',
      TemplateCode: fake.settings.templateCode,
      TemplateParam: '{"code":"042917"}',
    });
    expect(req!.raw.headers['x-acs-version']).toBe('2017-05-25');
    expect(req!.raw.headers.authorization).toMatch(
      new RegExp(
        `^ACS3-HMAC-SHA256 Credential=${fake.settings.accessKeyId},SignedHeaders=[a-z0-9;-]+,Signature=[0-9a-f]{64}$`,
      ),
    );
    expect(fake.lastCode('13800001111')).toBe('042917');
  });

  it('a wrong AccessKey secret is refused by the fake (400 SignatureDoesNotMatch) and the provider throws', async () => {
    const provider = createAliyunSmsProvider({ ...fake.settings, accessKeySecret: 'not-the-secret' });
    await expect(provider.send('13800001111', '123456', 'login')).rejects.toThrow(
      /aliyun SendSms failed: SignatureDoesNotMatch \(HTTP 400\) Specified signature does not match/,
    );
    expect(fake.requests.map((r) => [r.status, r.code])).toEqual([[400, 'SignatureDoesNotMatch']]);
    expect(fake.messages).toHaveLength(0);
    // An AccessKey ID the fake does not know: 404 InvalidAccessKeyId.NotFound.
    const stranger = createAliyunSmsProvider({ ...fake.settings, accessKeyId: 'LTAI5tUnknown' });
    await expect(stranger.send('13800001111', '123456', 'login')).rejects.toThrow(
      /InvalidAccessKeyId\.NotFound \(HTTP 404\)/,
    );
    expect(fake.messages).toHaveLength(0);
  });

  it('a replayed request is refused (SignatureNonceUsed), a changed one no longer matches its signature, an unsigned header is incomplete', async () => {
    await createAliyunSmsProvider(fake.settings).send('13800001111', '555555', 'login');
    const original = fake.requests[0]!;
    const replay = await fake.replay(original);
    expect(replay.status).toBe(400);
    expect(replay.body.Code).toBe('SignatureNonceUsed');

    // Another phone number (and a fresh nonce) under the same signature.
    const forged = {
      ...original,
      raw: {
        ...original.raw,
        path: original.raw.path.replace('PhoneNumbers=13800001111', 'PhoneNumbers=13900002222'),
        headers: { ...original.raw.headers, 'x-acs-signature-nonce': 'fresh-nonce-1' },
      },
    };
    expect(forged.raw.path).toContain('13900002222');
    const f = await fake.replay(forged);
    expect(f.status).toBe(400);
    expect(f.body.Code).toBe('SignatureDoesNotMatch');

    // x-acs-date left out of SignedHeaders.
    const auth = original.raw.headers.authorization!.replace('x-acs-date;', '');
    expect(auth).not.toContain('x-acs-date');
    const unsigned = {
      ...original,
      raw: {
        ...original.raw,
        headers: { ...original.raw.headers, authorization: auth, 'x-acs-signature-nonce': 'fresh-nonce-2' },
      },
    };
    const u = await fake.replay(unsigned);
    expect(u.status).toBe(400);
    expect(u.body.Code).toBe('IncompleteSignature');
    expect(fake.messages).toHaveLength(1);
  });

  it('a request dated more than 15 minutes from the fake’s clock is refused', async () => {
    const late = await startFakeAliyunSms({ now: () => Date.now() + 16 * 60_000 });
    try {
      await expect(
        createAliyunSmsProvider(late.settings).send('13800001111', '123456', 'login'),
      ).rejects.toThrow(/InvalidTimeStamp\.Expired/);
      expect(late.messages).toHaveLength(0);
    } finally {
      await late.close();
    }
  });

  it('a business error (HTTP 200, Code ≠ OK) makes the provider throw with Alibaba’s code and reason', async () => {
    fake.failWith('isv.BUSINESS_LIMIT_CONTROL');
    const provider = createAliyunSmsProvider(fake.settings);
    await expect(provider.send('13800001111', '123456', 'login')).rejects.toThrow(
      /refused: isv\.BUSINESS_LIMIT_CONTROL 触发分钟级流控/,
    );
    fake.failWith(null);
    // Refusals the fake decides by itself: a number that is no mainland mobile, an unknown template or sign name.
    await expect(provider.send('2380000000', '123456', 'login')).rejects.toThrow(
      /isv\.MOBILE_NUMBER_ILLEGAL 非法手机号/,
    );
    await expect(
      createAliyunSmsProvider({ ...fake.settings, templateCode: 'SMS_000000001' }).send(
        '13800001111',
        '123456',
        'login',
      ),
    ).rejects.toThrow(/isv\.SMS_TEMPLATE_ILLEGAL/);
    await expect(
      createAliyunSmsProvider({ ...fake.settings, signName: '别家' }).send('13800001111', '123456', 'login'),
    ).rejects.toThrow(/isv\.SMS_SIGNATURE_ILLEGAL/);
    expect(fake.messages).toHaveLength(0);
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // And after the fault is gone the same provider delivers again.
    await provider.send('13800001111', '654321', 'register');
    expect(fake.lastCode('13800001111')).toBe('654321');
  });

  it('a provider pointed at nothing throws (connection refused) instead of hanging', async () => {
    const closed = await startFakeAliyunSms();
    const settings = closed.settings;
    await closed.close();
    await expect(createAliyunSmsProvider(settings).send('13800001111', '123456', 'login')).rejects.toThrow(
      /aliyun SendSms failed/,
    );
  });
});

describe('ALIYUN_SMS_ENDPOINT', () => {
  it('a bare host is HTTPS; a URL gives its protocol and host:port; anything else is refused', () => {
    expect(aliyunEndpoint('dysmsapi.aliyuncs.com')).toEqual({
      protocol: 'https',
      host: 'dysmsapi.aliyuncs.com',
    });
    expect(aliyunEndpoint('http://127.0.0.1:8123')).toEqual({ protocol: 'http', host: '127.0.0.1:8123' });
    expect(aliyunEndpoint('https://dysmsapi.ap-southeast-1.aliyuncs.com/')).toEqual({
      protocol: 'https',
      host: 'dysmsapi.ap-southeast-1.aliyuncs.com',
    });
    for (const bad of ['ftp://x', 'http://x/path', 'http://u:p@x', 'a b'])
      expect(() => aliyunEndpoint(bad), bad).toThrow(/invalid ALIYUN_SMS_ENDPOINT/);
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
    const aliyun = {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'sec',
      ALIYUN_SMS_SIGN_NAME: 'sign',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    };
    expect(loadConfig({ ...aliyun, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9000' }).sms.aliyun?.endpoint).toBe(
      'http://127.0.0.1:9000',
    );
    expect(() => loadConfig({ ...aliyun, ALIYUN_SMS_ENDPOINT: 'ftp://dysmsapi.aliyuncs.com' })).toThrow(
      /ALIYUN_SMS_ENDPOINT/,
    );
    expect(() => loadConfig({ ...aliyun, ALIYUN_SMS_ENDPOINT: 'https://x/api' })).toThrow(
      /ALIYUN_SMS_ENDPOINT/,
    );
  });
});
