/**
 * Invite links and registered persons of a company (spec 000 §2 member list "copy invite link" and
 * the registered-persons dialog 已注册人员数, §3 Company person `invitebit`, Registered corp user,
 * §6 roles, §7 GetCorpUsers; the invite calls are designed in the style of §7).
 *
 * - A company administrator invites a phone under a name; the invitation is a member row with
 *   invitebit false until accepted. Copying its link mints a random 256-bit token (only its SHA-256
 *   is stored) valid for INVITE_LINK_TTL_DAYS days: `${PUBLIC_URL}${INVITE_PATH}?code=<token>`.
 * - The link's owner joins directly: an account with the invited phone signs in and accepts, or a
 *   person without an account registers with that phone (allowed even when open registration is
 *   off: the administrator invited them) and is in the company at once. Someone already in a
 *   company is told to leave it first. The invitation then counts as accepted (invitebit true).
 * - Removing the invitation's row revokes it and deletes its links.
 *
 * Errors (AppError): 403 not an administrator / personal edition / the link is for another phone,
 * 404 unknown link or invitation, 409 already a member / in another company / already invited /
 * phone registered, 410 link used, revoked or expired.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  INVITE_LINK_TTL_DAYS,
  INVITE_PATH,
  normalizePhone,
  type CompanyPerson,
  type CorpUser,
  type InviteInfo,
  type InviteLink,
  type LoginDataValue,
  type MyCompany,
} from '@bimdrive/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError, conflict, forbidden, gone, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Caller } from '../auth/caller.ts';
import { trialEnd } from '../plans/plans.service.ts';
import { companiesRepository } from './companies.repository.ts';
import type { CompaniesService } from './companies.service.ts';
import {
  companyInvitesRepository,
  InviteStatus,
  type InviteByToken,
  type JoinRefusal,
} from './company-invites.repository.ts';

/** A link token: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 3600 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 13800000000 → 138****0000. */
export const maskPhone = (phone: string) =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;

const invalidLink = () => notFound('邀请链接无效');

/** The message of a refused join. */
function refusal(r: JoinRefusal): AppError {
  switch (r) {
    case 'not-pending':
      return gone('该邀请链接已失效');
    case 'expired':
      return gone('邀请链接已过期，请联系企业管理员重新复制');
    case 'has-company':
      return conflict('您已加入其他企业，请先退出该企业');
    case 'phone-taken':
      return conflict('该手机号已注册，请登录后接受邀请');
  }
}

