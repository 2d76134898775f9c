/**
 * Routes of archive contents (issue 14 "archives"; 001 §9 zip, rar), in the style of 001 §7:
 *
 * - `GET /api/home/GetArchiveEntries?IUID=&version=` (Bearer) → ArchiveListing — a file the caller
 *   may not view answers 404 like a missing one.
 * - `GET /api/Share/ArchiveEntries` (`Authorization: Share <accessToken>`) → ArchiveListing of the
 *   shared archive.
 * - `GET /api/files/archive-entry?t=&i=&dl=` → one entry's bytes (inline, or attachment with
 *   `dl=1`), HTTP Range on entries served as they are; the URLs come in the listing.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import rangeParser from 'range-parser';
import { Api, ArchiveEntryQuery, ArchiveListing, VersionedIuidQuery } from '@bimdrive/contracts';
import { ok, okSchema, shareToken } from '../../lib/http.ts';
import { disposition } from '../files/file-serve.routes.ts';
import { SVG_CSP } from '../files/image-rendition.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Register the archive routes. */
export function archivesRoutes(s: Pick<Services, 'archives'>): FastifyPluginAsyncZod {
  const { archives } = s;
  return async (app) => {
    const route = callerRoutes(app, ['files']);
    route.get(Api.archiveEntries, VersionedIuidQuery, ArchiveListing, (caller, q) =>
      archives.listForCaller(caller, q.IUID, q.version),
    );

    app.get(
      Api.shareArchiveEntries,
      { schema: { tags: ['shares'], response: okSchema(ArchiveListing) }, config: { public: 'share-token' } },
      async (req) => ok(await archives.listForShare(shareToken(req))),
    );

    app.get(
      Api.archiveEntry,
      { schema: { tags: ['files'], querystring: ArchiveEntryQuery }, config: { public: 'signed-url' } },
      async (req, reply) => {
        const header = req.headers.range;
        let unsatisfiable: number | null = null;
        const body = await archives.entry(req.query.t, req.query.i, req.query.dl === '1', (size) => {
          if (!header || size === 0) return undefined;
          const ranges = rangeParser(size, header, { combine: true });
          if (ranges === -1) unsatisfiable = size;
          if (ranges === -1 || ranges === -2 || ranges.length !== 1) return undefined;
          return { start: ranges[0]!.start, end: ranges[0]!.end };
        });
        reply.header('content-type', body.mime);
        reply.header('cache-control', 'private, max-age=3600');
        reply.header('x-content-type-options', 'nosniff');
        // Whatever an entry holds (HTML, SVG, scripts), it never runs as a page of this site.
        reply.header('content-security-policy', `${SVG_CSP}; sandbox`);
        reply.header('content-disposition', disposition(body.download ? 'attachment' : 'inline', body.name));
        if (unsatisfiable !== null) {
          if (!Buffer.isBuffer(body.stream)) body.stream.destroy();
          reply.header('content-range', `bytes */${unsatisfiable}`);
          return reply.code(416).send();
        }
        if (!Buffer.isBuffer(body.stream)) {
          reply.header('accept-ranges', 'bytes');
          // Failing before the first byte (a lying size, bad data): the error goes out as the JSON envelope.
          body.stream.once('error', () => {
            if (reply.raw.headersSent) return;
            for (const h of [
              'content-type',
              'content-length',
              'content-disposition',
              'content-range',
              'accept-ranges',
            ])
              reply.removeHeader(h);
          });
        }
        if (body.range) {
          reply.code(206);
          reply.header('content-range', `bytes ${body.range.start}-${body.range.end}/${body.size}`);
          reply.header('content-length', body.range.end - body.range.start + 1);
        } else reply.header('content-length', body.size);
        return reply.send(body.stream);
      },
    );
  };
}
