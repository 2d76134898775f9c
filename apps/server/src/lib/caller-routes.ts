/**
 * Route plumbing shared by the session routes whose whole work is one service call: the caller, the
 * parsed query or body, and the service's answer in the success envelope (`ok`, `okSchema`), the
 * null-data envelope with a fixed message (`okNull`), or a CSV download. Routes with more to do (a
 * message that depends on the input, route config, a reply of their own, more than one call)
 * register themselves with `app.get` / `app.post` as before.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../modules/auth/route-auth.ts';
import type { Caller } from '../modules/auth/caller.ts';
import { ok, okNull, okSchema } from './http.ts';

/** The Fastify instance a route plugin gets (zod type provider). */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A route schema with its zod types widened: the helpers check the input and answer types in their
 * own signatures, which Fastify's generic inference cannot follow.
 */
interface RouteSchema {
  tags: string[];
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: { 200: z.ZodType };
}

/** What a route's service call may answer: the value itself or a promise of it. */
type Answer<T> = T | Promise<T>;

/** Registers session routes of one plugin under its OpenAPI `tags`; see `callerRoutes`. */
export interface CallerRoutes {
  /**
   * GET `path`: `query` validates the query string, `data` the answer; answers
   * `answer(caller, query)` in the success envelope.
   */
  get<Q extends z.ZodType, D extends z.ZodType>(
    path: string,
    query: Q,
    data: D,
    answer: (caller: Caller, query: z.output<Q>) => Promise<z.input<D>>,
  ): void;
  /**
   * GET `path` without a query-string schema (the caller's own things: my company, my orders…):
   * `data` validates the answer; answers `answer(caller)` in the success envelope.
   */
  read<D extends z.ZodType>(path: string, data: D, answer: (caller: Caller) => Answer<z.input<D>>): void;
  /**
   * POST `path`: `body` validates the body, `data` the answer; answers `run(caller, body)` in the
   * success envelope with `msg` as its message (default: the envelope's '操作成功').
   */
  post<B extends z.ZodType, D extends z.ZodType>(
    path: string,
    body: B,
    data: D,
    run: (caller: Caller, body: z.output<B>) => Promise<z.input<D>>,
    msg?: string,
  ): void;
  /**
   * POST `path` that only acts: `body` validates the body (`null`: the route has no body schema);
   * awaits `run(caller, body)`, drops what it answers and answers the null-data success envelope
   * `{code: 1, msg, data: null}` (response schema `okNull`) with the fixed message `msg`.
   */
  act<B extends z.ZodType>(
    path: string,
    body: B | null,
    msg: string,
    run: (caller: Caller, body: z.output<B>) => Promise<unknown>,
  ): void;
  /**
   * GET `path`: a spreadsheet export as a download (`text/csv; charset=utf-8`, file
   * `<name>-<YYYY-MM-DD>.csv`, today in UTC); `query` validates the query string and `write` returns
   * the whole document (lib/csv.ts `csvDocument`).
   */
  csv<Q extends z.ZodType>(
    path: string,
    query: Q,
    name: string,
    write: (caller: Caller, query: z.output<Q>) => Promise<string>,
  ): void;
}

/**
 * The session-route helpers of one route plugin. Every route they register needs a signed-in
 * session (401 from the session hook otherwise); errors the service throws (`AppError`) pass
 * through as they are.
 */
export function callerRoutes(app: ZodApp, tags: string[]): CallerRoutes {
  return {
    get(path, query, data, answer) {
      const schema: RouteSchema = { tags, querystring: query, response: okSchema(data) };
      app.get(path, { schema }, async (req) =>
        ok(await answer(callerOf(req), req.query as z.output<typeof query>)),
      );
    },
    read(path, data, answer) {
      const schema: RouteSchema = { tags, response: okSchema(data) };
      app.get(path, { schema }, async (req) => ok(await answer(callerOf(req))));
    },
    post(path, body, data, run, msg) {
      const schema: RouteSchema = { tags, body, response: okSchema(data) };
      app.post(path, { schema }, async (req) =>
        ok(await run(callerOf(req), req.body as z.output<typeof body>), msg),
      );
    },
    act(path, body, msg, run) {
      const schema: RouteSchema = body ? { tags, body, response: okNull } : { tags, response: okNull };
      app.post(path, { schema }, async (req) => {
        await run(callerOf(req), req.body as z.output<NonNullable<typeof body>>);
        return ok(null, msg);
      });
    },
    csv(path, query, name, write) {
      const schema: RouteSchema = { tags, querystring: query, response: { 200: z.string() } };
      app.get(path, { schema }, async (req, reply) =>
        sendCsv(reply, name, await write(callerOf(req), req.query as z.output<typeof query>)),
      );
    },
  };
}

/** Send `csv` as the download `<name>-<YYYY-MM-DD>.csv` (today, UTC). */
function sendCsv(reply: FastifyReply, name: string, csv: string): FastifyReply {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .send(csv);
}
