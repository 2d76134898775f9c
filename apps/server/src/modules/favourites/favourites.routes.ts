/**
 * Favourites (spec 001 §7 DrawingCollection / DrawingCollectionDe; 我的收藏 at /myCollection and
 * /myCollectionKnowledgeBase); the rules live in favourites.service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, IuidBody, ListData, ListQuery } from '@bimdrive/contracts';
import { ok, okNull } from '../../lib/http.ts';
import type { FavouritesService } from './favourites.service.ts';
import { callerOf } from '../auth/route-auth.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';

/** Register the favourite routes. */
export function favouritesRoutes(favourites: FavouritesService): FastifyPluginAsyncZod {
  const tags = ['favourites'];
  return async (app) => {
    const route = callerRoutes(app, tags);
    app.post(Api.collect, { schema: { tags, body: IuidBody, response: okNull } }, async (req) => {
      await favourites.collect(callerOf(req), req.body.IUID);
      return ok(null, '收藏成功');
    });

    app.post(Api.uncollect, { schema: { tags, body: IuidBody, response: okNull } }, async (req) => {
      await favourites.uncollect(callerOf(req), req.body.IUID);
      return ok(null, '已取消收藏');
    });

    for (const [path, group, title] of [
      [Api.myCollectionList, 'files', '我的收藏'],
      [Api.myCollectionKnowledgeBaseList, 'libraries', '我的收藏'],
    ] as const) {
      route.get(path, ListQuery, ListData, (caller, q) => favourites.list(caller, group, q, title));
    }
  };
}
