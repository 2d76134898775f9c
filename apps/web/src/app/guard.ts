/**
 * Route loader of the navigation guard (spec 000 §2 "Navigation guard"; rules in guard-rules.ts).
 * On every navigation to a leaf route, in order:
 * 1. (root-layout.tsx) progress bar, page title "route title - product name", preview closed;
 * 2. phones may open only the mobile allow-list (others → /mobileTip);
 * 3. non-public path with a token: the undealt-application flag is refreshed (red dot) and
 *    `ServiceTimeVerify` is asked; a missing or failed licence → /systemInitError;
 * 4. a signed-in user on /login → /; user info and the permission menu load once per session
 *    (failure → 获取权限数据失败，请稍后重试, the navigation still proceeds); a menu route the user's
 *    menu lacks (edition, role, deployment) → /404;
 * 5. without a token public paths pass, others → /login (with corpId/appType, or inside the chat
 *    app with the default corpId and appType=inside);
 * 6. (router.tsx) errors raised when pushing a navigation are swallowed;
 * 7. (use-company-redirect.ts) a company user still on /login ~20 ms after routes load → /.
 */
import { MENU_ROUTE_PATHS, type MenuListValue } from '@bimdrive/contracts';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { clientConfigQueryOptions } from '../features/auth/api/get-client-config.ts';
import { getUserInfo } from '../features/auth/api/get-user-info.ts';
import { menuListKey, menuListQueryOptions } from '../features/service/api/menu-list.ts';
import { serviceVerifyQueryOptions } from '../features/service/api/service-verify.ts';
import { isInsideChatApp, rememberAppType } from '../lib/chat-app.ts';
import i18n from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { toast } from '../lib/toast.ts';
import { companyQueryKeys } from '../lib/query-keys.ts';
import { useSession } from '../stores/session-store.ts';
import '../features/service/i18n.ts';
import { guardTarget, isPublicPath, menuTarget, mobileTarget, systemVerifyTarget } from './guard-rules.ts';

/** Step 4 state: the one load of user info and menu of this session (null = not loaded yet). */
let permissions: Promise<MenuListValue | null> | null = null;

// Log-out (or a new sign-in) marks the permissions as not loaded (000 §4 Log-out).
useSession.subscribe((s, prev) => {
  if (s.token !== prev.token) {
    permissions = null;
    queryClient.removeQueries({ queryKey: menuListKey });
  } else if (s.user && prev.user && s.user.corpIdbit !== prev.user.corpIdbit) {
    // Joined, created or left a company: the menu changes with it (企业资源库).
    permissions = null;
    void queryClient.invalidateQueries({ queryKey: menuListKey });
  }
});

/** Load user info and the menu once; on failure tell the user and try again on the next navigation. */
function loadPermissions(): Promise<MenuListValue | null> {
  permissions ??= Promise.all([getUserInfo(), queryClient.fetchQuery(menuListQueryOptions())])
    .then(([, menu]) => menu)
    .catch(() => {
      permissions = null;
      toast({ type: 'error', content: i18n.t('service:menuFailed') });
      return null;
    });
  return permissions;
}

/** The chat app's default corpId from the client settings ('' when none or unavailable). */
async function defaultCorpId(): Promise<string> {
  try {
    return (await queryClient.ensureQueryData(clientConfigQueryOptions())).defaultCorpId;
  } catch {
    return '';
  }
}

/** Route loader running the guard on every navigation to a leaf route. */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url);
  rememberAppType(url.search);
  const mobile = mobileTarget(url.pathname, url.search, navigator.userAgent);
  if (mobile) return redirect(mobile);

  const token = useSession.getState().token;
  const inside = isInsideChatApp();
  const chatApp = inside && !token ? { inside, defaultCorpId: await defaultCorpId() } : { inside };
  const target = guardTarget(url.pathname, url.search, Boolean(token), chatApp);
  if (target) return redirect(target);
  if (!token || isPublicPath(url.pathname)) return null;

  // Step 3: red dot (refetched where it is shown) and the service time / licence check.
  const user = useSession.getState().user;
  if (user?.iscorpadmin && !user.systemIsPersonal)
    void queryClient.invalidateQueries({ queryKey: companyQueryKeys.pending });
  const verify = await queryClient.fetchQuery(serviceVerifyQueryOptions()).catch(() => null);
  const failed = verify ? systemVerifyTarget(verify) : null;
  if (failed) return redirect(failed);

  // Step 4: permissions once, then the route is entered (again).
  const menu = await loadPermissions();
  const gated = menuTarget(url.pathname, MENU_ROUTE_PATHS, menu?.map((e) => e.path) ?? null);
  return gated ? redirect(gated) : null;
}
