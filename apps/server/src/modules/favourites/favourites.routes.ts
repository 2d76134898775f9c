/**
 * Favourites (spec 001 §7 DrawingCollection / DrawingCollectionDe; 我的收藏 at /myCollection and
 * /myCollectionKnowledgeBase). Anyone who may view a file's space may collect it; the lists show only
 * what the caller may still view.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, IuidBody, ListData, ListQuery } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { ok, okNull, okSchema } from '../../lib/http.ts';
import { pickFileFilters } from '../files/file-filters.ts';
import { presentFile } from '../files/files.presenter.ts';
import { THUMB_KEY_LABEL, thumbSigner } from '../thumbnails/thumb-urls.ts';
import { filesService } from '../files/files.service.ts';
import { viewerOf } from '../spaces/space-access.ts';
import { favouritesRepository } from './favourites.repository.ts';
import { callerOf } from '../auth/route-auth.ts';

/** Register the favourite routes. */
export function favouritesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const files = filesService(ctx);
  const thumbKey = ctx.secretKey(THUMB_KEY_LABEL);
  const repo = favouritesRepository(ctx.db);
  const tags = ['favourites'];
  return async (app) => {
    app.post(Api.collect, { schema: { tags, body: IuidBody, response: okNull } }, async (req) => {
      const caller = callerOf(req);
      const f = await files.requireFile(caller, req.body.IUID, 'view');
      await repo.add(caller.user.id, f.id);
      return ok(null, '收藏成功');
    });

    app.post(Api.uncollect, { schema: { tags, body: IuidBody, response: okNull } }, async (req) => {
      const caller = callerOf(req);
      const f = await files.requireFile(caller, req.body.IUID, 'view');
      await repo.remove(caller.user.id, f.id);
      return ok(null, '已取消收藏');
    });

    for (const [path, group, title] of [
      [Api.myCollectionList, 'files', '我的收藏'],
      [Api.myCollectionKnowledgeBaseList, 'libraries', '我的收藏'],
    ] as const) {
      app.get(
        path,
        { schema: { tags, querystring: ListQuery, response: okSchema(ListData) } },
        async (req) => {
          const caller = callerOf(req);
          const q = req.query;
          const { rows, count } = await repo.list(
            viewerOf(ctx, caller),
            group,
            (q.page - 1) * q.rows,
            q.rows,
            {
              sort: q.sort,
              order: q.order,
              filters: pickFileFilters(q),
            },
          );
          const where = await files.locationsAcross(caller, rows);
          return ok({
            list: rows.map((r) => {
              const { fullPath, kind } = where(r);
              return {
                ...presentFile(r, { collected: true, fullPath, thumb: thumbSigner(thumbKey, caller) }),
                spaceKind: kind,
              };
            }),
            count,
            breadcrumbs: [{ iuid: '', fileName: title }],
          });
        },
      );
    }
  };
}
