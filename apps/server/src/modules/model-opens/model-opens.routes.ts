/**
 * Open models (spec 001 §8 -120; issue 13):
 * - `POST /api/Home/ModelClose` {IUID} (the -120 dialog's 关闭): closes the model in every viewer but
 *   the caller's tab (`modelForceClose {iuid}` to each) and answers `模型已关闭`. Only a user who may
 *   change the file may do it (403); a file they cannot see is 404.
 * - Hub events of the signed-in sockets: `modelOpen`, `modelClose`, `modelHeartbeat` (acked with
 *   ModelOpenAck); a disconnect closes the socket's models. Stale entries are pruned every TTL.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Api,
  MODEL_CLOSED_MSG,
  MODEL_OPEN_TTL_MS,
  ModelCloseBody,
  ModelOpenEvents,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { ok, okNull, tabIdOf } from '../../lib/http.ts';
import { callerOf } from '../auth/route-auth.ts';
import type { Services } from '../../services.ts';

/** Register the ModelClose route and the hub's open-model events. */
export function modelOpensRoutes(ctx: AppContext, s: Pick<Services, 'modelOpens'>): FastifyPluginAsyncZod {
  const { modelOpens: opens } = s;
  return async (app) => {
    ctx.hub.onClientEvent(ModelOpenEvents.open, (client, payload) => opens.open(client, payload));
    ctx.hub.onClientEvent(ModelOpenEvents.close, (client, payload) => opens.close(client, payload));
    ctx.hub.onClientEvent(ModelOpenEvents.heartbeat, (client, payload) => opens.heartbeat(client, payload));
    ctx.hub.onDisconnect((client) => opens.disconnect(client));
    const pruning = setInterval(() => {
      opens.prune().catch((err: unknown) => ctx.log.warn({ err }, 'stale open models not pruned'));
    }, MODEL_OPEN_TTL_MS);
    pruning.unref();
    app.addHook('onClose', async () => clearInterval(pruning));

    app.post(
      Api.modelClose,
      { schema: { tags: ['files'], body: ModelCloseBody, response: okNull } },
      async (req) => {
        const caller = callerOf(req);
        await opens.forceClose({ caller, tabId: tabIdOf(req) }, req.body.IUID);
        return ok(null, MODEL_CLOSED_MSG);
      },
    );
  };
}
