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

/** The kept reason, removed as it is read; null when there is none. */
export function takeSessionEndedNotice(): string | null {
  try {
    const msg = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return msg;
  } catch {
    return null;
  }
}
