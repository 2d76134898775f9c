/** Routes of sign-in and session (spec 000 §7 phoneLogin; register, logout, user info designed in its style). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  Api,
  ClientConfig,
  LoginBody,
  LoginData,
  RegisterBody,
  SessionUser,
  SpaceInfo,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { ok, okSchema } from '../../lib/http.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import { presentUser } from './auth.service.ts';
import type { Services } from '../../services.ts';
import { callerOf } from './route-auth.ts';

/** Register the auth routes. */
export function authRoutes(
  ctx: AppContext,
  s: Pick<Services, 'auth' | 'companies'>,
  demoPhone: () => string | null,
): FastifyPluginAsyncZod {
  const { auth, companies } = s;
  return async (app) => {
    const route = callerRoutes(app, ['auth']);
    app.get(
      Api.clientConfig,
      { schema: { tags: ['auth'], response: okSchema(ClientConfig) }, config: { public: true } },
      async () =>
        ok({
          productName: ctx.config.productName,
          registerEnabled: ctx.config.registerEnabled,
          systemIsPersonal: ctx.config.systemIsPersonal,
          officialSiteUrl: ctx.config.officialSiteUrl,
          demoPhone: demoPhone(),
          privateDeployment: ctx.config.privateDeployment,
          loginVideoUrl: ctx.config.loginVideoUrl,
          helpCenterUrl: ctx.config.helpCenterUrl,
          consultPhone: ctx.config.consultPhone,
          dingtalkEnabled: Boolean(ctx.config.dingtalk.appKey && ctx.config.dingtalk.appSecret),
          defaultCorpId: ctx.config.dingtalk.corpId ?? '',
          uploadConcurrency: ctx.config.uploadConcurrency,
        }),
    );

    app.post(
      Api.login,
      {
        schema: { tags: ['auth'], body: LoginBody, response: okSchema(LoginData) },
        config: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (req) =>
        ok(
          req.body.code
            ? await auth.loginWithCode(req.body.phone, req.body.code)
            : await auth.login(req.body.phone, req.body.password ?? '', req.ip),
          '登录成功',
        ),
    );

    app.post(
      Api.register,
      {
        schema: { tags: ['auth'], body: RegisterBody, response: okSchema(LoginData) },
        config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (req) =>
        ok(await auth.register(req.body.phone, req.body.password, req.body.name, req.body.code), '注册成功'),
    );

    route.act(Api.logout, null, '已退出登录', (caller) => auth.logout(caller));

    app.get(Api.userInfo, { schema: { tags: ['auth'], response: okSchema(SessionUser) } }, async (req) => {
      const caller = callerOf(req);
      const corpName = caller.user.corpId ? (await companies.mine(caller))?.corpName : '';
      return ok(presentUser(caller.user, ctx, corpName));
    });

    app.get(Api.space, { schema: { tags: ['auth'], response: okSchema(SpaceInfo) } }, async (req) => {
      const { user } = callerOf(req);
      const usable = user.quotaBytes;
      return ok({
        usedSpace: user.usedBytes,
        usableSpace: usable,
        space: Math.max(0, usable - user.usedBytes),
        usedPercent: usable > 0 ? Math.min(100, Math.round((user.usedBytes / usable) * 10000) / 100) : 0,
        serviceStopTime: user.serviceStopAt?.toISOString() ?? null,
      });
    });
  };
}
