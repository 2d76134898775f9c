/**
 * `GET /api/files/signed?t=` — serves the bytes a signed ticket grants, with HTTP Range (206,
 * Content-Range, 416) for resumable downloads and video seeking. Image renditions (for browse-only
 * shares; always for tif/tiff, bmp and svg, see image-rendition.ts) are made once with sharp and kept
 * beside the derived files. A model's first-frame preview
 * GLB is sent gzipped (its `.gz` copy) to clients that accept it; a `.frag` shown in the viewer (not
 * downloaded) is sent as its `.br` copy (the model uncompressed inside, brotli over HTTP:
 * converters/ifc-to-fragments.child.ts, issue 17) to clients that accept br. The same tickets serve
 * `GET /api/home/GetVideoFile?fileUrl=` (videos, original or MP4 rendition; 001 §7) and
 * `GET /api/home/GetUploadPictureFile?t=&page=` (a large presentation's page pictures; 001 §2, §7).
 * Downloads from an S3 store with `S3_PUBLIC_ENDPOINT` answer 302 to a presigned URL (issue 15).
 */
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import rangeParser from 'range-parser';
import { z } from 'zod';
import { Api } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { openStaging } from '../../storage/staging.ts';
import { derivedDirOf, originalKeyOf, previewGlbKeyOf } from '../../storage/local-storage.ts';
import type { FileRowDb } from './files.repository.ts';
import { derivedName, ORIGINAL, PAGES, POSTER, posterKeyOf, PREVIEW, RENDITION } from './file-tickets.ts';
import { ensurePageImage, pageCountOf } from './page-images.ts';
import { mimeFor } from './preview-kind.ts';
import { renditionInput, sniffStoredImage, SVG_CSP } from './image-rendition.ts';
import type { Services } from '../../services.ts';

/**
 * Lifetime of a presigned store URL a download is redirected to (seconds): enough to follow the
 * redirect, short enough that revoking the share or session stops new downloads within a minute
 * (a transfer under way finishes; a resumed one comes back here and is checked again).
 */
export const DIRECT_URL_SECONDS = 60;

