/**
 * `GET /api/files/thumb?t=` (issue 14): the `thumb.webp` of one file version as image/webp. The token
 * (thumb-urls.ts) is the only credential, so the URL works in an <img>; it is put only in rows the
 * caller may list and names their session, which must still be signed in and allowed to view the
 * file (ticket-access.ts, issue 15 revocation). Answers 403 for a forged, expired or revoked token, 404 when the file, the version or the
 * thumbnail is gone (or was remade in another format). Cached privately for an hour (the token's
 * lifetime is one to two hours and its URL changes with the bytes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Api } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { TICKET_REFUSED_MSG } from '../files/ticket-access.ts';
import { thumbKeyOf } from './thumbnail-maker.ts';
import { THUMB_KEY_LABEL, verifyThumbToken } from './thumb-urls.ts';
import type { Services } from '../../services.ts';

/** Register the thumbnail route. */
export function thumbnailRoutes(ctx: AppContext, s: Pick<Services, 'tickets'>): FastifyPluginAsyncZod {
  const { tickets } = s;
  const key = ctx.secretKey(THUMB_KEY_LABEL);
  return async (app) => {
    app.get(
      Api.fileThumb,
      {
        schema: { tags: ['files'], querystring: z.object({ t: z.string().min(1).max(512) }) },
        config: { public: 'signed-url' },
      },
      async (req, reply) => {
        const claim = verifyThumbToken(key, req.query.t);
        if (!claim) throw new AppError(403, TICKET_REFUSED_MSG);
        // The session it was listed for must still be signed in and allowed to view the file.
        const { fileId, userId, sessionId, version } = claim;
        const f = await tickets.fileOf(req.query.t, {
          fileId,
          variant: 'thumb',
          download: false,
          userId,
          sessionId,
          version,
        });
        if (f.thumbVersion !== claim.format) throw notFound();
        const thumbKey = thumbKeyOf(f);
        const obj = await ctx.storage.stat(thumbKey);
        if (!obj) throw notFound();
        reply.header('content-type', 'image/webp');
        reply.header('content-length', obj.size);
        reply.header('cache-control', 'private, max-age=3600');
        reply.header('x-content-type-options', 'nosniff');
        reply.header('content-disposition', 'inline; filename="thumb.webp"');
        return reply.send(ctx.storage.read(thumbKey));
      },
    );
  };
}
