/** Route of the cross-area name search (issue 5; `GET Api.searchFiles`, designed in the style of 001 §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, SearchData, SearchQuery } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { bearerToken, ok, okSchema } from '../../lib/http.ts';
import { authService } from '../auth/auth.service.ts';
import { searchService } from './search.service.ts';

/** Register the search route. */
export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const auth = authService(ctx);
  const search = searchService(ctx);
  return async (app) => {
    app.get(
      Api.searchFiles,
      { schema: { tags: ['files'], querystring: SearchQuery, response: okSchema(SearchData) } },
      async (req) => ok(await search.search(await auth.authenticate(bearerToken(req)), req.query)),
    );
  };
}
