/**
 * Favourites (spec 001 §7 DrawingCollection / DrawingCollectionDe; 我的收藏 at /myCollection and
 * /myCollectionKnowledgeBase); the rules live in favourites.service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, IuidBody, ListData, ListQuery } from '@bimdrive/contracts';
import type { FavouritesService } from './favourites.service.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';

/** Register the favourite routes. */
export function favouritesRoutes(favourites: FavouritesService): FastifyPluginAsyncZod {
  const tags = ['favourites'];
  return async (app) => {
    const route = callerRoutes(app, tags);
    route.act(Api.collect, IuidBody, '收藏成功', (caller, body) => favourites.collect(caller, body.IUID));

    route.act(Api.uncollect, IuidBody, '已取消收藏', (caller, body) =>
      favourites.uncollect(caller, body.IUID),
    );

    for (const [path, group, title] of [
      [Api.myCollectionList, 'files', '我的收藏'],
      [Api.myCollectionKnowledgeBaseList, 'libraries', '我的收藏'],
    ] as const) {
      route.get(path, ListQuery, ListData, (caller, q) => favourites.list(caller, group, q, title));
    }
  };
}
