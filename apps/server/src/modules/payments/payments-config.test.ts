/** Payment settings (config.ts `payments`) and the money helpers of the adapters. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { rsaKeyPair, selfSignedCert } from '../../test/test-certs.ts';
import { fenToYuanText, yuanTextToFen } from './payment-provider.ts';

describe('payment settings', () => {
  it('leaves both providers off by default, with a 15-day trial', () => {
    const c = loadConfig({});
    expect(c.payments).toEqual({ notifyBaseUrl: null, wechat: null, alipay: null });
    expect(c.trialDays).toBe(15);
  });

  it('refuses a partial provider and a short APIv3 key, naming the variables', () => {
    expect(() => loadConfig({ WECHATPAY_APP_ID: 'wx1' })).toThrow(ConfigError);
    expect(() => loadConfig({ WECHATPAY_APP_ID: 'wx1' })).toThrow(/WECHATPAY_MCH_ID: required/);
    expect(() => loadConfig({ WECHATPAY_API_V3_KEY: 'short' })).toThrow(/WECHATPAY_API_V3_KEY/);
    expect(() => loadConfig({ ALIPAY_APP_ID: '2021' })).toThrow(/ALIPAY_PRIVATE_KEY: required/);
    expect(() => loadConfig({ WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_1' })).toThrow(/give both or neither/);
  });

  it('reads PEMs as text with \\n escapes or from a file', async () => {
    const keys = rsaKeyPair();
    const cert = selfSignedCert(keys, 'm');
    const dir = await mkdtemp(path.join(tmpdir(), 'paycfg-'));
    await writeFile(path.join(dir, 'key.pem'), keys.privatePem);
    const c = loadConfig({
      WECHATPAY_APP_ID: 'wx1',
      WECHATPAY_MCH_ID: '1900000001',
      WECHATPAY_MCH_CERT: cert.pem.replace(/\n/g, '\\n'),
      WECHATPAY_MCH_PRIVATE_KEY: path.join(dir, 'key.pem'),
      WECHATPAY_API_V3_KEY: 'a'.repeat(32),
    });
    expect(c.payments.wechat).toMatchObject({ mchCertPem: cert.pem, mchPrivateKeyPem: keys.privatePem });
    expect(() =>
      loadConfig({
        ALIPAY_APP_ID: '1',
        ALIPAY_PRIVATE_KEY: '/nonexistent',
        ALIPAY_PUBLIC_KEY: keys.publicPem,
      }),
    ).toThrow(/ALIPAY_PRIVATE_KEY: neither PEM text nor a readable file/);
  });
});

describe('money', () => {
  it('converts fen and yuan text exactly', () => {
    expect(fenToYuanText(19800)).toBe('198.00');
    expect(fenToYuanText(5)).toBe('0.05');
    expect(yuanTextToFen('198.00')).toBe(19800);
    expect(yuanTextToFen('0.1')).toBe(10);
    expect(yuanTextToFen('1.999')).toBeNull();
    expect(yuanTextToFen('-1')).toBeNull();
  });
});
