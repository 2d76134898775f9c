/** Route of the cross-area name search (issue 5; `GET Api.searchFiles`, designed in the style of 001 §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, SearchData, SearchQuery } from '@bimdrive/contracts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Register the search route. */
export function searchRoutes(s: Pick<Services, 'search'>): FastifyPluginAsyncZod {
  const { search } = s;
  return async (app) => {
    const route = callerRoutes(app, ['files']);
    route.get(Api.searchFiles, SearchQuery, SearchData, (caller, q) => search.search(caller, q));
  };
}
