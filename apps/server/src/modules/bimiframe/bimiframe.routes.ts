/**
 * The embeddable model and drawing viewer (issue 13; spec 000 §2 and 001 §2 `/bimiframe`, query
 * `type`, `src`, `viewMode`; exempt from sign-in):
 * - `POST /api/Home/BimIframeLink` {IUID, hours, viewMode}: for a model or drawing the caller may
 *   view, a signed, expiring `PUBLIC_URL/bimiframe?type=model|drawing&src=…&viewMode=…`.
 * - `GET /api/Home/BimIframePreview?src=`: the file's preview, browse only (no download, no
 *   favourite), and the origins allowed to embed the frame and talk to it. A bad or expired `src` is
 *   403; a deleted file 404.
 * - `addBimIframeHeaders`: the `/bimiframe` page may be framed by this site and the origins of
 *   `BIMIFRAME_ALLOWED_ORIGINS` (CSP frame-ancestors; no X-Frame-Options); every other page keeps
 *   `frame-ancestors 'self'`.
 * The postMessage API of the page is in apps/web/src/features/preview/lib/bim-iframe-messages.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, BimIframeData, BimIframeLink, BimIframeLinkBody, BimIframeQuery } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { ok, okSchema } from '../../lib/http.ts';
import { formatDateTime } from '../../lib/time.ts';
import { previewKindFor } from '../files/preview-kind.ts';
import { buildPreview } from '../files/preview.service.ts';
import { callerOf } from '../auth/route-auth.ts';
import type { Services } from '../../services.ts';

/** The ticket variant of a frame link (never served as bytes by the signed-file route). */
const FRAME = 'bim-iframe';
/** The page the headers are for. */
const FRAME_PATH = '/bimiframe';

/** `model` or `drawing` for a file's preview kind; null for anything else. */
function frameType(kind: string): 'model' | 'drawing' | null {
  if (kind === 'fragments' || kind === 'glb') return 'model';
  if (kind === 'drawing') return 'drawing';
  return null;
}

/** Register the /bimiframe routes. */
export function bimIframeRoutes(
  ctx: AppContext,
  s: Pick<Services, 'files' | 'tickets'>,
): FastifyPluginAsyncZod {
  const { files, tickets } = s;
  const tags = ['bimiframe'];
  return async (app) => {
    app.post(
      Api.bimIframeLink,
      { schema: { tags, body: BimIframeLinkBody, response: okSchema(BimIframeLink) } },
      async (req) => {
        const caller = callerOf(req);
        const f = await files.requireFile(caller, req.body.IUID, 'view');
        const type = f.kind === 2 ? frameType(previewKindFor(f.suffix)) : null;
        if (!type) throw badRequest('只有模型和图纸可以生成嵌入链接');
        const seconds = req.body.hours * 3600;
        // The link outlives sessions (another site keeps it) but not the user's right to the file.
        const src = await ctx.tokens.signTicket(
          { fileId: f.id, variant: FRAME, download: false, userId: caller.user.id },
          seconds,
        );
        const query = new URLSearchParams({ type, src, viewMode: req.body.viewMode });
        return ok({
          url: `${ctx.config.publicUrl}${FRAME_PATH}?${query.toString()}`,
          expiresAt: formatDateTime(new Date(Date.now() + seconds * 1000)),
        });
      },
    );

    app.get(
      Api.bimIframePreview,
      {
        schema: { tags, querystring: BimIframeQuery, response: okSchema(BimIframeData) },
        config: { public: 'signed-url' },
      },
      async (req) => {
        const ticket = await ctx.tokens.verifyTicket(req.query.src);
        if (!ticket?.userId || ticket.variant !== FRAME) throw new AppError(403, '嵌入链接无效或已过期');
        const f = await tickets.fileOf(req.query.src, ticket);
        const preview = await buildPreview(ctx, f, {
          canDownload: false,
          collected: false,
          origin: { userId: ticket.userId },
        });
        return ok({ preview, allowedOrigins: ctx.config.bimIframeOrigins });
      },
    );
  };
}

/**
 * Let the allowed sites frame `/bimiframe` (and nothing else): its CSP's frame-ancestors lists this
 * site and `BIMIFRAME_ALLOWED_ORIGINS`, and helmet's X-Frame-Options is dropped for it.
 */
export function addBimIframeHeaders(app: FastifyInstance, ctx: AppContext): void {
  const ancestors = ["'self'", ...ctx.config.bimIframeOrigins].join(' ');
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.split('?')[0] !== FRAME_PATH) return payload;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header(
        'content-security-policy',
        csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`),
      );
    reply.removeHeader('x-frame-options');
    return payload;
  });
}
