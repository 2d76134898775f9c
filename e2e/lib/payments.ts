/**
 * The server settings that point the product at the fake payment providers of the server's tests
 * (apps/server/src/test/fake-wechatpay.ts, fake-alipay.ts: they sign and encrypt as the real ones).
 */
import type { FakeAlipay } from '../../apps/server/src/test/fake-alipay.ts';
import type { FakeWechatPay } from '../../apps/server/src/test/fake-wechatpay.ts';
import type { ServerEnv } from './journey.ts';

/** The WECHATPAY_* settings for the running fake WeChat Pay `wx` (startServer's env). */
export function wechatPayEnv(wx: FakeWechatPay): ServerEnv {
  return {
    WECHATPAY_APP_ID: wx.config.appId,
    WECHATPAY_MCH_ID: wx.config.mchId,
    WECHATPAY_MCH_CERT: wx.config.mchCertPem,
    WECHATPAY_MCH_PRIVATE_KEY: wx.config.mchPrivateKeyPem,
    WECHATPAY_API_V3_KEY: wx.config.apiV3Key,
    WECHATPAY_BASE_URL: wx.url,
  };
}

/** The ALIPAY_* settings for the running fake Alipay `ali` (startServer's env). */
export function alipayEnv(ali: FakeAlipay): ServerEnv {
  return {
    ALIPAY_APP_ID: ali.config.appId,
    ALIPAY_PRIVATE_KEY: ali.config.privateKeyPem,
    ALIPAY_PUBLIC_KEY: ali.config.alipayPublicKeyPem,
    ALIPAY_SELLER_ID: ali.config.sellerId,
    ALIPAY_ENDPOINT: ali.config.endpoint,
    ALIPAY_GATEWAY: ali.config.gateway,
  };
}
