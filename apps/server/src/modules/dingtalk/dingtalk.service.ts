/**
 * The workplace chat app (DingTalk) sign-in — spec 000 §1 (automatic sign-in inside the chat app),
 * §2 (/ddLogin, /login appType=inside), §7 (`DDLogin`, `ThirdPartyAccount/Login`).
 *
 * A DingTalk identity is (corp, unionId). Its first sign-in links it by mobile to the account of that
 * phone, or creates an account (no password: `ispassword` false; DingTalk's name); later sign-ins
 * reuse the link. The account's avatar follows DingTalk's unless the person uploaded one (BaseInfo's
 * `ddUserAvatar`). The session rules are the phone sign-in's: one active session, AccountExit.
 *
 * Which corp: in-app, the app belongs to `DINGTALK_CORP_ID` when set (a query corpId must match),
 * else to the query's corpId; OAuth2, the corp DingTalk names in the token answer (a query corpId
 * must match, and so must `DINGTALK_CORP_ID` when set), else the query's, else '' (a personal
 * DingTalk sign-in). A new account is created for members of `DINGTALK_CORP_ID`, or for anyone
 * while registration is open (REGISTER_ENABLED); linking to an existing account by mobile always works.
 */
import { normalizePhone, type LoginDataValue } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { isStoredAvatar } from '../account/avatar.ts';
import { authRepository, type UserRow } from '../auth/auth.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createDingTalkClient, DingTalkError, type DingTalkClient } from './dingtalk-client.ts';
import { trialEnd } from '../plans/plans.service.ts';
import { dingtalkRepository } from './dingtalk.repository.ts';

/** Messages of the refusals that are not DingTalk's own. */
export const DingTalkLoginMessages = {
  notConfigured:
    '未开通钉钉登录：服务器未配置钉钉应用（DINGTALK_APP_KEY、DINGTALK_APP_SECRET），请联系管理员',
  corpMismatch: '该钉钉企业未接入本系统',
  notRegistered: '该钉钉账号尚未关联本系统的账号，请联系管理员',
  corpMissing: '缺少钉钉企业标识 corpId',
  noMobile: '无法获取钉钉账号的手机号，请联系管理员为钉钉应用开通“手机号信息”权限',
  badMobile: '钉钉账号绑定的不是中国大陆手机号，无法登录',
} as const;

/** A DingTalk person, as either sign-in learned them. */
interface Identity {
  corpId: string;
  unionId: string;
  dingUserId: string | null;
  name: string;
  avatarUrl: string;
  mobile: string;
  stateCode: string;
}

/** HTTP status of each DingTalk failure: the user's code is a 400, DingTalk's or the setup's a 5xx. */
const STATUS: Record<DingTalkError['kind'], number> = {
  badCode: 400,
  badCredentials: 502,
  noPermission: 502,
  unavailable: 503,
  refused: 502,
};

/**
 * DingTalk sign-in bound to the app context. `client` defaults to an adapter built from the
 * configuration (null when DingTalk is not configured); build the service once per app so the app
 * access token stays cached.
 */
