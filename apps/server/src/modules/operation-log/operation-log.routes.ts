/**
 * Routes of the operation log (001 §2 /operationLog): the filtered page and its CSV export. Rules
 * (who reads what, 403) in operation-log.service.ts; shapes in contracts/admin.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Api, OperationLogPage, OperationLogQuery } from '@bimdrive/contracts';
import { ok, okSchema } from '../../lib/http.ts';
import { callerOf } from '../auth/route-auth.ts';
import type { Services } from '../../services.ts';

/** Register the operation-log routes. */
export function operationLogRoutes(s: Pick<Services, 'operationLog'>): FastifyPluginAsyncZod {
  const { operationLog: log } = s;
  const tags = ['admin'];
  return async (app) => {
    app.get(
      Api.adminOperationLog,
      { schema: { tags, querystring: OperationLogQuery, response: okSchema(OperationLogPage) } },
      async (req) => ok(await log.list(callerOf(req), req.query)),
    );

    app.get(
      Api.adminOperationLogExport,
      { schema: { tags, querystring: OperationLogQuery, response: { 200: z.string() } } },
      async (req, reply) => {
        const csv = await log.export(callerOf(req), req.query);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="operation-log-${day}.csv"`)
          .send(csv);
      },
    );
  };
}
