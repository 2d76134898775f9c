/**
 * Adapter for DingTalk's documented server APIs used by the chat-app sign-in (spec 000 §2 /ddLogin,
 * §7 `DDLogin` and `ThirdPartyAccount/Login`). Base URLs are configurable (a local fake in tests).
 *
 * In-app sign-in (企业内部应用免登), old open API `oapiUrl` (https://oapi.dingtalk.com):
 * - `GET /gettoken?appkey&appsecret` → `{errcode, errmsg, access_token, expires_in}` (s), cached until
 *   shortly before expiry and fetched again when DingTalk calls it invalid (40014, 42001, 40001);
 * - `POST /topapi/v2/user/getuserinfo?access_token` `{code}` → `{errcode, errmsg, result: {userid,
 *   unionid, name, …}}` — the auth code from `dd.runtime.permission.requestAuthCode` (5 min, single use);
 * - `POST /topapi/v2/user/get?access_token` `{userid, language}` → `result: {userid, unionid, name,
 *   avatar, mobile, state_code, …}` (mobile needs the app's 手机号 permission).
 * Errors there are HTTP 200 with `errcode` ≠ 0 (88 carries `sub_code` / `sub_msg`).
 *
 * Third-party OAuth2 (new API `apiUrl`, https://api.dingtalk.com):
 * - `POST /v1.0/oauth2/userAccessToken` `{clientId, clientSecret, code, grantType: 'authorization_code'}`
 *   → `{accessToken, refreshToken, expireIn, corpId?}`;
 * - `GET /v1.0/contact/users/me` with header `x-acs-dingtalk-access-token` → `{nick, unionId, openId,
 *   mobile, stateCode, avatarUrl, email}`.
 * Errors there are HTTP 4xx/5xx with `{code, message, requestid}`.
 *
 * Every call has a time-out; failures become `DingTalkError` with a kind and a message fit to show.
 */

/** Settings of the adapter (from config `dingtalk`). */
export interface DingTalkClientConfig {
  appKey: string;
  appSecret: string;
  oapiUrl: string;
  apiUrl: string;
  timeoutMs: number;
}

/** Why a DingTalk call failed. */
export type DingTalkErrorKind =
  /** The user's auth code is unknown, used or expired: sign in again from DingTalk. */
  | 'badCode'
  /** The app key / secret are wrong: an operator must fix the configuration. */
  | 'badCredentials'
  /** The app lacks a permission (e.g. contact / mobile): an operator must grant it. */
  | 'noPermission'
  /** DingTalk unreachable, timed out, busy or answered something unreadable. */
  | 'unavailable'
  /** Any other refusal, with DingTalk's message. */
  | 'refused';

/** A failed DingTalk call; `message` is a Chinese sentence shown to the user. */
export class DingTalkError extends Error {
  readonly kind: DingTalkErrorKind;
  /** DingTalk's own code and message, for the log. */
  readonly detail: string;
  constructor(kind: DingTalkErrorKind, message: string, detail = '') {
    super(message);
    this.kind = kind;
    this.detail = detail;
  }
}

/** Messages of the error kinds. */
export const DingTalkMessages = {
  badCode: '钉钉授权码无效或已过期，请重新从钉钉打开应用',
  badCredentials: '钉钉应用的 AppKey 或 AppSecret 不正确，请联系管理员检查钉钉配置',
  noPermission: '钉钉应用缺少接口权限（通讯录个人信息或手机号），请联系管理员在钉钉开发者后台开通',
  ipNotAllowed: '服务器的出口 IP 不在钉钉应用的白名单中，请联系管理员在钉钉开发者后台添加',
  unavailable: '钉钉服务暂时不可用，请稍后重试',
  refused: '钉钉拒绝了登录请求',
} as const;

/** A person as the in-app sign-in sees them (`topapi/v2/user/get`). */
export interface DingTalkCorpUser {
  userid: string;
  unionid: string;
  name: string;
  avatar: string;
  mobile: string;
  stateCode: string;
}

/** A person as the OAuth2 sign-in sees them (`contact/users/me`). */
export interface DingTalkMe {
  unionId: string;
  openId: string;
  nick: string;
  avatarUrl: string;
  mobile: string;
  stateCode: string;
}

