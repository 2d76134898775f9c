/**
 * tus 1.0 endpoint at `/api/files/uploads` and the spec's cancel call `GET /api/Home/Getfragmentdelete`.
 * In front of `@tus/server` this closes the protocol gaps DESIGN.md lists: an unsupported
 * `Tus-Resumable` answers 412 with `Tus-Version`, a missing one also carries `Tus-Version`, and
 * `X-HTTP-Method-Override` is honoured.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Api, IuidQuery } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { bearerToken, ok, okNull } from '../../lib/http.ts';
import { authService } from '../auth/auth.service.ts';
import type { UploadsService } from './uploads.service.ts';

const TUS_VERSION = '1.0.0';
const OVERRIDABLE = new Set(['PATCH', 'DELETE', 'HEAD', 'POST', 'GET', 'OPTIONS']);

/** Register the tus endpoint and the cancel call. */
export function uploadsRoutes(ctx: AppContext, uploads: UploadsService): FastifyPluginAsyncZod {
  const auth = authService(ctx);
  return async (app) => {
    // tus bodies are raw streams handled by @tus/server.
    app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      const raw = req.raw;
      const override = req.headers['x-http-method-override'];
      if (typeof override === 'string' && OVERRIDABLE.has(override.toUpperCase()))
        raw.method = override.toUpperCase();
      const version = req.headers['tus-resumable'];
      if (raw.method !== 'OPTIONS' && raw.method !== 'GET' && version !== TUS_VERSION) {
        return reply
          .code(412)
          .header('tus-version', TUS_VERSION)
          .header('tus-resumable', TUS_VERSION)
          .type('text/plain')
          .send(version ? 'Unsupported Tus-Resumable version\n' : 'Tus-Resumable Required\n');
      }
      reply.hijack();
      const patchOf = raw.method === 'PATCH' ? /\/([^/?]+)(?:\?.*)?$/.exec(raw.url ?? '') : null;
      if (patchOf && raw.url?.startsWith(`${Api.tus}/`)) return uploads.patch(raw, reply.raw, patchOf[1]!);
      await uploads.tus.handle(raw, reply.raw);
    };
    const methods = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    app.route({ method: [...methods], url: Api.tus, schema: { hide: true }, handler: handle });
    app.route({ method: [...methods], url: `${Api.tus}/*`, schema: { hide: true }, handler: handle });

    app.get(
      Api.fragmentDelete,
      { schema: { tags: ['uploads'], querystring: IuidQuery, response: okNull } },
      async (req) => {
        const caller = await auth.authenticate(bearerToken(req));
        await uploads.cancel(caller, req.query.IUID);
        return ok(null, '已取消上传');
      },
    );
  };
}
