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
import { ok, okSchema, shareToken } from '../../lib/http.ts';
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

    route.read(Api.shareList, z.array(z.object({ userName: z.string(), shareCount: z.number() })), (caller) =>
      shares.counts(caller),
    );

    route.read(Api.myShareList, z.array(MyShareRow), (caller) => shares.mine(caller));

    route.get(Api.myShareListPage, ShareListQuery, MySharePage, (caller, q) => shares.minePage(caller, q));

    route.act(Api.shareCancel, ShareCancelBody, '已取消分享', (caller, body) =>
      shares.cancel(caller, body.shareCode),
    );

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
