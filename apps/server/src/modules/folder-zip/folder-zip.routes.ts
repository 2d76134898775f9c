/**
 * `GET /api/home/CompressFileFolder?iuid=` (001 §7; issue 5): a folder of the caller's space as a zip,
 * streamed while it is built (folder-zip.service.ts). The caller is the bearer of the session header,
 * or — for the browser's own download, which cannot send headers — of the short-lived signed `t` that
 * `GET /api/home/CompressFileFolderUrl?iuid=` hands out for that folder and session.
 * The download name is `<folder name>.zip` in an RFC 6266/5987 Content-Disposition (UTF-8 names).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Api, CompressFolderQuery, LowerIuidQuery } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { bearerToken, ok, okSchema } from '../../lib/http.ts';
import type { Caller } from '../auth/caller.ts';
import { disposition } from '../files/file-serve.routes.ts';
import { createFolderZip } from './folder-zip.service.ts';
import { callerOf } from '../auth/route-auth.ts';
import type { Services } from '../../services.ts';

/** Ticket variant of a folder-zip URL. */
const ZIP_VARIANT = 'zip';
/** Lifetime of a folder-zip URL in seconds: long enough for the browser to start the download. */
export const ZIP_TICKET_TTL_SECONDS = 300;

/** Register the folder-zip routes. */
export function folderZipRoutes(
  ctx: AppContext,
  s: Pick<Services, 'auth' | 'folderZip'>,
): FastifyPluginAsyncZod {
  const { auth, folderZip: area } = s;
  const tags = ['files'];

  /** The caller of a zip request: the bearer, or the session named by a valid ticket for this folder. */
  async function zipCallerOf(
    token: string | undefined,
    t: string | undefined,
    folderId: string,
  ): Promise<Caller> {
    if (!t) return auth.authenticate(token);
    const ticket = await ctx.tokens.verifyTicket(t);
    if (
      !ticket ||
      ticket.variant !== ZIP_VARIANT ||
      ticket.fileId !== folderId ||
      !ticket.sessionId ||
      !ticket.userId
    )
      throw new AppError(403, '链接已失效，请刷新后重试');
    return auth.authenticateSession(ticket.userId, ticket.sessionId);
  }

  return async (app) => {
    app.get(
      Api.compressFolderUrl,
      { schema: { tags, querystring: LowerIuidQuery, response: okSchema(z.string()) } },
      async (req) => {
        const caller = callerOf(req);
        const folder = await area.folder(caller, req.query.iuid);
        if (!folder) throw notFound('文件夹不存在或已被删除');
        const t = await ctx.tokens.signTicket(
          {
            fileId: folder.id,
            variant: ZIP_VARIANT,
            download: true,
            sessionId: caller.sessionId,
            userId: caller.user.id,
          },
          ZIP_TICKET_TTL_SECONDS,
        );
        return ok(`${Api.compressFolder}?${new URLSearchParams({ iuid: folder.id, t })}`);
      },
    );

    app.get(
      Api.compressFolder,
      { schema: { tags, querystring: CompressFolderQuery }, config: { public: 'signed-url' } },
      async (req, reply) => {
        const caller = await zipCallerOf(bearerToken(req), req.query.t, req.query.iuid);
        const zip = await createFolderZip(ctx, area, caller, req.query.iuid);
        // A client that goes away stops the archive and closes the open file.
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) zip.abort();
        });
        reply.header('content-type', 'application/zip');
        reply.header('content-disposition', disposition('attachment', zip.fileName));
        reply.header('cache-control', 'no-store');
        reply.header('x-content-type-options', 'nosniff');
        if (zip.size !== null) reply.header('content-length', zip.size);
        return reply.send(zip.stream);
      },
    );
  };
}
