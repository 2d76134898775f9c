/**
 * Sign-in, registration, log-out and session checks — spec 000 §2 (/login), §5 (phone rule),
 * §7 (phoneLogin answer), §8 (session-ended codes, AccountExit).
 */
import {
  AccountMessages,
  HubEvents,
  normalizePhone,
  ResultCode,
  type LoginDataValue,
  type SessionUserValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError, forbidden, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { avatarUrl } from '../account/avatar.ts';
import { audited, logOperation } from '../operation-log/operation-log.repository.ts';
import { trialEnd } from '../plans/plans.service.ts';
import type { SmsService } from '../sms/sms.service.ts';
import { authRepository, type UserRow } from './auth.repository.ts';
import type { Caller } from './caller.ts';
import { lockedOut } from './login-throttle.ts';

/** The answer to a disabled account's sign-in, and to its ended sessions. */
export const ACCOUNT_DISABLED_MSG = '该账号已被停用，如有疑问请联系管理员';

/** How a session was started (the `auth.login.ok` entry's detail). */
export type SignInMethod = 'password' | 'sms' | 'register' | 'dingtalk' | 'invite';

/** A precomputed hash so unknown phones cost the same time as wrong passwords. */
let dummyHash: Promise<string> | null = null;

/** A phone as the log shows it: 138****0000. */
export const maskPhone = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

/** Present a user row (and the name of their company, if any) as the session user of 000 §3. */
export function presentUser(u: UserRow, ctx: AppContext, corpName = ''): SessionUserValue {
  const usable = u.quotaBytes;
  return {
    userName: u.name,
    userID: u.id,
    phone: u.phone,
    isadministrator: u.isAdministrator,
    iscorpadmin: Boolean(u.corpId) && u.isCorpAdmin,
    avatar: avatarUrl(ctx, u.avatar),
    systemIsPersonal: ctx.config.systemIsPersonal,
    corpIdbit: Boolean(u.corpId),
    corpName,
    corpLogoUrl: '',
    usableSpace: usable,
    usedSpace: u.usedBytes,
    usedPercent: usable > 0 ? Math.min(100, Math.round((u.usedBytes / usable) * 10000) / 100) : 0,
    ispassword: Boolean(u.passwordHash),
  };
}

/** Auth service bound to the app context. */
export function authService(ctx: AppContext, deps: { sms: SmsService }) {
  const repo = authRepository(ctx.db);
  const { sms } = deps;

  /** Write an `auth.login.fail` entry (no action transaction: nothing else is written). */
  async function logFailure(phone: string, user: UserRow | undefined, reason: string): Promise<void> {
    await logOperation(ctx.db, {
      action: 'auth.login.fail',
      actorId: user?.id ?? null,
      actorPhone: phone,
      companyId: user ? undefined : null,
      objectType: 'user',
      objectId: user?.id ?? '',
      objectName: phone,
      detail: { reason },
    }).catch((err: unknown) => ctx.log.error({ err }, 'operation log: sign-in failure not written'));
  }

  /**
   * Start a session: the account's other sessions end (AccountExit); the session, the last sign-in
   * time and the `auth.login.ok` entry are one transaction. A disabled account is refused (403).
   */
  async function startSession(user: UserRow, method: SignInMethod): Promise<LoginDataValue> {
    if (user.disabledAt) {
      await logFailure(user.phone, user, 'disabled');
      throw forbidden(ACCOUNT_DISABLED_MSG);
    }
    const ttl = ctx.config.sessionTtlHours * 3600;
    const { session, ended } = await audited(
      ctx.db,
      async (tx) => {
        const r = authRepository(tx);
        const session = await r.insertSession(user.id, new Date(Date.now() + ttl * 1000));
        const ended = await r.revokeOtherSessions(user.id, session.id, 'signed-in-elsewhere');
        await r.touchLastLogin(user.id);
        return { session, ended };
      },
      ({ ended }) => ({
        action: 'auth.login.ok',
        actorId: user.id,
        objectType: 'user',
        objectId: user.id,
        objectName: user.phone,
        detail: { method, sessionsEnded: ended.length },
      }),
    );
    for (const sid of ended) {
      ctx.hub.toSession(sid, HubEvents.accountExit, { reason: 'signed-in-elsewhere' });
      ctx.hub.endSession(sid, user.id);
    }
    const token = await ctx.tokens.signSession(user.id, session.id, ttl);
    const u = presentUser(user, ctx);
    return {
      userName: u.userName,
      userID: u.userID,
      isadministrator: u.isadministrator,
      iscorpadmin: u.iscorpadmin,
      avatar: u.avatar,
      systemIsPersonal: u.systemIsPersonal,
      corpIdbit: u.corpIdbit,
      jwt: token,
      token,
      bitpop: false,
      ispassword: u.ispassword,
    };
  }

  return {
    /**
     * Phone + password sign-in. A new sign-in ends the account's other sessions (AccountExit). Wrong
     * passwords are counted per account (login-throttle.ts): past the free attempts the account
     * waits, growing with each further wrong one, and meanwhile answers 429 without a check.
     * @throws AppError 400 with one message for unknown phone or wrong password; 429 while the
     *   account waits; 503 when too many password checks are queued (lib/passwords.ts).
     */
    async login(phone: string, password: string, client = ''): Promise<LoginDataValue> {
      const account = normalizePhone(phone);
      const wait = await ctx.loginThrottle.waitOf(account);
      if (wait > 0) {
        ctx.log.warn({ phone: maskPhone(account), client, wait }, 'sign-in refused: account waits');
        await logFailure(account, await repo.findUserByPhone(account), 'locked');
        throw lockedOut(wait);
      }
      const user = await repo.findUserByPhone(account);
      // A refused hash (queue full, 503) is not kept: the next sign-in makes it again.
      dummyHash ??= hashPassword('timing-equaliser').catch((err: unknown) => {
        dummyHash = null;
        throw err;
      });
      const ok = user?.passwordHash
        ? await verifyPassword(password, user.passwordHash)
        : (await verifyPassword(password, await dummyHash), false);
      if (!user || !ok) {
        const lock = await ctx.loginThrottle.failed(account);
        ctx.log.warn({ phone: maskPhone(account), client, lock }, 'sign-in failed: wrong phone or password');
        await logFailure(account, user, user ? 'wrong-password' : 'unknown-phone');
        if (lock > 0) throw lockedOut(lock);
        throw new AppError(400, '手机号或密码错误');
      }
      await ctx.loginThrottle.succeeded(account);
      return startSession(user, 'password');
    },

    /**
     * Phone + SMS code sign-in (code from `SendLoginSms`, purpose login); same answer and single-session
     * rule as the password path. A valid code for a phone without an account answers 该手机号尚未注册，请先注册
     * — only whoever holds the phone learns that.
     * @throws AppError 400 with the code's message (sms.service verify) or not registered.
     */
    async loginWithCode(phone: string, code: string): Promise<LoginDataValue> {
      const canonical = normalizePhone(phone);
      await sms.verify(canonical, 'login', code).catch(async (err: unknown) => {
        await logFailure(canonical, await repo.findUserByPhone(canonical), 'wrong-sms-code');
        throw err;
      });
      const user = await repo.findUserByPhone(canonical);
      if (!user) throw new AppError(400, AccountMessages.notRegistered);
      return startSession(user, 'sms');
    },

    /**
     * Register (when enabled by configuration) and sign in: with a password, or with an SMS code from
     * `SendRegisterSms` (purpose register) and no password — then `ispassword` is false.
     * @throws 403 disabled, 400 code refused, 409 phone taken.
     */
    async register(
      phone: string,
      password: string | null | undefined,
      name: string,
      code?: string,
    ): Promise<LoginDataValue> {
      if (!ctx.config.registerEnabled) throw forbidden('注册功能未开放');
      const canonical = normalizePhone(phone);
      if (code) await sms.verify(canonical, 'register', code);
      else if (!password) throw new AppError(400, AccountMessages.passwordRequired);
      const user = await repo.insertUser({
        phone: canonical,
        name,
        passwordHash: password ? await hashPassword(password) : null,
        quotaBytes: ctx.config.personalQuotaBytes,
        serviceStopAt: trialEnd(ctx.config), // the free trial (000 §9, TRIAL_DAYS)
      });
      if (!user) throw new AppError(409, AccountMessages.phoneBound);
      return startSession(user, 'register');
    },

    /**
     * Sign in an account whose identity another provider proved (the chat app, 000 §2 /ddLogin):
     * the same answer and single-session rule (AccountExit) as the phone sign-in.
     */
    async signInVerified(user: UserRow, method: SignInMethod = 'dingtalk'): Promise<LoginDataValue> {
      return startSession(user, method);
    },

    /** Create a user directly (CLI, demo account, tests). Returns undefined if the phone is taken. */
    async createUser(phone: string, password: string, name: string, opts: { quotaBytes?: number } = {}) {
      return repo.insertUser({
        phone: normalizePhone(phone),
        name,
        passwordHash: await hashPassword(password),
        quotaBytes: opts.quotaBytes ?? ctx.config.personalQuotaBytes,
      });
    },

    async logout(caller: Caller): Promise<void> {
      await audited(
        ctx.db,
        (tx) => authRepository(tx).revokeSession(caller.sessionId, 'logout'),
        () => ({
          action: 'auth.logout',
          actorId: caller.user.id,
          objectType: 'user',
          objectId: caller.user.id,
          objectName: caller.user.phone,
        }),
      );
      ctx.hub.endSession(caller.sessionId, caller.user.id);
    },

    /**
     * Resolve a bearer token to its caller.
     * @throws 401 code -20 (missing/expired) or -501 (ended: signed in elsewhere or logged out).
     */
    async authenticate(token: string | undefined): Promise<Caller> {
      if (!token) throw unauthorized('请先登录');
      const claims = await ctx.tokens.verifySession(token);
      if (!claims) throw unauthorized();
      return this.authenticateSession(claims.userId, claims.sessionId);
    },

    /**
     * The caller of a session known from a verified signed ticket (e.g. a folder-zip URL opened by the
     * browser, which cannot send the bearer header). Same checks and errors as `authenticate`.
     */
    async authenticateSession(userId: string, sessionId: string): Promise<Caller> {
      const claims = { userId, sessionId };
      const found = await repo.findSessionWithUser(claims.sessionId);
      const session = found?.session;
      if (!session || session.userId !== claims.userId || session.expiresAt.getTime() < Date.now())
        throw unauthorized();
      if (session.revokedAt) {
        throw unauthorized(
          session.revokedReason === 'signed-in-elsewhere'
            ? '账户在其他地点登录，如果不是本人登录，请及时更改密码！！'
            : session.revokedReason === 'disabled'
              ? ACCOUNT_DISABLED_MSG
              : '登录已失效，请重新登录',
          ResultCode.sessionEnded,
        );
      }
      const user = found.user;
      if (user.disabledAt) throw unauthorized(ACCOUNT_DISABLED_MSG, ResultCode.sessionEnded);
      return { user, sessionId: session.id };
    },

    async countUsers() {
      return repo.countUsers();
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
