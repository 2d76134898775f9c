/**
 * The client of the request being served (address and user agent), for operation-log entries
 * written deep inside services without passing the request down: a hook enters an
 * AsyncLocalStorage scope for each request, and `requestMeta()` reads it (undefined outside a
 * request: jobs, the start-up sweep, the command line).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** Who sent the request: its client address (TRUST_PROXY applied) and user agent. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
}

const store = new AsyncLocalStorage<RequestMeta>();

/** Longest user agent kept. */
const UA_MAX = 400;

/** Enter a request-meta scope for every request (before any handler runs). */
export function addRequestMeta(app: FastifyInstance): void {
  app.addHook('preHandler', (req, _reply, done) => {
    const ua = req.headers['user-agent'];
    store.run({ ip: req.ip, userAgent: (typeof ua === 'string' ? ua : '').slice(0, UA_MAX) }, done);
  });
}

/** The current request's client, if any. */
export function requestMeta(): RequestMeta | undefined {
  return store.getStore();
}
