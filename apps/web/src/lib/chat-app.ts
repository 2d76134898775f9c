/**
 * Whether the product runs inside the workplace chat app (DingTalk) — spec 000 §1, §2 (/login
 * `appType=inside`, /ddLogin), §6 (menus hidden in the chat app).
 *
 * The flag is set when a page is opened with `appType=inside` or through /ddLogin, and kept for the
 * browser tab (sessionStorage), so later navigations inside the app still know it.
 */

const KEY = 'bimdrive:appType';
/** The `appType` query value meaning "inside the chat app" (000 §2). */
export const APP_TYPE_INSIDE = 'inside';

/** Remember the chat-app mode when `search` (a URL query string) carries `appType=inside`. */
export function rememberAppType(search: string): void {
  if (new URLSearchParams(search).get('appType') === APP_TYPE_INSIDE) markInsideChatApp();
}

/** Mark this tab as running inside the chat app (called by /ddLogin). */
export function markInsideChatApp(): void {
  try {
    sessionStorage.setItem(KEY, APP_TYPE_INSIDE);
  } catch {
    /* storage unavailable: the flag then lasts only for this page's query */
  }
}

/**
 * Forget the chat-app mode for this tab (issue 17: a failed chat-app sign-in must not trap the tab in
 * the chat-app screen — after this, /login shows the normal sign-in page again).
 */
export function leaveChatApp(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: nothing was remembered */
  }
}

/** True when this tab runs inside the chat app. */
export function isInsideChatApp(): boolean {
  try {
    if (sessionStorage.getItem(KEY) === APP_TYPE_INSIDE) return true;
  } catch {
    /* fall through to the query */
  }
  return (
    typeof location !== 'undefined' && new URLSearchParams(location.search).get('appType') === APP_TYPE_INSIDE
  );
}
