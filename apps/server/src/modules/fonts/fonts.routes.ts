/**
 * The font of the 2D drawing viewer (issue 13; 001 §2 preview overlay): `GET /api/fonts/cjk.ttf`
 * (`DRAWING_FONT_URL`) serves one TrueType font with CJK glyphs that the browser's dxf-viewer
 * (opentype.js) draws TEXT and MTEXT with, so Chinese never shows as boxes; SHX and big fonts fall
 * back to it. Public (share visitors draw text too) and cached for 30 days. The file is
 * `BIMDRIVE_CJK_FONT` when set, else Debian's `fonts-droid-fallback` (DroidSansFallbackFull.ttf, a
 * single TTF: opentype.js cannot read the .ttc collections of fonts-noto-cjk). 404 when none exists.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DRAWING_FONT_URL } from '@bimdrive/contracts';
import { notFound } from '../../lib/errors.ts';

/** Where the font is looked for, first found wins. */
export function cjkFontCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  return [
    ...(env.BIMDRIVE_CJK_FONT ? [env.BIMDRIVE_CJK_FONT] : []),
    '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
    '/usr/share/fonts/truetype/droid/DroidSansFallback.ttf',
  ];
}

/** The first candidate font file that exists, with its size and modification time; null when none. */
export async function findCjkFont(
  candidates = cjkFontCandidates(),
): Promise<{ path: string; size: number; mtime: Date } | null> {
  for (const p of candidates) {
    const s = await stat(p).catch(() => null);
    if (s?.isFile()) return { path: p, size: s.size, mtime: s.mtime };
  }
  return null;
}

/** Routes of the drawing viewer's font. */
export function fontsRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      DRAWING_FONT_URL,
      { schema: { tags: ['files'] }, config: { public: true } },
      async (req, reply) => {
        const font = await findCjkFont();
        if (!font) throw notFound('字体文件不存在');
        const etag = `"${font.size.toString(16)}-${font.mtime.getTime().toString(16)}"`;
        reply.header('cache-control', 'public, max-age=2592000');
        reply.header('etag', etag);
        if (req.headers['if-none-match'] === etag) return reply.code(304).send();
        reply.header('content-type', 'font/ttf');
        reply.header('content-length', font.size);
        return reply.send(createReadStream(font.path));
      },
    );
  };
}
