/**
 * Routes of the service state and permission menu (spec 000 §7 `GET /api/WebOrder/ServiceTimeVerify`,
 * `GET /api/Menu/GetLoginUserMenuList`), and the private-deployment licence gate.
 *
 * Licence gate (000 §2 step 3; decision documented here): in a private deployment whose licence is
 * missing, badly signed or expired, every request that carries a session token is refused with 403
 * and `LICENCE_REFUSED_MSG`, except ClientConfig, GetUserInfo, Logout and ServiceTimeVerify — so a
 * person can still sign in, the web guard learns why and shows /systemInitError, and can sign out.
 * Share-visitor calls (`/api/Share/*`) and signed file downloads are refused too, since they expose
 * files without a session. Sign-in calls carry no token and still work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { Api, MenuList, ServiceTimeVerify } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { forbidden } from '../../lib/errors.ts';
import { bearerToken } from '../../lib/http.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { deploymentLicence, LICENCE_REFUSED_MSG, PERSONAL_EDITION_MSG } from './service-state.service.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Calls a session may make without a valid licence. */
const UNLICENSED_ALLOWED = new Set<string>([
  Api.clientConfig,
  Api.publicKey,
  Api.userInfo,
  Api.logout,
  Api.serviceTimeVerify,
]);

/** Whether the licence gate applies to a request (see module doc). */
export function licenceGated(url: string, authorization: string | undefined): boolean {
  const path = url.split('?')[0] ?? url;
  if (!path.startsWith('/api/') || UNLICENSED_ALLOWED.has(path)) return false;
  if (path.startsWith('/api/Share/') || path.startsWith(Api.signedFile)) return true;
  return /^Bearer\s+\S/i.test(authorization ?? '');
}

/** Add the licence gate to the whole app (call before the modules register; private deployment only). */
export function addLicenceGate(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.privateDeployment) return;
  app.addHook('onRequest', async (req) => {
    if (!licenceGated(req.url, req.headers.authorization)) return;
    if ((await deploymentLicence(ctx.config)) !== 'valid') throw forbidden(LICENCE_REFUSED_MSG);
  });
}

/**
 * Company calls of the `Api` table: keys `company*`, `myCompany`, `invite*`, `corpUsers` (000 §7
 * WebCompanyApply / WebAccount company calls, company invites, registered persons), and the project
 * calls `project*` (issue 5) except `projectFileTree` (it also answers the personal space).
 */
export const COMPANY_PATHS: ReadonlySet<string> = new Set(
  Object.entries(Api)
    .filter(
      ([key]) =>
        /^(company|invite)/.test(key) ||
        key === 'myCompany' ||
        key === 'corpUsers' ||
        // projects (issue 5) — but not the tree of the model viewer, which also serves the personal space
        (/^project/.test(key) && key !== 'projectFileTree'),
    )
    .map(([, path]) => path),
);

/**
 * Personal edition (001 §2, 000 §1 systemIsPersonal): every company call is refused with 403
 * 个人版不支持企业功能 — after authenticating the caller when a session token is sent (a bad token
 * still answers 401). Nothing is added in the company edition.
 */
export function addEditionGate(app: FastifyInstance, ctx: AppContext, auth: AuthService): void {
  if (!ctx.config.systemIsPersonal) return;
  app.addHook('onRequest', async (req) => {
    if (!COMPANY_PATHS.has(req.url.split('?')[0] ?? '')) return;
    const token = bearerToken(req);
    if (token) await auth.authenticate(token);
    throw forbidden(PERSONAL_EDITION_MSG);
  });
}

/** Register ServiceTimeVerify and GetLoginUserMenuList. */
export function serviceStateRoutes(s: Pick<Services, 'serviceState'>): FastifyPluginAsyncZod {
  const { serviceState: service } = s;
  const tags = ['service'];
  return async (app) => {
    const route = callerRoutes(app, tags);
    route.read(Api.serviceTimeVerify, ServiceTimeVerify, (caller) => service.verify(caller));
    route.read(Api.menuList, MenuList, (caller) => service.menu(caller));
  };
}
