/**
 * Routes of the chat-app (DingTalk) sign-in — spec 000 §7 `GET /api/DingDing/Account/DDLogin` (query
 * code, corpId, application) and `GET /api/DingDing/ThirdPartyAccount/Login` (query code, corpId,
 * access_token, userId). Public (they create the session); rate-limited per client address.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, DDLoginQuery, LoginData, ThirdPartyLoginQuery } from '@bimdrive/contracts';
import { ok, okSchema } from '../../lib/http.ts';
import type { DingtalkService } from './dingtalk.service.ts';

/** Where DingTalk serves avatar images (allowed as image sources when DingTalk is configured). */
export const DINGTALK_IMAGE_ORIGINS: readonly string[] = ['https://*.dingtalk.com', 'https://*.alicdn.com'];

/** Register the DingTalk sign-in routes (`service`: the app's one, so its token cache is shared; tests pass their own). */
export function dingtalkRoutes(service: DingtalkService): FastifyPluginAsyncZod {
  return async (app) => {
    // A whole company may sign in from one address (NAT) at 9 o'clock; codes are DingTalk's, single use.
    const limits = { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } } as const;
    app.get(
      Api.ddLogin,
      {
        schema: { tags: ['auth'], querystring: DDLoginQuery, response: okSchema(LoginData) },
        config: limits,
      },
      async (req, reply) => {
        void reply.header('cache-control', 'no-store');
        return ok(await service.ddLogin(req.query), '登录成功');
      },
    );
    app.get(
      Api.ddThirdPartyLogin,
      {
        schema: { tags: ['auth'], querystring: ThirdPartyLoginQuery, response: okSchema(LoginData) },
        config: limits,
      },
      async (req, reply) => {
        void reply.header('cache-control', 'no-store');
        return ok(await service.thirdPartyLogin(req.query), '登录成功');
      },
    );
  };
}
