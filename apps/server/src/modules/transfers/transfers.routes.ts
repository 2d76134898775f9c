/**
 * Completed-transfer record calls (spec 000 §7): `POST GetTransmissionData` (form or JSON page, rows),
 * `POST DeleteTransmissionDataById?IUID=`, `POST DeleteAllTransmissionData`. All authenticate first.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, TransmissionIdQuery, TransmissionList, TransmissionQuery } from '@bimdrive/contracts';
import { acceptFormBodies, ok, okNull } from '../../lib/http.ts';
import { callerOf } from '../auth/route-auth.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

const tags = ['transfers'];

/** Register the transfer-record routes. */
export function transfersRoutes(s: Pick<Services, 'transfers'>): FastifyPluginAsyncZod {
  const { transfers } = s;
  return async (app) => {
    const route = callerRoutes(app, tags);
    // The spec sends page and rows as a form.
    acceptFormBodies(app);

    route.post(Api.transmissionList, TransmissionQuery.nullish(), TransmissionList, (caller, body) =>
      transfers.list(caller, body ?? TransmissionQuery.parse({})),
    );

    app.post(
      Api.transmissionDelete,
      { schema: { tags, querystring: TransmissionIdQuery, response: okNull } },
      async (req) => {
        const caller = callerOf(req);
        await transfers.remove(caller, req.query.IUID);
        return ok(null, '删除成功');
      },
    );

    route.act(Api.transmissionDeleteAll, null, '删除成功', (caller) => transfers.removeAll(caller));
  };
}
