/**
 * Why a session ended, carried across the redirect to /login (spec 000 §8): when a request answers a
 * session-ended code with a reason (e.g. -501 账户在其他地点登录…, because this browser missed the
 * live AccountExit event while offline), the sign-in page shows the reason in the 提示 alert once.
 */

const KEY = 'bimdrive:sessionEndedNotice';

/** Keep `msg` for the sign-in page (tab-scoped; a later call replaces it). */
export function keepSessionEndedNotice(msg: string): void {
  try {
    sessionStorage.setItem(KEY, msg);
  } catch {
    /* storage unavailable: the user still lands on /login, without the reason */
  }
}

/**
 * The kept reason, or null when there is none. It stays kept until `clearSessionEndedNotice`: the
 * sign-in page can be rendered once by the app's own redirect and again by the full page load the
 * API client starts, and the reason must survive to the second one.
 */
export function peekSessionEndedNotice(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Forget the kept reason (the user has read it). */
export function clearSessionEndedNotice(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}