/** Old-API error codes meaning "the app access token is invalid or expired": fetch a new one. */
const STALE_TOKEN = new Set([40001, 40014, 41001, 42001]);
/** Old-API error codes of wrong app credentials. */
const BAD_CREDENTIALS = new Set([40089, 40096, 40001, 40014, 43004]);
/** Old-API error codes of a bad user auth code. */
const BAD_CODE = new Set([40078, 40029, 40044]);
/** Old-API error codes of a missing permission (88 with sub_code 60011 is handled too). */
const NO_PERMISSION = new Set([60011, 60121, 50002]);
/** Old-API error code of a server address outside the app's IP allow-list. */
const IP_NOT_ALLOWED = 60020;

interface OapiAnswer {
  errcode?: number;
  errmsg?: string;
  sub_code?: string;
  sub_msg?: string;
  [k: string]: unknown;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * Create the adapter. `fetchImpl` is injectable for tests; `now` is the clock of the token cache.
 */
export function createDingTalkClient(
  cfg: DingTalkClientConfig,
  fetchImpl: typeof fetch = fetch,
  now: () => number = Date.now,
) {
  let appToken: { token: string; until: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  /** One HTTP call with the time-out; answers status and parsed JSON (null when not JSON). */
  async function send(url: string, init: RequestInit): Promise<{ status: number; json: unknown }> {
    let res: Response;
    try {
      res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(cfg.timeoutMs) });
    } catch (err) {
      throw new DingTalkError('unavailable', DingTalkMessages.unavailable, `${url}: ${String(err)}`);
    }
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      /* not JSON: handled by the caller with the status */
    }
    return { status: res.status, json };
  }

  /** Map an old-API error answer to a DingTalkError. */
  function oapiError(a: OapiAnswer, during: 'token' | 'code' | 'user'): DingTalkError {
    const code = a.errcode ?? -1;
    const sub = Number(a.sub_code ?? NaN);
    const detail = `errcode ${code} ${a.errmsg ?? ''}${a.sub_code ? ` (sub_code ${a.sub_code} ${a.sub_msg ?? ''})` : ''}`;
    if (code === -1) return new DingTalkError('unavailable', DingTalkMessages.unavailable, detail);
    if (during === 'token' && BAD_CREDENTIALS.has(code))
      return new DingTalkError('badCredentials', DingTalkMessages.badCredentials, detail);
    if (during === 'code' && BAD_CODE.has(code))
      return new DingTalkError('badCode', DingTalkMessages.badCode, detail);
    if (code === IP_NOT_ALLOWED || sub === IP_NOT_ALLOWED)
      return new DingTalkError('noPermission', DingTalkMessages.ipNotAllowed, detail);
    if (NO_PERMISSION.has(code) || NO_PERMISSION.has(sub))
      return new DingTalkError('noPermission', DingTalkMessages.noPermission, detail);
    const said = a.sub_msg || a.errmsg;
    return new DingTalkError('refused', said ? `钉钉返回错误：${said}` : DingTalkMessages.refused, detail);
  }

  async function fetchAppToken(): Promise<string> {
    const q = new URLSearchParams({ appkey: cfg.appKey, appsecret: cfg.appSecret });
    const { json } = await send(`${cfg.oapiUrl}/gettoken?${q}`, { method: 'GET' });
    const a = (json ?? {}) as OapiAnswer;
    if (typeof a.errcode !== 'number')
      throw new DingTalkError('unavailable', DingTalkMessages.unavailable, 'gettoken: no errcode');
    if (a.errcode !== 0 || typeof a.access_token !== 'string') throw oapiError(a, 'token');
    const ttl = typeof a.expires_in === 'number' ? a.expires_in : 7200;
    // Renew 5 minutes (or a tenth of a short life) before DingTalk's expiry.
    appToken = { token: a.access_token, until: now() + Math.max(ttl - Math.min(300, ttl / 10), 1) * 1000 };
    return a.access_token;
  }

  /** The app access token, cached; concurrent callers share one fetch. */
  async function token(): Promise<string> {
    if (appToken && appToken.until > now()) return appToken.token;
    pendingToken ??= fetchAppToken().finally(() => (pendingToken = null));
    return pendingToken;
  }

  /** POST to a topapi method with the app token; a stale token is renewed once. */
  async function topapi(path: string, body: unknown, during: 'code' | 'user'): Promise<OapiAnswer> {
    for (let attempt = 0; ; attempt += 1) {
      const t = await token();
      const { json } = await send(`${cfg.oapiUrl}${path}?${new URLSearchParams({ access_token: t })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const a = (json ?? {}) as OapiAnswer;
      if (typeof a.errcode !== 'number')
        throw new DingTalkError('unavailable', DingTalkMessages.unavailable, `${path}: no errcode`);
      if (a.errcode === 0) return a;
      if (STALE_TOKEN.has(a.errcode) && attempt === 0) {
        appToken = null;
        continue;
      }
      throw oapiError(a, during);
    }
  }

  /** Map a new-API error answer (HTTP ≥ 400 `{code, message}`). */
  function apiError(status: number, json: unknown, during: 'code' | 'me'): DingTalkError {
    const a = (json ?? {}) as { code?: unknown; message?: unknown };
    const code = str(a.code);
    const detail = `HTTP ${status} ${code} ${str(a.message)}`;
    if (status >= 500 || status === 429 || !code)
      return new DingTalkError('unavailable', DingTalkMessages.unavailable, detail);
    if (/client(Id|Secret)|appKey|appSecret|InvalidClient/i.test(code))
      return new DingTalkError('badCredentials', DingTalkMessages.badCredentials, detail);
    if (/Forbidden|AccessDenied|permission/i.test(code))
      return new DingTalkError('noPermission', DingTalkMessages.noPermission, detail);
    if (during === 'code' || status === 401 || /authCode|InvalidAuthentication|token/i.test(code))
      return new DingTalkError('badCode', DingTalkMessages.badCode, detail);
    const said = str(a.message);
    return new DingTalkError('refused', said ? `钉钉返回错误：${said}` : DingTalkMessages.refused, detail);
  }

  return {
    /**
     * In-app 免登: the person behind an auth code (`topapi/v2/user/getuserinfo`).
     * @throws DingTalkError badCode / badCredentials / noPermission / unavailable / refused
     */
    async userByAuthCode(code: string): Promise<{ userid: string; unionid: string; name: string }> {
      const a = await topapi('/topapi/v2/user/getuserinfo', { code }, 'code');
      const r = (a.result ?? {}) as Record<string, unknown>;
      const userid = str(r.userid);
      if (!userid)
        throw new DingTalkError('unavailable', DingTalkMessages.unavailable, 'getuserinfo: no userid');
      return { userid, unionid: str(r.unionid), name: str(r.name) };
    },

    /**
     * The person's details inside the corp (`topapi/v2/user/get`): name, avatar, mobile.
     * @throws DingTalkError
     */
    async corpUser(userid: string): Promise<DingTalkCorpUser> {
      const a = await topapi('/topapi/v2/user/get', { userid, language: 'zh_CN' }, 'user');
      const r = (a.result ?? {}) as Record<string, unknown>;
      return {
        userid: str(r.userid) || userid,
        unionid: str(r.unionid),
        name: str(r.name),
        avatar: str(r.avatar),
        mobile: str(r.mobile),
        stateCode: str(r.state_code),
      };
    },

    /**
     * OAuth2: exchange the user's auth code for a user access token (`oauth2/userAccessToken`).
     * `corpId` is the corp the person chose, when DingTalk names one.
     * @throws DingTalkError
     */
    async userAccessToken(code: string): Promise<{ accessToken: string; expireIn: number; corpId: string }> {
      const { status, json } = await send(`${cfg.apiUrl}/v1.0/oauth2/userAccessToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          clientId: cfg.appKey,
          clientSecret: cfg.appSecret,
          code,
          grantType: 'authorization_code',
        }),
      });
      if (status >= 400) throw apiError(status, json, 'code');
      const a = (json ?? {}) as Record<string, unknown>;
      const accessToken = str(a.accessToken);
      if (!accessToken)
        throw new DingTalkError(
          'unavailable',
          DingTalkMessages.unavailable,
          'userAccessToken: no accessToken',
        );
      return { accessToken, expireIn: Number(a.expireIn) || 0, corpId: str(a.corpId) };
    },

    /**
     * OAuth2: the signed-in person (`contact/users/me`).
     * @throws DingTalkError
     */
    async me(accessToken: string): Promise<DingTalkMe> {
      const { status, json } = await send(`${cfg.apiUrl}/v1.0/contact/users/me`, {
        method: 'GET',
        headers: { 'x-acs-dingtalk-access-token': accessToken },
      });
      if (status >= 400) throw apiError(status, json, 'me');
      const a = (json ?? {}) as Record<string, unknown>;
      const unionId = str(a.unionId);
      if (!unionId)
        throw new DingTalkError('unavailable', DingTalkMessages.unavailable, 'users/me: no unionId');
      return {
        unionId,
        openId: str(a.openId),
        nick: str(a.nick),
        avatarUrl: str(a.avatarUrl),
        mobile: str(a.mobile),
        stateCode: str(a.stateCode),
      };
    },
  };
}
export type DingTalkClient = ReturnType<typeof createDingTalkClient>;
