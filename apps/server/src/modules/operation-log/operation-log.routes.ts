/**
 * Routes of the operation log (001 §2 /operationLog): the filtered page and its CSV export. Rules
 * (who reads what, 403) in operation-log.service.ts; shapes in contracts/admin.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, OperationLogPage, OperationLogQuery } from '@bimdrive/contracts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Register the operation-log routes. */
export function operationLogRoutes(s: Pick<Services, 'operationLog'>): FastifyPluginAsyncZod {
  const { operationLog: log } = s;
  const tags = ['admin'];
  return async (app) => {
    const route = callerRoutes(app, tags);
    route.get(Api.adminOperationLog, OperationLogQuery, OperationLogPage, (caller, q) => log.list(caller, q));

    route.csv(Api.adminOperationLogExport, OperationLogQuery, 'operation-log', (caller, q) =>
      log.export(caller, q),
    );
  };
}
