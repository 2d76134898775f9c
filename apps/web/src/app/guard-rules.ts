/**
 * Navigation guard rules (spec 000 §2 "Routes exempt from the login check", "Navigation guard"
 * steps 2–5 and 7; 001 §2 edition rules). Pure functions; the loader that applies them in order
 * lives in guard.ts:
 * 2. phones (iOS / Android user agent) may open only `MOBILE_PATHS`, others go to /mobileTip;
 * 3. a failed system verification goes to /systemInitError with its text;
 * 4. a signed-in user visiting /login is sent to /; a menu route missing from the user's menu → /404;
 * 5. without a token public paths pass, any other path goes to /login (keeping corpId and appType,
 *    or inside the chat app with the default corpId and appType=inside);
 * 7. a company user still on /login shortly after routes load is sent to /.
 */

/** Paths exempt from the sign-in check (000 §2), plus /share (share link origin), /404, /invite (company invite link) and /mobileTip (phones). */
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
  '/mobileTip',
];

/** Strip one trailing slash (but keep "/"). */
const bare = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** Whether a pathname needs no sign-in (a trailing slash is ignored: /s/ is /s). */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(bare(pathname));
}

/**
 * Where the guard sends a navigation, or null to let it pass.
 * @param pathname target path
 * @param search target query string (kept for corpId / appType, 000 §2 step 5)
 * @param hasToken whether a session token is stored
 */
export function guardTarget(
  pathname: string,
  search: string,
  hasToken: boolean,
  chatApp: ChatAppContext = { inside: false },
): string | null {
  if (hasToken && (pathname === '/login' || pathname === '/login/')) return '/';
  if (hasToken || isPublicPath(pathname)) return null;
  const q = new URLSearchParams(search);
  const keep = new URLSearchParams();
  for (const key of ['corpId', 'appType']) {
    const v = q.get(key);
    if (v) keep.set(key, v);
  }
  // Inside the chat app without a corpId of its own: the configured default corpId and appType=inside.
  if (!keep.has('corpId') && !keep.has('appType') && chatApp.inside) {
    if (chatApp.defaultCorpId) keep.set('corpId', chatApp.defaultCorpId);
    keep.set('appType', 'inside');
  }
  const qs = keep.toString();
  return qs ? `/login?${qs}` : '/login';
}

/** Whether the tab runs inside the chat app, and the chat app's default corpId from client config. */
export interface ChatAppContext {
  inside: boolean;
  defaultCorpId?: string;
}

/** The friendly page phones see for screens that need a computer (000 §2 step 2). */
export const MOBILE_TIP_PATH = '/mobileTip';

/**
 * Paths a phone may open (000 §2 step 2). Chosen: what a person reaches from a phone — share links
 * (/s, /share), sign-in (/login, /ddLogin inside the chat app), viewers opened from a share
 * (/preview, /bimiframe), payment pages opened from the chat app or a QR code (/payCenter, /wxPay,
 * /wxPayRedirect, /aliPay), a company invite link (/invite), and the notice pages (/404,
 * /systemInitError, /mobileTip). File management, the account centre and administration need a
 * computer: any other path goes to /mobileTip, which says so and offers to copy the address.
 */
export const MOBILE_PATHS: readonly string[] = [
  '/s',
  '/share',
  '/login',
  '/ddLogin',
  '/preview',
  '/bimiframe',
  '/payCenter',
  '/wxPay',
  '/wxPayRedirect',
  '/aliPay',
  '/invite',
  '/404',
  '/systemInitError',
  MOBILE_TIP_PATH,
];

/** Whether a user agent is a phone or tablet on iOS or Android (000 §2 step 2). */
export function isPhoneUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod/i.test(userAgent);
}

/**
 * Step 2: where a phone is sent, or null to pass. The refused address travels in `from` so the
 * notice can offer it for copying.
 */
export function mobileTarget(pathname: string, search: string, userAgent: string): string | null {
  if (!isPhoneUserAgent(userAgent) || MOBILE_PATHS.includes(bare(pathname))) return null;
  return `${MOBILE_TIP_PATH}?${new URLSearchParams({ from: pathname + search }).toString()}`;
}

/** /systemInitError texts (000 §2 step 3). */
export const SYSTEM_VERIFY_TEXT = {
  fileMissing: '系统验证文件异常！！！',
  failed: '系统验证失败！！！',
} as const;

/** Step 3: where a failed system verification sends the user (null when it passed). */
export function systemVerifyTarget(v: {
  verifyFileNotExists: boolean;
  verifyFileError: boolean;
}): string | null {
  const text = v.verifyFileNotExists
    ? SYSTEM_VERIFY_TEXT.fileMissing
    : v.verifyFileError
      ? SYSTEM_VERIFY_TEXT.failed
      : null;
  return text ? `/systemInitError?${new URLSearchParams({ errorTxt: text }).toString()}` : null;
}

/**
 * Step 4 (permission routes): a path of the menu table (`gated`, 001 §2) that is missing from the
 * user's menu (`allowed`) goes to /404 — e.g. /lately in the personal edition, /operationLog for a
 * non-administrator. Null when it passes or the menu is not loaded.
 */
export function menuTarget(
  pathname: string,
  gated: readonly string[],
  allowed: readonly string[] | null,
): string | null {
  const p = bare(pathname);
  if (!allowed || !gated.includes(p) || allowed.includes(p)) return null;
  return '/404';
}

/** Menu entries shown in this tab: those flagged hideInChatApp are left out inside the chat app (000 §6). */
export function visibleMenu<T extends { hideInChatApp: boolean }>(
  menu: readonly T[],
  insideChatApp: boolean,
): T[] {
  return menu.filter((e) => !(insideChatApp && e.hideInChatApp));
}

/** Step 7: a user who belongs to a company and is still on /login goes to /. */
export function companyRedirectTarget(pathname: string, user: { corpIdbit: boolean } | null): string | null {
  return user?.corpIdbit && bare(pathname) === '/login' ? '/' : null;
}

/**
 * Where /login sends the user after signing in: the same-origin path in `redirect` (the pay pages
 * send buyers to sign in and back), else /myDocument. Other origins are never followed.
 */
export function afterSignInPath(search: string): string {
  const to = new URLSearchParams(search).get('redirect') ?? '';
  return to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : '/myDocument';
}
