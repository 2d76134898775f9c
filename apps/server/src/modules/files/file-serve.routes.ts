/**
 * `GET /api/files/signed?t=` — serves the bytes a signed ticket grants, with HTTP Range (206,
 * Content-Range, 416) for resumable downloads and video seeking. Image renditions (for browse-only
 * shares) are made once with sharp and kept beside the derived files. A model's first-frame preview
 * GLB is sent gzipped (its `.gz` copy) to clients that accept it.
 */
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import rangeParser from 'range-parser';
import sharp from 'sharp';
import { z } from 'zod';
import { Api } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { derivedDirKey, originalKey, previewGlbKey } from '../../storage/local-storage.ts';
import { filesRepository, type FileRowDb } from './files.repository.ts';
import { derivedName, ORIGINAL, PREVIEW, RENDITION } from './file-tickets.ts';
import { mimeFor } from './preview-kind.ts';

/** Make (once) a browse-only image rendition: WebP, at most 2560 px on the long side. */
async function ensureRendition(ctx: AppContext, f: FileRowDb): Promise<string> {
  const key = `${derivedDirKey(f.ownerId, f.id)}/rendition.webp`;
  const out = ctx.storage.localPath(key);
  if (await stat(out).catch(() => null)) return key;
  await mkdir(path.dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  await sharp(ctx.storage.localPath(originalKey(f.ownerId, f.id)), { limitInputPixels: 1e9 })
    .rotate()
    .resize(2560, 2560, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toFile(tmp);
  await rename(tmp, out);
  return key;
}

/** Content-Disposition with a UTF-8 file name (RFC 6266 / 5987). */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Register the signed-file route. */
export function fileServeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const repo = filesRepository(ctx.db);
  return async (app) => {
    app.get(
      Api.signedFile,
      { schema: { tags: ['files'], querystring: z.object({ t: z.string().min(1) }), hide: false } },
      async (req, reply) => {
        const ticket = await ctx.tokens.verifyTicket(req.query.t);
        if (!ticket) throw new AppError(403, '链接已失效，请刷新后重试');
        const f = await repo.findById(ticket.fileId);
        if (!f || f.kind !== 2) throw notFound();
        let key: string;
        let mime: string;
        let name = f.name;
        let gzipped: Awaited<ReturnType<typeof ctx.storage.stat>> = null; // the .gz copy, when sent
        if (ticket.variant === ORIGINAL) {
          key = originalKey(f.ownerId, f.id);
          mime = mimeFor(f.suffix);
        } else if (ticket.variant === RENDITION) {
          key = await ensureRendition(ctx, f);
          mime = 'image/webp';
          name = `${f.name}.webp`;
        } else if (ticket.variant === PREVIEW) {
          if (f.statusType !== 3) throw notFound('文件未转换完毕，请稍后查看');
          key = previewGlbKey(f.ownerId, f.id);
          mime = 'model/gltf-binary';
          name = `${f.name}.preview.glb`;
          // The whole preview, gzipped once when it was written (meshopt data shrinks ~7×).
          reply.header('vary', 'accept-encoding');
          const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
          if (accepts && !req.headers.range) gzipped = await ctx.storage.stat(`${key}.gz`);
          if (gzipped) key = `${key}.gz`;
        } else {
          const dn = derivedName(f);
          if (!dn || dn !== ticket.variant || !f.derivedKey) throw notFound('文件未转换完毕，请稍后查看');
          key = f.derivedKey;
          mime = mimeFor(dn.slice(dn.lastIndexOf('.') + 1));
          name = dn;
        }
        const obj = gzipped ?? (await ctx.storage.stat(key));
        if (!obj) throw notFound();
        if (gzipped) reply.header('content-encoding', 'gzip');
        else reply.header('accept-ranges', 'bytes');
        reply.header('content-type', mime);
        reply.header('cache-control', 'private, max-age=3600');
        reply.header('x-content-type-options', 'nosniff');
        reply.header('content-disposition', disposition(ticket.download ? 'attachment' : 'inline', name));
        const rangeHeader = req.headers.range;
        if (rangeHeader) {
          const ranges = rangeParser(obj.size, rangeHeader, { combine: true });
          if (ranges === -1) {
            reply.header('content-range', `bytes */${obj.size}`);
            return reply.code(416).send();
          }
          if (ranges !== -2 && ranges.length === 1) {
            const r = ranges[0]!;
            reply.code(206);
            reply.header('content-range', `bytes ${r.start}-${r.end}/${obj.size}`);
            reply.header('content-length', r.end - r.start + 1);
            return reply.send(ctx.storage.read(key, { start: r.start, end: r.end }));
          }
        }
        reply.header('content-length', obj.size);
        return reply.send(ctx.storage.read(key));
      },
    );
  };
}