/** Make (once) a browse-only image rendition: WebP, at most 2560 px on the long side. */
async function ensureRendition(ctx: AppContext, f: FileRowDb): Promise<string> {
  const key = `${derivedDirOf(originalKeyOf(f))}/rendition.webp`;
  if (await ctx.storage.stat(key)) return key;
  // Made in a scratch folder and moved into the store whole (local disk or S3).
  const scratch = await openStaging(ctx.config.dataDir);
  try {
    const out = path.join(scratch.dir, 'rendition.webp');
    await (
      await renditionInput(await ctx.storage.localFile(originalKeyOf(f), scratch.dir), f.suffix)
    )
      .rotate()
      .resize(2560, 2560, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toFile(out);
    await ctx.storage.importFile(key, out);
    return key;
  } finally {
    await scratch.dispose();
  }
}

/** Content-Disposition with a UTF-8 file name (RFC 6266 / 5987). */
export function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Register the signed-file route. */
export function fileServeRoutes(ctx: AppContext, s: Pick<Services, 'tickets'>): FastifyPluginAsyncZod {
  const { tickets } = s;
  return async (app) => {
    /** Serve what a signed ticket grants (shared by the signed-file and the video routes). */
    const serve = async (token: string, req: FastifyRequest, reply: FastifyReply) => {
      // The ticket's file (at its version), while the ticket's origin still allows it (issue 15).
      const { ticket, file: f } = await tickets.open(token);
      let key: string;
      let mime: string;
      let name = f.name;
      // A compressed copy kept beside the file (`<key>.gz` / `<key>.br`), sent to clients that accept it.
      let precompressed: 'gzip' | 'br' | null = null;
      if (ticket.variant === ORIGINAL) {
        key = originalKeyOf(f);
        mime = mimeFor(f.suffix);
        // 001 §9 "gpj" (and any image suffix): the type the bytes are, not the name's.
        if (mime.startsWith('image/') && f.suffix !== 'svg')
          mime = (await sniffStoredImage(ctx, key)) ?? mime;
      } else if (ticket.variant === RENDITION) {
        key = await ensureRendition(ctx, f);
        mime = 'image/webp';
        name = `${f.name}.webp`;
      } else if (ticket.variant === PAGES) {
        // One page of a large presentation's PDF rendition as a picture (001 §2, §7).
        const page = Number((req.query as { page?: string }).page);
        const count = pageCountOf(f);
        if (f.statusType !== 3 || f.derivedKind !== 'pdf') throw notFound('文件未转换完毕，请稍后查看');
        if (!Number.isInteger(page) || page < 1 || (count !== null && page > count))
          throw new AppError(400, '页码超出范围');
        key = await ensurePageImage(ctx, f, page);
        mime = 'image/webp';
        name = `${f.name}.${page}.webp`;
      } else if (ticket.variant === POSTER) {
        if (f.statusType !== 3) throw notFound('文件未转换完毕，请稍后查看');
        key = posterKeyOf(f);
        mime = 'image/jpeg';
        name = `${f.name}.jpg`;
      } else if (ticket.variant === PREVIEW) {
        if (f.statusType !== 3) throw notFound('文件未转换完毕，请稍后查看');
        key = previewGlbKeyOf(originalKeyOf(f));
        mime = 'model/gltf-binary';
        name = `${f.name}.preview.glb`;
        // The whole preview, gzipped once when it was written (meshopt data shrinks ~7×).
        precompressed = 'gzip';
      } else {
        const dn = derivedName(f);
        if (!dn || dn !== ticket.variant || !f.derivedKey) throw notFound('文件未转换完毕，请稍后查看');
        key = f.derivedKey;
        mime = mimeFor(dn.slice(dn.lastIndexOf('.') + 1));
        name = dn;
        if (dn.endsWith('.frag') && !ticket.download) precompressed = 'br';
      }
      let encoded: Awaited<ReturnType<typeof ctx.storage.stat>> = null;
      if (precompressed) {
        reply.header('vary', 'accept-encoding');
        const ext = precompressed === 'gzip' ? 'gz' : 'br';
        const accepts = new RegExp(`\\b${precompressed}\\b`).test(
          String(req.headers['accept-encoding'] ?? ''),
        );
        if (accepts && !req.headers.range) encoded = await ctx.storage.stat(`${key}.${ext}`);
        if (encoded) key = `${key}.${ext}`;
      }
      const obj = encoded ?? (await ctx.storage.stat(key));
      if (!obj) throw notFound();
      if (encoded && precompressed) reply.header('content-encoding', precompressed);
      else reply.header('accept-ranges', 'bytes');
      reply.header('content-type', mime);
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('x-content-type-options', 'nosniff');
      if (mime.startsWith('image/svg')) reply.header('content-security-policy', SVG_CSP);
      reply.header('content-disposition', disposition(ticket.download ? 'attachment' : 'inline', name));
      // A download from an S3 store with a public address: the browser fetches the bytes from the
      // store itself (the ticket and its origin were checked above; the URL lives DIRECT_URL_SECONDS).
      if (ticket.download && !encoded && ctx.storage.directUrl) {
        const direct = await ctx.storage.directUrl(key, {
          expiresInSeconds: DIRECT_URL_SECONDS,
          contentType: mime,
          contentDisposition: disposition('attachment', name),
        });
        reply.header('cache-control', 'no-store');
        return reply.redirect(direct, 302);
      }
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
    };
    app.get(
      Api.signedFile,
      {
        schema: { tags: ['files'], querystring: z.object({ t: z.string().min(1).max(4096) }), hide: false },
        config: { public: 'signed-url' },
      },
      (req, reply) => serve(req.query.t, req, reply),
    );
    // 001 §7: "GET /api/home/GetVideoFile — query fileUrl (encoded path) — video stream, original and
    // converted". `fileUrl` is a signed ticket for the original or the MP4 rendition (file-tickets.ts).
    app.get(
      Api.videoFile,
      {
        schema: { tags: ['files'], querystring: z.object({ fileUrl: z.string().min(1).max(4096) }) },
        config: { public: 'signed-url' },
      },
      (req, reply) => serve(req.query.fileUrl, req, reply),
    );
    // 001 §7 "GET /api/home/GetUploadPictureFile — IUID, fileType — … converted presentation": the
    // file and the kind (`pages`) travel in a signed ticket `t` (an <img> sends no session header);
    // `page` is 1-based.
    app.get(
      Api.pictureFile,
      {
        schema: {
          tags: ['files'],
          querystring: z.object({
            t: z.string().min(1).max(4096),
            page: z.coerce.number().int().min(1).max(100_000),
          }),
        },
        config: { public: 'signed-url' },
      },
      (req, reply) => serve(req.query.t, req, reply),
    );
  };
}
