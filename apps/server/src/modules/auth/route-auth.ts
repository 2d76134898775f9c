/**
 * Authentication as one deny-by-default hook (issue 15). Every route needs a signed-in session
 * (`Authorization: Bearer …`) unless its config says otherwise with `public`:
 * - `true` — anyone: sign-in, registration, the client configuration, the share landing page…
 * - `'share-token'` — a share visitor; the route checks the visitor token (`Authorization: Share …`).
 * - `'signed-url'` — a signed, expiring URL the route checks (file bytes, embed and bridge links).
 * - `'self-auth'` — the route authenticates every request itself (the tus endpoint, whose errors
 *   are tus answers).
 * The hook resolves the session once and leaves the caller on the request (`callerOf`); routes
 * never read the bearer header themselves. `routeRegistry` records every route with its access, for
 * the test that lists the public routes and for the fuzz over every operation.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';
import { bearerToken } from '../../lib/http.ts';
import type { AuthService } from './auth.service.ts';
import type { Caller } from './caller.ts';

/** How a route is reached without a session (see module doc); absent = a session is required. */
export type PublicAccess = true | 'share-token' | 'signed-url' | 'self-auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session, and how it is guarded instead (modules/auth/route-auth.ts). */
    public?: PublicAccess;
  }
  interface FastifyRequest {
    /** The signed-in caller, set by the authentication hook on every non-public route. */
    caller: Caller | null;
  }
}

/** One registered route, as the registry saw it. */
export interface RouteInfo {
  method: string;
  url: string;
  /** Its `public` access (undefined: session required). */
  public: PublicAccess | undefined;
  /** Its route options (schemas for the fuzz). */
  options: RouteOptions;
}

/** The registry of the app's routes and a way to mark routes of third-party plugins public. */
export interface RouteRegistry {
  /** Every route registered so far (one entry per method). */
  routes(): RouteInfo[];
  /**
   * Register routes (e.g. a third-party plugin's) while `select` decides the access of each new one
   * that does not declare its own. Used for the API documentation and the static web app.
   */
  marking(
    select: (route: RouteOptions) => PublicAccess | undefined,
    register: () => PromiseLike<unknown>,
  ): Promise<void>;
}

/** Start recording routes; call first, before anything registers one. */
export function routeRegistry(app: FastifyInstance): RouteRegistry {
  const seen: Array<{ url: string; route: RouteOptions }> = [];
  let select: ((route: RouteOptions) => PublicAccess | undefined) | null = null;
  app.addHook('onRoute', (route) => {
    if (select && route.config?.public === undefined) {
      const access = select(route);
      if (access !== undefined) route.config = { ...route.config, public: access };
    }
    seen.push({ url: route.url, route });
  });
  return {
    routes: () =>
      seen.flatMap(({ url, route }) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
          method: String(method),
          url,
          public: route.config?.public,
          options: route,
        })),
      ),
    async marking(pick, register) {
      select = pick;
      try {
        await register();
      } finally {
        select = null;
      }
    },
  };
}

/**
 * The deny-by-default hook: a request to a route without `public` needs a live session, else 401
 * (code -20 missing/expired, -501 ended). Add it to the root before any route registers.
 */
export function addRouteAuthentication(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (req) => {
    if (req.is404 || req.routeOptions.config.public !== undefined) return;
    req.caller = await auth.authenticate(bearerToken(req));
  });
}

/**
 * The signed-in caller of a request to a session route (set by the hook).
 * @throws 401 when called on a public route without a session (a programming error).
 */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw unauthorized('请先登录');
  return req.caller;
}
