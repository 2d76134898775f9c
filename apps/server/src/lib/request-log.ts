/**
 * The request log (issue 15): one line per answered request, at a level that keeps the log small
 * under load and the events that matter visible —
 * - successful reads (GET/HEAD answered 1xx–3xx): `debug` (hidden at the default LOG_LEVEL=info);
 * - successful writes, refused sessions and rights (401, 403) and other client errors: `info`;
 * - rate-limit hits and lock-outs (429) and overload (503): `warn` (failed sign-ins get their own
 *   `warn` line from the sign-in service);
 * - server errors: `error` (with the error, by the error handler).
 * The line names the method, the path without its query string (signed URLs carry their ticket
 * there), the route, the status, the time taken, the client address (as TRUST_PROXY decides) and
 * the signed-in user. Fastify's own per-request lines are turned off (`disableRequestLogging`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The level of a finished request's line. */
export function requestLogLevel(method: string, status: number): 'debug' | 'info' | 'warn' | 'error' {
  if (status >= 500) return status === 503 ? 'warn' : 'error';
  if (status === 429) return 'warn';
  if (status >= 400) return 'info';
  return method === 'GET' || method === 'HEAD' ? 'debug' : 'info';
}

/** Add the request log to the root instance. */
export function addRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const level = requestLogLevel(req.method, reply.statusCode);
    req.log[level](
      {
        method: req.method,
        path: req.url.split('?')[0],
        route: req.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: req.ip,
        user: req.caller?.user.id,
      },
      'request',
    );
  });
}
