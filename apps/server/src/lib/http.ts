/** HTTP helpers shared by routes: the success envelope and reading the bearer token. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, ResultCode, TAB_ID_HEADER, type Envelope } from '@bimdrive/contracts';

/** Wrap data in the success envelope `{code: 1, msg, data}`. */
export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: ResultCode.ok, msg, data };
}

/** Envelope schema for a route's 200 answer. */
export const okSchema = <T extends z.ZodType>(data: T) => ({ 200: envelope(data) });

/** Envelope schema for answers without data. */
export const okNull = { 200: envelope(z.null()) };

/** The session token from `Authorization: Bearer …` (undefined when absent). */
export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim() || undefined;
}

/** The share-visitor token from `Authorization: Share …`. */
export function shareToken(req: FastifyRequest): string | undefined {
  const m = /^Share\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return m?.[1]?.trim() || undefined;
}

/** The browser tab a request comes from (`x-tab-id`, 001 §8 -120: the caller's own open model never blocks it). */
export function tabIdOf(req: FastifyRequest): string | undefined {
  const v = req.headers[TAB_ID_HEADER];
  return typeof v === 'string' && v ? v.slice(0, 64) : undefined;
}

/**
 * Accept `application/x-www-form-urlencoded` bodies (at most 4 KiB), parsed into a plain object of
 * strings, for the routes registered on `app` (a plugin: scoped to it). The spec sends some calls as a
 * form (001 §7 GetProject, the transfer list's page and rows).
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
