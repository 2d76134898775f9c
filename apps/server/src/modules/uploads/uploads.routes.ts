/**
 * tus 1.0 endpoint at `/api/files/uploads` and the spec's cancel call `GET /api/Home/Getfragmentdelete`.
 * In front of `@tus/server` this closes the protocol gaps DESIGN.md lists: an unsupported
 * `Tus-Resumable` answers 412 with `Tus-Version`, a missing one also carries `Tus-Version`, and
 * `X-HTTP-Method-Override` is honoured. PATCH, HEAD and DELETE of an upload go to the Node-level
 * handlers (tus-patch.ts); creation and OPTIONS to `@tus/server`, whose OPTIONS answer also gets
 * `Tus-Checksum-Algorithm` (checksum extension). GET of an upload is no tus request: 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Api, IuidQuery, ResultCode, VERSION_OF_METADATA } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { bearerToken, ok, okNull } from '../../lib/http.ts';
import { CHECKSUM_ALGORITHMS } from './tus-file-store.ts';
import type { Services } from '../../services.ts';

const TUS_VERSION = '1.0.0';
const OVERRIDABLE = new Set(['PATCH', 'DELETE', 'HEAD', 'POST', 'GET', 'OPTIONS']);

/** Whether a tus `Upload-Metadata` header has a non-empty value for `key`. */
function hasMetadataKey(header: string | string[] | undefined, key: string): boolean {
  if (typeof header !== 'string') return false;
  return header.split(',').some((pair) => {
    const [k, v] = pair.trim().split(' ');
    return k === key && !!v && Buffer.from(v, 'base64').length > 0;
  });
}

/** Register the tus endpoint, the version-upload alias and the cancel call. */
export function uploadsRoutes(ctx: AppContext, s: Pick<Services, 'auth' | 'uploads'>): FastifyPluginAsyncZod {
  const { auth, uploads } = s;
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
      const id = raw.url?.startsWith(`${Api.tus}/`) ? /\/([^/?]+)(?:\?.*)?$/.exec(raw.url)?.[1] : undefined;
      if (id && raw.method === 'PATCH') return uploads.patch(raw, reply.raw, id);
      if (id && raw.method === 'HEAD') return uploads.head(raw, reply.raw, id);
      if (id && raw.method === 'DELETE') return uploads.terminate(raw, reply.raw, id);
      if (raw.method === 'GET') {
        reply.raw.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      if (raw.method === 'OPTIONS')
        reply.raw.setHeader('tus-checksum-algorithm', CHECKSUM_ALGORITHMS.join(','));
      await uploads.tus.handle(raw, reply.raw);
    };
    const methods = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    app.route({ method: [...methods], url: Api.tus, schema: { hide: true }, handler: handle });
    app.route({ method: [...methods], url: `${Api.tus}/*`, schema: { hide: true }, handler: handle });

    // FileVersionAdd (001 §7; issue 5): tus creation of a new version of a file. It must name the file
    // in the `versionOf` metadata; the answer's Location is the ordinary upload URL, PATCHed as usual.
    app.route({
      method: ['POST', 'OPTIONS'],
      url: Api.versionAdd,
      schema: { hide: true },
      handler: async (req, reply) => {
        if (req.raw.method === 'POST' && !hasMetadataKey(req.headers['upload-metadata'], VERSION_OF_METADATA))
          return reply.code(400).send({ code: ResultCode.fail, msg: '请指定要添加新版本的文件', data: null });
        req.raw.url = Api.tus;
        return handle(req, reply);
      },
    });

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
