/** Route of the cross-area name search (issue 5; `GET Api.searchFiles`, designed in the style of 001 §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, SearchData, SearchQuery } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { ok, okSchema } from '../../lib/http.ts';
import { searchService } from './search.service.ts';
import { callerOf } from '../auth/route-auth.ts';

/** Register the search route. */
export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const search = searchService(ctx);
  return async (app) => {
    app.get(
      Api.searchFiles,
      { schema: { tags: ['files'], querystring: SearchQuery, response: okSchema(SearchData) } },
      async (req) => ok(await search.search(callerOf(req), req.query)),
    );
  };
}
