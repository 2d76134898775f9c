/** Routes of sharing (spec 001 §7) and of the public landing page /s (000 §2). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Api,
  MyShareRow,
  MySharePage,
  PreviewInfo,
  ShareAccess,
  ShareCancelBody,
  ShareCreated,
  ShareInfo,
  ShareLimitData,
  ShareListQuery,
  ShareRequest,
  ShareVerifyBody,
} from '@bimdrive/contracts';
import { ok, okNull, okSchema, shareToken } from '../../lib/http.ts';
import { callerOf } from '../auth/route-auth.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Register the share routes. */
export function sharesRoutes(s: Pick<Services, 'shares'>): FastifyPluginAsyncZod {
  const { shares } = s;
  const tags = ['shares'];
  return async (app) => {
    const route = callerRoutes(app, tags);
    route.post(Api.shareCheck, ShareRequest, ShareLimitData, (caller, body) => shares.check(caller, body));

    route.post(
      Api.share,
      ShareRequest,
      ShareCreated,
      (caller, body) => shares.create(caller, body),
      '分享链接已创建',
    );

    app.get(
      Api.shareList,
      {
        schema: {
          tags,
          response: okSchema(z.array(z.object({ userName: z.string(), shareCount: z.number() }))),
        },
      },
      async (req) => ok(await shares.counts(callerOf(req))),
    );

    app.get(Api.myShareList, { schema: { tags, response: okSchema(z.array(MyShareRow)) } }, async (req) =>
      ok(await shares.mine(callerOf(req))),
    );

    route.get(Api.myShareListPage, ShareListQuery, MySharePage, (caller, q) => shares.minePage(caller, q));

    app.post(Api.shareCancel, { schema: { tags, body: ShareCancelBody, response: okNull } }, async (req) => {
      const caller = callerOf(req);
      await shares.cancel(caller, req.body.shareCode);
      return ok(null, '已取消分享');
    });

    // Public (visitor) calls.
    app.get(
      Api.shareInfo,
      {
        schema: {
          tags,
          querystring: z.object({ code: z.string().min(1).max(64) }),
          response: okSchema(ShareInfo),
        },
        config: { public: true },
      },
      async (req) => ok(await shares.info(req.query.code)),
    );

    app.post(
      Api.shareVerify,
      {
        schema: { tags, body: ShareVerifyBody, response: okSchema(ShareAccess) },
        config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (req) => ok(await shares.verify(req.body.code, req.body.pwd, req.ip), '提取成功'),
    );

    app.get(
      Api.sharePreview,
      { schema: { tags, response: okSchema(PreviewInfo) }, config: { public: 'share-token' } },
      async (req) => ok(await shares.preview(shareToken(req))),
    );
  };
}
