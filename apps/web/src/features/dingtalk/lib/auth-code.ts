/**
 * Where the chat-app sign-in's auth code comes from (spec 000 §2 /ddLogin): a redirect's query —
 * `code` (an in-app auth code, for `DDLogin`) or `authCode` (DingTalk's OAuth2 authorisation page, for
 * `ThirdPartyAccount/Login`) — or, inside DingTalk, the JSAPI `dd.runtime.permission.requestAuthCode`
 * from npm `dingtalk-jsapi`, loaded only here (it never reaches other pages' bundles).
 * Auth codes live 5 minutes and are single use.
 */

/** An auth code and the sign-in it belongs to. */
export interface AuthCode {
  kind: 'inApp' | 'oauth';
  code: string;
}

/** The auth code a redirect put in the query string, or null. */
export function authCodeFromQuery(search: string): AuthCode | null {
  const q = new URLSearchParams(search);
  const oauth = q.get('authCode')?.trim();
  if (oauth) return { kind: 'oauth', code: oauth };
  const inApp = q.get('code')?.trim();
  return inApp ? { kind: 'inApp', code: inApp } : null;
}

/** The query string without its auth code (after use: a retry must ask DingTalk for a new one). */
export function withoutAuthCode(search: string): string {
  const q = new URLSearchParams(search);
  q.delete('code');
  q.delete('authCode');
  q.delete('state');
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Why no auth code could be had from the JSAPI. */
export type AuthCodeErrorKind = 'notInDingTalk' | 'timeout' | 'failed';

/** The JSAPI gave no auth code; `reason` is DingTalk's message when it gave one. */
export class AuthCodeError extends Error {
  readonly kind: AuthCodeErrorKind;
  readonly reason: string;
  constructor(kind: AuthCodeErrorKind, reason = '') {
    super(reason || kind);
    this.kind = kind;
    this.reason = reason;
  }
}

/** DingTalk's message of a JSAPI failure (`{errorCode, errorMessage}` or an Error). */
function reasonOf(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { errorMessage?: unknown; message?: unknown; errorCode?: unknown };
    const text =
      typeof e.errorMessage === 'string' ? e.errorMessage : typeof e.message === 'string' ? e.message : '';
    return e.errorCode !== undefined && text ? `${text}（${String(e.errorCode)}）` : text;
  }
  return typeof err === 'string' ? err : '';
}

/**
 * Ask DingTalk (inside its client) for an in-app auth code for `corpId`.
 * @throws AuthCodeError notInDingTalk outside DingTalk, timeout when it does not answer within
 *   `timeoutMs`, failed with DingTalk's reason otherwise.
 */
export async function requestDingTalkAuthCode(corpId: string, timeoutMs = 15_000): Promise<string> {
  await import('dingtalk-jsapi/entry/union'); // registers the platforms (PC and mobile)
  const [{ getENV }, { default: requestAuthCode }] = await Promise.all([
    import('dingtalk-jsapi/lib/env'),
    import('dingtalk-jsapi/api/runtime/permission/requestAuthCode'),
  ]);
  if (getENV().platform === 'notInDingTalk') throw new AuthCodeError('notInDingTalk');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AuthCodeError('timeout')), timeoutMs);
  });
  try {
    const { code } = await Promise.race([requestAuthCode({ corpId }), timeout]);
    if (!code) throw new AuthCodeError('failed');
    return code;
  } catch (err) {
    throw err instanceof AuthCodeError ? err : new AuthCodeError('failed', reasonOf(err));
  } finally {
    clearTimeout(timer);
  }
}