/** Invites service bound to the app context. */
export function companyInvitesService(
  ctx: AppContext,
  deps: { auth: AuthService; companies: CompaniesService },
) {
  const repo = companyInvitesRepository(ctx.db);
  const companiesRepo = companiesRepository(ctx.db);
  const { auth, companies } = deps;

  function requireCompanyEdition() {
    if (ctx.config.systemIsPersonal) throw forbidden('个人版不支持企业功能');
  }

  /** The caller's company id when they administer it. @throws 403 otherwise. */
  function adminCorpOf(caller: Caller): string {
    if (!caller.user.corpId) throw forbidden('您还未加入企业');
    if (!caller.user.isCorpAdmin) throw forbidden('只有企业管理员可以执行此操作');
    return caller.user.corpId;
  }

  /**
   * The invitation of link `code`, usable now. @throws 404 malformed or unknown, 410 accepted,
   * revoked or expired.
   */
  async function usable(code: string): Promise<InviteByToken> {
    if (!TOKEN_PATTERN.test(code)) throw invalidLink();
    const found = await repo.findByToken(hashToken(code));
    if (!found) throw invalidLink();
    if (found.invite.status === InviteStatus.accepted) throw gone('该邀请链接已被使用');
    if (found.invite.status === InviteStatus.revoked) throw gone('该邀请已被管理员撤销');
    if (found.expiresAt.getTime() <= Date.now()) throw refusal('expired');
    return found;
  }

  return {
    /** Invite `phone` as `userName` to the caller's company (administrators). Answers the new row. */
    async invite(caller: Caller, phone: string, userName: string): Promise<z.infer<typeof CompanyPerson>> {
      requireCompanyEdition();
      const corpId = adminCorpOf(caller);
      const canonical = normalizePhone(phone);
      const existing = await repo.userByPhone(canonical);
      if (existing?.corpId === corpId) throw conflict('该手机号已是企业成员');
      const row = await repo.insert({ corpId, phone: canonical, userName, invitedBy: caller.user.id });
      if (!row) throw conflict('已邀请该手机号，请复制邀请链接发送给对方');
      return {
        userId: row.id,
        phone: row.phone,
        userName: row.userName,
        isAdmin: false,
        power: true,
        isadministrator: false,
        invitebit: false,
      };
    },

    /**
     * A new link of pending invitation `inviteId` of the caller's company (administrators). Earlier
     * links keep working until they expire.
     */
    async copyLink(caller: Caller, inviteId: string): Promise<z.infer<typeof InviteLink>> {
      requireCompanyEdition();
      const corpId = adminCorpOf(caller);
      const invite = await repo.findPending(corpId, inviteId);
      if (!invite) throw notFound('邀请不存在或已被接受');
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + INVITE_LINK_TTL_DAYS * DAY_MS);
      await repo.insertLink(invite.id, hashToken(token), expiresAt);
      const url = `${ctx.config.publicUrl}${INVITE_PATH}?code=${encodeURIComponent(token)}`;
      return { url, expireTime: expiresAt.toISOString() };
    },

    /** What the landing page of link `code` shows (public; the phone masked). */
    async info(code: string): Promise<z.infer<typeof InviteInfo>> {
      requireCompanyEdition();
      const { invite, corpName, expiresAt } = await usable(code);
      return {
        corpName,
        userName: invite.userName,
        phone: maskPhone(invite.phone),
        expireTime: expiresAt.toISOString(),
        registered: await repo.phoneRegistered(invite.phone),
      };
    },

    /** The signed-in caller (with the invited phone, without a company) joins through link `code`. */
    async accept(caller: Caller, code: string): Promise<z.infer<typeof MyCompany>> {
      requireCompanyEdition();
      const { invite } = await usable(code);
      if (caller.user.phone !== invite.phone)
        throw forbidden('该邀请不是发给您的手机号的，请使用受邀手机号登录');
      if (caller.user.corpId === invite.corpId) throw conflict('您已是该企业成员');
      if (caller.user.corpId) throw refusal('has-company');
      const r = await repo.join(hashToken(code), caller.user.id);
      if ('error' in r) throw refusal(r.error);
      await companies.notifyAdmins(invite.corpId);
      const company = await companiesRepo.findById(invite.corpId);
      if (!company) throw notFound('企业不存在');
      return { corpId: company.id, corpName: company.name, code: company.creditCode, iscorpadmin: false };
    },

    /**
     * Register with the invited phone through link `code` and sign in as a member of its company.
     * @throws 403 another phone, 409 the phone has an account (sign in and accept instead).
     */
    async register(body: {
      code: string;
      phone: string;
      password: string;
      name: string;
    }): Promise<LoginDataValue> {
      requireCompanyEdition();
      const { invite } = await usable(body.code);
      const phone = normalizePhone(body.phone);
      if (phone !== invite.phone) throw forbidden('手机号与邀请的手机号不一致');
      const r = await repo.registerAndJoin(hashToken(body.code), {
        phone,
        name: body.name,
        passwordHash: await hashPassword(body.password),
        quotaBytes: ctx.config.personalQuotaBytes,
        serviceStopAt: trialEnd(ctx.config), // the free trial (000 §9, TRIAL_DAYS)
      });
      if ('error' in r) throw refusal(r.error);
      await companies.notifyAdmins(invite.corpId);
      return auth.login(phone, body.password);
    },

    /** Registered users of the caller's company (000 §7 GetCorpUsers; company administrators). */
    async corpUsers(caller: Caller): Promise<Array<z.infer<typeof CorpUser>>> {
      requireCompanyEdition();
      const corpId = adminCorpOf(caller);
      return (await repo.corpUsers(corpId)).map((u) => ({
        userName: u.userName,
        createTime: u.createdAt.toISOString(),
      }));
    },
  };
}
export type CompanyInvitesService = ReturnType<typeof companyInvitesService>;