export function dingtalkService(
  ctx: AppContext,
  deps: { auth: AuthService },
  client: DingTalkClient | null = defaultClient(ctx),
) {
  const repo = dingtalkRepository(ctx.db);
  const users = authRepository(ctx.db);
  const { auth } = deps;

  function configured(): DingTalkClient {
    if (!client) throw new AppError(503, DingTalkLoginMessages.notConfigured);
    return client;
  }

  /** Run DingTalk calls, turning their failures into envelope errors (details to the log). */
  async function calling<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof DingTalkError)) throw err;
      ctx.log.warn({ kind: err.kind, detail: err.detail }, `dingtalk ${what} failed`);
      throw new AppError(STATUS[err.kind], err.message);
    }
  }

  function phoneOf(id: Identity): string {
    if (!id.mobile) throw new AppError(400, DingTalkLoginMessages.noMobile);
    if (id.stateCode && id.stateCode !== '86') throw new AppError(400, DingTalkLoginMessages.badMobile);
    const phone = normalizePhone(id.mobile.replace(/^\+?86-?/, ''));
    if (!/^1\d{10}$/.test(phone)) throw new AppError(400, DingTalkLoginMessages.badMobile);
    return phone;
  }

  /** Follow DingTalk's avatar unless the person uploaded their own. */
  async function withAvatar(user: UserRow, avatarUrl: string): Promise<UserRow> {
    if (!avatarUrl || user.avatar === avatarUrl || isStoredAvatar(user.avatar)) return user;
    return (await repo.setExternalAvatar(user.id, avatarUrl)) ?? user;
  }

  /** The account of an identity: linked, linked now by mobile, or created. */
  async function accountOf(id: Identity): Promise<UserRow> {
    const avatarUrl = /^https:\/\//.test(id.avatarUrl) ? id.avatarUrl : '';
    const found = await repo.findLinked(id.corpId, id.unionId);
    if (found) {
      await repo.touch(found.link.id, { name: id.name, avatarUrl, dingUserId: id.dingUserId });
      return withAvatar(found.user, avatarUrl);
    }
    const phone = phoneOf(id);
    let user = await users.findUserByPhone(phone);
    let created = false;
    if (!user) {
      // A new account: for members of the app's own corp, or when registration is open (a DingTalk
      // sign-in from elsewhere is a registration).
      const pinned = ctx.config.dingtalk.corpId;
      if (!ctx.config.registerEnabled && !(pinned && id.corpId === pinned))
        throw new AppError(403, DingTalkLoginMessages.notRegistered);
      user = await users.insertUser({
        phone,
        name: (id.name || `钉钉用户${phone.slice(-4)}`).slice(0, 50),
        passwordHash: null,
        quotaBytes: ctx.config.personalQuotaBytes,
        serviceStopAt: trialEnd(ctx.config), // a registration: the free trial (000 §9)
      });
      created = Boolean(user);
      user ??= await users.findUserByPhone(phone); // registered meanwhile
      if (!user) throw new AppError(409, DingTalkLoginMessages.noMobile);
    }
    const linked = await repo.link({
      corpId: id.corpId,
      unionId: id.unionId,
      dingUserId: id.dingUserId,
      userId: user.id,
      name: id.name,
      avatarUrl,
    });
    if (!linked) {
      // A concurrent first sign-in linked it: use that link.
      const again = await repo.findLinked(id.corpId, id.unionId);
      if (again) return withAvatar(again.user, avatarUrl);
    }
    ctx.log.info({ corpId: id.corpId, userId: user.id, created }, 'dingtalk identity linked');
    return withAvatar(user, avatarUrl);
  }

  return {
    /**
     * In-app sign-in (`GET /api/DingDing/Account/DDLogin`): auth code → userid (getuserinfo) →
     * details (user/get) → linked account → session.
     * @throws AppError 503 not configured, 403 other corp, 400 missing corp / bad code / no mobile,
     *   502/503 DingTalk refused or unreachable.
     */
    async ddLogin(q: { code: string; corpId?: string; application?: string }): Promise<LoginDataValue> {
      const dd = configured();
      const pinned = ctx.config.dingtalk.corpId;
      if (pinned && q.corpId && q.corpId !== pinned)
        throw new AppError(403, DingTalkLoginMessages.corpMismatch);
      const corpId = pinned ?? q.corpId;
      if (!corpId) throw new AppError(400, DingTalkLoginMessages.corpMissing);
      ctx.log.info({ corpId, application: q.application }, 'dingtalk in-app sign-in');
      const person = await calling('in-app sign-in', async () => {
        const who = await dd.userByAuthCode(q.code);
        return dd
          .corpUser(who.userid)
          .then((u) => ({ ...u, unionid: u.unionid || who.unionid, name: u.name || who.name }));
      });
      const user = await accountOf({
        corpId,
        unionId: person.unionid || `userid:${person.userid}`,
        dingUserId: person.userid,
        name: person.name,
        avatarUrl: person.avatar,
        mobile: person.mobile,
        stateCode: person.stateCode,
      });
      return auth.signInVerified(user);
    },

    /**
     * Third-party OAuth2 sign-in (`GET /api/DingDing/ThirdPartyAccount/Login`): the server exchanges
     * the code with the app's own secret (userAccessToken) and reads the person (users/me).
     * @throws as ddLogin; 403 when the query's corpId is not the corp DingTalk names.
     */
    async thirdPartyLogin(q: { code: string; corpId?: string }): Promise<LoginDataValue> {
      const dd = configured();
      const { token, me } = await calling('OAuth2 sign-in', async () => {
        const t = await dd.userAccessToken(q.code);
        return { token: t, me: await dd.me(t.accessToken) };
      });
      if (token.corpId && q.corpId && q.corpId !== token.corpId)
        throw new AppError(403, DingTalkLoginMessages.corpMismatch);
      // With DINGTALK_CORP_ID set, DingTalk itself must name that corp.
      const pinned = ctx.config.dingtalk.corpId;
      if (pinned && token.corpId !== pinned) throw new AppError(403, DingTalkLoginMessages.corpMismatch);
      const user = await accountOf({
        corpId: token.corpId || q.corpId || '',
        unionId: me.unionId,
        dingUserId: null,
        name: me.nick,
        avatarUrl: me.avatarUrl,
        mobile: me.mobile,
        stateCode: me.stateCode,
      });
      return auth.signInVerified(user);
    },
  };
}

/** The adapter of the configuration, or null when DingTalk is not configured. */
function defaultClient(ctx: AppContext): DingTalkClient | null {
  const d = ctx.config.dingtalk;
  if (!d.appKey || !d.appSecret) return null;
  return createDingTalkClient({
    appKey: d.appKey,
    appSecret: d.appSecret,
    oapiUrl: d.oapiUrl,
    apiUrl: d.apiUrl,
    timeoutMs: d.timeoutMs,
  });
}
export type DingtalkService = ReturnType<typeof dingtalkService>;
