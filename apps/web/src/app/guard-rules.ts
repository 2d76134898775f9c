/**
 * Navigation guard rules (spec 000 §2 "Routes exempt from the login check", "Navigation guard" steps
 * 4–5): public paths pass; without a token any other path goes to /login; a signed-in user visiting
 * /login is sent to /. Pure functions; the loader lives in guard.ts.
 */

/** Paths exempt from the sign-in check (000 §2), plus /share (share link origin), /404 and /invite (company invite link). */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/s',
  's',
  '/share',
  '/bridgeOffice',
  '/ddLogin',
  '/bimiframe',
  '/systemInitError',
  '/wxPay',
  '/wxPayRedirect',
  '/aliPay',
  '/payCenter',
  '/404',
  '/invite',
];

/** Whether a pathname needs no sign-in (a trailing slash is ignored: /s/ is /s). */
export function isPublicPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PATHS.includes(p);
}

/**
 * Where the guard sends a navigation, or null to let it pass.
 * @param pathname target path
 * @param search target query string (kept for corpId / appType, 000 §2 step 5)
 * @param hasToken whether a session token is stored
 */
export function guardTarget(pathname: string, search: string, hasToken: boolean): string | null {
  if (hasToken && (pathname === '/login' || pathname === '/login/')) return '/';
  if (hasToken || isPublicPath(pathname)) return null;
  const q = new URLSearchParams(search);
  const keep = new URLSearchParams();
  for (const key of ['corpId', 'appType']) {
    const v = q.get(key);
    if (v) keep.set(key, v);
  }
  const qs = keep.toString();
  return qs ? `/login?${qs}` : '/login';
}
