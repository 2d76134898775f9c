/**
 * System administration of users and companies (001 §2 /personalManagement, /companyManagement;
 * §6; shapes in contracts/admin.ts). Every call is for system administrators only (403 otherwise,
 * checked first). Every change is written with its operation-log entry (`admin.*`) in one
 * transaction.
 *
 * - Disabling an account ends its sessions at once (AccountDisabled to every tab of the account,
 *   AccountExit to its sessions, sockets closed) and refuses its sign-in (auth.service); an
 *   administrator cannot disable themselves.
 * - A password reset sets the given password (password rules of contracts/validation.ts) or a
 *   generated one, answered once; the account's sessions end.
 * - A service end is a date-time, or a date meaning the end of that day (server time), or null
 *   (无限制).
 */
import { randomInt } from 'node:crypto';
import {
  HubEvents,
  type AdminCompanyPageValue,
  type AdminCompanyQueryValue,
  type AdminUserPageValue,
  type AdminUserQueryValue,
  type CorpSpacePageValue,
  type CorpSpaceQueryValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { formatDateTime } from '../../lib/time.ts';
import { ACCOUNT_DISABLED_MSG } from '../auth/auth.service.ts';
import type { Caller } from '../auth/caller.ts';
import { audited } from '../operation-log/operation-log.repository.ts';
import { NOT_SYSTEM_ADMIN_MSG } from '../orders/orders.service.ts';
import { adminRepository } from './admin.repository.ts';

/** Why an administrator ended an account's sessions (sessions.revoked_reason): disabled. */
export const REVOKED_DISABLED = 'disabled';
/** Why an administrator ended an account's sessions: its password was reset. */
export const REVOKED_PASSWORD_RESET = 'password-reset';

/** Letters and digits of generated passwords (no look-alikes: 0 O 1 l I). */
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** Used share of a quota in percent (0–100, two decimals; 0 without a quota). */
const percent = (used: number, usable: number) =>
  usable > 0 ? Math.min(100, Math.round((used / usable) * 10000) / 100) : 0;

/** A 12-character password with letters and digits (meets NewPasswordSchema). */
export function generatePassword(): string {
  const all = LETTERS + DIGITS;
  const chars = [LETTERS[randomInt(LETTERS.length)]!, DIGITS[randomInt(DIGITS.length)]!];
  while (chars.length < 12) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** A service end from the API: null, a date-time, or a date (its last second, server time). */
export function serviceEndOf(v: string | null): Date | null {
  if (v === null) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const [y, m, d] = v.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d, 23, 59, 59);
  }
  const at = new Date(v);
  if (Number.isNaN(at.getTime())) throw badRequest('服务到期时间格式不正确');
  return at;
}

