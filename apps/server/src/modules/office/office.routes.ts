/**
 * Office documents outside the file browser (issue 14):
 * - `POST /api/wps/genarate` (001 §7 `{fileId}` → `{wpsUrl}`): when `WPS_VIEWER_URL` is configured,
 *   the address of that external viewer (WPS, OnlyOffice, kkFileView…) with `{url}` replaced by the
 *   encoded, signed address of the original (valid 6 h); only for callers who may download the
 *   file, since the original leaves the product. Unconfigured: 501 with 功能暂停，服务端未支持 (001 §8).
 * - `POST /api/Home/BridgeOfficeLink`: a signed, expiring `PUBLIC_URL/bridgeOffice?t=…` for a
 *   document the caller may view (000 §2 /bridgeOffice, exempt from sign-in), for the chat app and
 *   other systems; `GET /api/Home/BridgeOfficePreview?t=` answers its preview, browse only.
 *   A bad or expired token is 403; a deleted file 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Api,
  BridgeOfficeLink,
  BridgeOfficeLinkBody,
  BridgeTokenQuery,
  PreviewInfo,
  WpsGenerateBody,
  WpsGenerateData,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { ok, okSchema } from '../../lib/http.ts';
import { formatDateTime } from '../../lib/time.ts';
import { ORIGINAL, sessionOrigin, signedFileUrl } from '../files/file-tickets.ts';
import { previewKindFor } from '../files/preview-kind.ts';
import { buildPreview } from '../files/preview.service.ts';
import { callerOf } from '../auth/route-auth.ts';
import type { Services } from '../../services.ts';

/** The ticket variant of a bridge link (never served as bytes by the signed-file route). */
const BRIDGE = 'bridge-office';
/** Message of an unconfigured external viewer (001 §8 default pause message). */
export const PAUSED_MSG = '功能暂停，服务端未支持';

/** Register the office routes. */
export function officeRoutes(ctx: AppContext, s: Pick<Services, 'files' | 'tickets'>): FastifyPluginAsyncZod {
  const { files, tickets } = s;
  const tags = ['office'];
  return async (app) => {
    app.post(
      Api.wpsGenerate,
      { schema: { tags, body: WpsGenerateBody, response: okSchema(WpsGenerateData) } },
      async (req) => {
        const caller = callerOf(req);
        const f = await files.requireFile(caller, req.body.fileId, 'download');
        if (!ctx.config.wpsViewerUrl) throw new AppError(501, PAUSED_MSG);
        if (f.kind !== 2) throw badRequest('文件夹不能预览');
        const src = `${ctx.config.publicUrl}${await signedFileUrl(ctx, f, ORIGINAL, false, sessionOrigin(caller))}`;
        return ok({ wpsUrl: ctx.config.wpsViewerUrl.replaceAll('{url}', encodeURIComponent(src)) });
      },
    );

    app.post(
      Api.bridgeOfficeLink,
      { schema: { tags, body: BridgeOfficeLinkBody, response: okSchema(BridgeOfficeLink) } },
      async (req) => {
        const caller = callerOf(req);
        const f = await files.requireFile(caller, req.body.IUID, 'view');
        const kind = f.kind === 2 ? previewKindFor(f.suffix) : 'none';
        if (kind !== 'office' && kind !== 'pdf') throw badRequest('只有办公文档和 PDF 可以生成文档链接');
        const seconds = req.body.hours * 3600;
        // The link outlives sessions (another system keeps it) but not the user's right to the file.
        const t = await ctx.tokens.signTicket(
          { fileId: f.id, variant: BRIDGE, download: false, userId: caller.user.id },
          seconds,
        );
        return ok({
          url: `${ctx.config.publicUrl}/bridgeOffice?t=${encodeURIComponent(t)}`,
          expiresAt: formatDateTime(new Date(Date.now() + seconds * 1000)),
        });
      },
    );

    app.get(
      Api.bridgeOfficePreview,
      {
        schema: { tags, querystring: BridgeTokenQuery, response: okSchema(PreviewInfo) },
        config: { public: 'signed-url' },
      },
      async (req) => {
        const ticket = await ctx.tokens.verifyTicket(req.query.t);
        if (!ticket?.userId || ticket.variant !== BRIDGE) throw new AppError(403, '文档链接无效或已过期');
        const f = await tickets.fileOf(req.query.t, ticket);
        return ok(
          await buildPreview(ctx, f, {
            canDownload: false,
            collected: false,
            origin: { userId: ticket.userId },
          }),
        );
      },
    );
  };
}
