/** Route of the cross-area name search (issue 5; `GET Api.searchFiles`, designed in the style of 001 §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, SearchData, SearchQuery } from '@bimdrive/contracts';
import { ok, okSchema } from '../../lib/http.ts';
import { callerOf } from '../auth/route-auth.ts';
import type { Services } from '../../services.ts';

/** Register the search route. */
export function searchRoutes(s: Pick<Services, 'search'>): FastifyPluginAsyncZod {
  const { search } = s;
  return async (app) => {
    app.get(
      Api.searchFiles,
      { schema: { tags: ['files'], querystring: SearchQuery, response: okSchema(SearchData) } },
      async (req) => ok(await search.search(callerOf(req), req.query)),
    );
  };
}
