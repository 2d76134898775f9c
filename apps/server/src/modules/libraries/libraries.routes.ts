/**
 * Routes of the knowledge bases and public libraries (issue 5; spec 001 §7):
 * - `GET Api.libraryGet?kind=` → SpaceSummary of the caller's library of that kind (403 Company
 *   without a company or in the personal edition).
 * - `POST Api.knowledgeBaseCollect` / `knowledgeBaseUncollect` {IUID}: a file of StandardInfo,
 *   Company or Mine; `POST Api.publicLibraryCollect` / `publicLibraryUncollect` {IUID}: a file of the
 *   component or blueprint library. 404 for files the caller may not view or of another kind of area.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, IuidBody, LibraryQuery, SpaceSummary } from '@bimdrive/contracts';
import { type LibraryGroup } from './libraries.service.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Register the library routes. */
export function librariesRoutes(s: Pick<Services, 'libraries'>): FastifyPluginAsyncZod {
  const { libraries } = s;
  const tags = ['libraries'];
  return async (app) => {
    const route = callerRoutes(app, tags);
    route.get(Api.libraryGet, LibraryQuery, SpaceSummary, (caller, q) => libraries.get(caller, q.kind));

    const collectRoutes: Array<[string, LibraryGroup, boolean]> = [
      [Api.knowledgeBaseCollect, 'knowledgeBase', true],
      [Api.knowledgeBaseUncollect, 'knowledgeBase', false],
      [Api.publicLibraryCollect, 'publicLibrary', true],
      [Api.publicLibraryUncollect, 'publicLibrary', false],
    ];
    for (const [path, group, on] of collectRoutes) {
      route.act(path, IuidBody, on ? '收藏成功' : '已取消收藏', (caller, body) =>
        libraries.setCollected(caller, group, body.IUID, on),
      );
    }
  };
}