/** Administration service bound to the app context. */
export function adminService(ctx: AppContext) {
  const repo = adminRepository(ctx.db);

  /** @throws 403 unless the caller is a system administrator. */
  function requireAdmin(caller: Caller): void {
    if (!caller.user.isAdministrator) throw forbidden(NOT_SYSTEM_ADMIN_MSG);
  }

  async function requireUser(id: string) {
    const u = await repo.findUser(id);
    if (!u) throw notFound('用户不存在');
    return u;
  }
  async function requireCompany(id: string) {
    const c = await repo.findCompany(id);
    if (!c) throw notFound('企业不存在');
    return c;
  }

  /** Tell the tabs of ended sessions and close their sockets. */
  function endSessions(userId: string, ids: string[], reason: string): void {
    for (const sid of ids) {
      ctx.hub.toSession(sid, HubEvents.accountExit, { reason });
      ctx.hub.endSession(sid, userId);
    }
  }

  return {
    /** /personalManagement: one filtered page of users. @throws 403. */
    async users(caller: Caller, q: AdminUserQueryValue): Promise<AdminUserPageValue> {
      requireAdmin(caller);
      const { rows, count } = await repo.usersPage(q);
      return {
        count,
        list: rows.map(({ user: u, corpName }) => ({
          userId: u.id,
          phone: u.phone,
          userName: u.name,
          corpName,
          isadministrator: u.isAdministrator,
          iscorpadmin: Boolean(u.corpId) && u.isCorpAdmin,
          createTime: formatDateTime(u.createdAt),
          lastLoginTime: formatDateTime(u.lastLoginAt),
          usedSpace: u.usedBytes,
          usableSpace: u.quotaBytes,
          serviceStopTime: formatDateTime(u.serviceStopAt),
          state: u.disabledAt ? 'disabled' : 'normal',
        })),
      };
    },

    /** Disable or enable an account (see module doc). @throws 403, 404, 400 (oneself). */
    async setUserState(caller: Caller, userId: string, state: 'normal' | 'disabled'): Promise<void> {
      requireAdmin(caller);
      const target = await requireUser(userId);
      const disable = state === 'disabled';
      if (disable && userId === caller.user.id) throw badRequest('不能停用自己的账号');
      const ended = await audited(
        ctx.db,
        async (tx) => {
          const r = adminRepository(tx);
          const changed = await r.setUserDisabled(userId, disable ? new Date() : null);
          const ids = changed && disable ? await r.revokeSessions(userId, REVOKED_DISABLED) : [];
          return { changed, ids };
        },
        ({ changed, ids }) =>
          changed
            ? {
                action: disable ? 'admin.user.disable' : 'admin.user.enable',
                actorId: caller.user.id,
                objectType: 'user',
                objectId: target.id,
                objectName: `${target.name} ${target.phone}`,
                detail: disable ? { sessionsEnded: ids.length } : null,
              }
            : null,
      );
      // Every open tab of the account, whichever session it holds, goes to /login at once; sent
      // before the sessions' sockets leave the user's room.
      if (disable && ended.changed)
        ctx.hub.toUser(userId, HubEvents.accountDisabled, { msg: ACCOUNT_DISABLED_MSG });
      endSessions(userId, ended.ids, REVOKED_DISABLED);
    },

    /** Set an account's personal quota (bytes). @throws 403, 404. */
    async setUserQuota(caller: Caller, userId: string, quotaBytes: number): Promise<void> {
      requireAdmin(caller);
      const target = await requireUser(userId);
      await audited(
        ctx.db,
        (tx) => adminRepository(tx).setUser(userId, { quotaBytes }),
        () => ({
          action: 'admin.user.quota',
          actorId: caller.user.id,
          objectType: 'user',
          objectId: target.id,
          objectName: `${target.name} ${target.phone}`,
          detail: { before: target.quotaBytes, after: quotaBytes },
        }),
      );
    },

    /** Set an account's personal service end (null = 无限制). @throws 403, 404, 400. */
    async setUserServiceEnd(caller: Caller, userId: string, value: string | null): Promise<void> {
      requireAdmin(caller);
      const target = await requireUser(userId);
      const at = serviceEndOf(value);
      await audited(
        ctx.db,
        (tx) => adminRepository(tx).setUser(userId, { serviceStopAt: at }),
        () => ({
          action: 'admin.user.serviceEnd',
          actorId: caller.user.id,
          objectType: 'user',
          objectId: target.id,
          objectName: `${target.name} ${target.phone}`,
          detail: { before: formatDateTime(target.serviceStopAt), after: formatDateTime(at) },
        }),
      );
    },

    /**
     * Reset an account's password to `password`, or to a generated one which is answered (once).
     * The account's sessions end. @throws 403, 404.
     */
    async resetUserPassword(
      caller: Caller,
      userId: string,
      password: string | undefined,
    ): Promise<{ password: string | null }> {
      requireAdmin(caller);
      const target = await requireUser(userId);
      const plain = password ?? generatePassword();
      const passwordHash = await hashPassword(plain);
      const ids = await audited(
        ctx.db,
        async (tx) => {
          const r = adminRepository(tx);
          await r.setUser(userId, { passwordHash });
          return userId === caller.user.id ? [] : r.revokeSessions(userId, REVOKED_PASSWORD_RESET);
        },
        (ended) => ({
          action: 'admin.user.password',
          actorId: caller.user.id,
          objectType: 'user',
          objectId: target.id,
          objectName: `${target.name} ${target.phone}`,
          detail: { generated: password === undefined, sessionsEnded: ended.length },
        }),
      );
      endSessions(userId, ids, REVOKED_PASSWORD_RESET);
      return { password: password === undefined ? plain : null };
    },

    /** /companyManagement: one filtered page of companies. @throws 403. */
    async companies(caller: Caller, q: AdminCompanyQueryValue): Promise<AdminCompanyPageValue> {
      requireAdmin(caller);
      const { rows, count } = await repo.companiesPage(q);
      const admins = await repo.adminsOf(rows.map((r) => r.company.id));
      return {
        count,
        list: rows.map(({ company: c, members, state }) => ({
          corpId: c.id,
          corpName: c.name,
          creditCode: c.creditCode,
          admins: admins
            .filter((a) => a.corpId === c.id)
            .map((a) => ({ userId: a.id, userName: a.name, phone: a.phone })),
          memberCount: Number(members),
          usedSpace: c.usedBytes,
          usableSpace: c.quotaBytes,
          serviceStopTime: formatDateTime(c.serviceStopAt),
          state: state as AdminCompanyPageValue['list'][number]['state'],
          createTime: formatDateTime(c.createdAt),
        })),
      };
    },

    /** Set a company's space quota (bytes). @throws 403, 404. */
    async setCompanyQuota(caller: Caller, corpId: string, quotaBytes: number): Promise<void> {
      requireAdmin(caller);
      const c = await requireCompany(corpId);
      await audited(
        ctx.db,
        (tx) => adminRepository(tx).setCompany(corpId, { quotaBytes }),
        () => ({
          action: 'admin.company.quota',
          actorId: caller.user.id,
          objectType: 'company',
          objectId: c.id,
          objectName: c.name,
          detail: { before: c.quotaBytes, after: quotaBytes },
        }),
      );
    },

    /** Set a company's service end (null = 无限制). @throws 403, 404, 400. */
    async setCompanyServiceEnd(caller: Caller, corpId: string, value: string | null): Promise<void> {
      requireAdmin(caller);
      const c = await requireCompany(corpId);
      const at = serviceEndOf(value);
      await audited(
        ctx.db,
        (tx) => adminRepository(tx).setCompany(corpId, { serviceStopAt: at }),
        () => ({
          action: 'admin.company.serviceEnd',
          actorId: caller.user.id,
          objectType: 'company',
          objectId: c.id,
          objectName: c.name,
          detail: { before: formatDateTime(c.serviceStopAt), after: formatDateTime(at) },
        }),
      );
    },

    /**
     * 001 §7 `UpdateCorpUsingStatus`: disable (停用) or enable a company (companies/company-state.ts:
     * its space is refused to everybody while disabled; enabling restores it at once). Written to the
     * operation log when the state changed. @throws 403, 404.
     */
    async setCompanyState(caller: Caller, corpId: string, state: 'normal' | 'disabled'): Promise<void> {
      requireAdmin(caller);
      const c = await requireCompany(corpId);
      const disable = state === 'disabled';
      await audited(
        ctx.db,
        (tx) => adminRepository(tx).setCompanyDisabled(corpId, disable ? new Date() : null),
        (changed) =>
          changed
            ? {
                action: disable ? 'admin.company.disable' : 'admin.company.enable',
                actorId: caller.user.id,
                companyId: c.id,
                objectType: 'company',
                objectId: c.id,
                objectName: c.name,
                detail: null,
              }
            : null,
      );
    },

    /** 001 §7 `SystemSetting/GetCorpSpace`: storage of all companies, most used first. @throws 403. */
    async companySpaces(caller: Caller, q: CorpSpaceQueryValue): Promise<CorpSpacePageValue> {
      requireAdmin(caller);
      const { rows, count, totalUsed, totalQuota } = await repo.companySpacePage(q);
      return {
        count,
        totalUsed,
        totalQuota,
        list: rows.map(({ company: c, state }) => ({
          corpId: c.id,
          corpName: c.name,
          usedSpace: c.usedBytes,
          usableSpace: c.quotaBytes,
          usedPercent: percent(c.usedBytes, c.quotaBytes),
          serviceStopTime: formatDateTime(c.serviceStopAt),
          state: state as CorpSpacePageValue['list'][number]['state'],
        })),
      };
    },
  };
}
export type AdminService = ReturnType<typeof adminService>;
