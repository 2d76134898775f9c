/**
 * Companies and membership (spec 000 §2 member list and applicants, §4 join application states,
 * §5 join rules, §6 roles, §7 WebCompanyApply / WebAccount calls, §8 accessApply). Every rule of
 * §6 is checked here, not only in the UI: only a company's administrators decide its applications,
 * remove members or change roles; a member sees only their own company; a company always keeps an
 * administrator while it has members. Live events (000 §7 hub): `companyApply` `{notDealApply}` and
 * `companyApply1` to the company's administrators when applications change, `accessApply` to an
 * approved applicant, who signs in again as a member (and when an invitation is accepted, so the
 * member list refreshes). The member list also carries the company's pending invitations
 * (invitebit false, `userId` = the invitation's id; company-invites.service.ts): RemoveUser on such
 * a row revokes it, SetAdmin refuses it. A row's `power` is true only for an administrator of that
 * very company, never for their own row.
 *
 * Errors (AppError): 403 not a member / not an administrator / personal edition, 404 unknown
 * company, application or member, 409 already in a company / code taken / application pending,
 * 400 a rule that would leave a company without an administrator, or a name that does not match the
 * code.
 */
import {
  ApplyStatus,
  HubEvents,
  type CompanyPerson,
  type CorpSpace,
  type MyCompany,
  type MyCompanyApplicationValue,
} from '@bimdrive/contracts';
import { formatDateTime } from '../../lib/time.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { audited, type OperationEntry } from '../operation-log/operation-log.repository.ts';
import { trialEnd } from '../plans/plans.service.ts';
import { companiesRepository, type CompanyRow, type MemberRow } from './companies.repository.ts';
import { companyInvitesRepository, type InviteRow } from './company-invites.repository.ts';

const percent = (used: number, usable: number) =>
  usable > 0 ? Math.min(100, Math.round((used / usable) * 10000) / 100) : 0;

/** An operation-log entry of a membership change in company `corpId` by `caller`. */
function memberEntry(
  caller: Caller,
  corpId: string,
  action: 'company.member.add' | 'company.member.remove' | 'company.member.role',
  userId: string,
  name: string,
  detail: Record<string, unknown> | null = null,
): OperationEntry {
  return {
    action,
    actorId: caller.user.id,
    companyId: corpId,
    objectType: 'user',
    objectId: userId,
    objectName: name.trim(),
    detail,
  };
}

/** Companies service bound to the app context. */
export function companiesService(ctx: AppContext) {
  const repo = companiesRepository(ctx.db);
  const invites = companyInvitesRepository(ctx.db);

  function requireCompanyEdition() {
    if (ctx.config.systemIsPersonal) throw forbidden('个人版不支持企业功能');
  }

  /** The caller's company id. @throws 403 when they have none. */
  function corpOf(caller: Caller): string {
    if (!caller.user.corpId) throw forbidden('您还未加入企业');
    return caller.user.corpId;
  }

  /** The caller's company id when they administer it. @throws 403 otherwise. */
  function adminCorpOf(caller: Caller): string {
    const corpId = corpOf(caller);
    if (!caller.user.isCorpAdmin) throw forbidden('只有企业管理员可以执行此操作');
    return corpId;
  }

  /** Tell a company's administrators that its applications changed (red dot and list). */
  async function notifyAdmins(corpId: string): Promise<void> {
    const [admins, pending] = await Promise.all([repo.admins(corpId), repo.countPending(corpId)]);
    for (const a of admins) {
      ctx.hub.toUser(a.id, HubEvents.companyApply, { notDealApply: pending > 0 });
      ctx.hub.toUser(a.id, HubEvents.companyApplyList, { notDealApply: pending > 0 });
    }
  }

  /** Whether the caller administers company `corpId` (000 §6 `power` of its rows). */
  const administers = (caller: Caller, corpId: string) =>
    caller.user.isCorpAdmin && caller.user.corpId === corpId;

  const presentPerson = (m: MemberRow, caller: Caller, corpId: string): z.infer<typeof CompanyPerson> => ({
    userId: m.id,
    phone: m.phone,
    userName: m.name,
    isAdmin: m.isCorpAdmin,
    power: administers(caller, corpId) && m.id !== caller.user.id,
    isadministrator: m.isAdministrator,
    invitebit: true,
  });

  /** A pending invitation as a member row (invitebit false; `userId` is the invitation's id). */
  const presentInvite = (i: InviteRow, caller: Caller): z.infer<typeof CompanyPerson> => ({
    userId: i.id,
    phone: i.phone,
    userName: i.userName,
    isAdmin: false,
    power: administers(caller, i.corpId),
    isadministrator: false,
    invitebit: false,
  });

  /** @throws 403 when the caller may not see company `corpId` (not theirs; system administrators may). */
  function requireVisible(caller: Caller, corpId: string) {
    if (caller.user.corpId !== corpId && !caller.user.isAdministrator) throw forbidden('无权查看该企业');
  }

  const presentCompany = (c: CompanyRow, isAdmin: boolean): z.infer<typeof MyCompany> => ({
    corpId: c.id,
    corpName: c.name,
    code: c.creditCode,
    iscorpadmin: isAdmin,
  });

  return {
    notifyAdmins,

    /** The caller's company (null when none). */
    async mine(caller: Caller): Promise<z.infer<typeof MyCompany>> {
      if (!caller.user.corpId) return null;
      const c = await repo.findById(caller.user.corpId);
      return c ? presentCompany(c, caller.user.isCorpAdmin) : null;
    },

    /** Create a company with the caller as its administrator. */
    async create(caller: Caller, name: string, code: string): Promise<z.infer<typeof MyCompany>> {
      requireCompanyEdition();
      if (caller.user.corpId) throw conflict('您已加入企业，不能再创建企业');
      const r = await repo.createWithAdmin(caller.user.id, {
        name,
        creditCode: code,
        quotaBytes: ctx.config.companyQuotaBytes,
        serviceStopAt: trialEnd(ctx.config), // the free trial (000 §9, TRIAL_DAYS)
      });
      if ('error' in r)
        throw conflict(r.error === 'code-taken' ? '该组织机构代码已被注册' : '您已加入企业，不能再创建企业');
      return presentCompany(r.company, true);
    },

    /** Company search (000 §7 GetCorpId): up to `rows` (≤ 999) from `page`. */
    async search(caller: Caller, name: string, page: number, rows: number) {
      requireCompanyEdition();
      const found = await repo.search(name, (page - 1) * rows, rows);
      return found.map((c) => ({ corpId: c.id, corpName: c.name, code: c.creditCode }));
    },

    /** File a join application (pending until an administrator decides). */
    async join(caller: Caller, body: { name: string; code: string; userName: string; useUserName: boolean }) {
      requireCompanyEdition();
      if (caller.user.corpId) throw conflict('您已加入企业');
      const company = await repo.findByCode(body.code);
      if (!company) throw notFound('未找到该企业，请核对组织机构代码');
      if (company.name !== body.name) throw badRequest('企业名称与组织机构代码不一致');
      const application = await repo.insertApplication({
        corpId: company.id,
        userId: caller.user.id,
        userName: body.useUserName ? caller.user.name : body.userName,
      });
      if (!application) throw conflict('您已提交加入申请，请等待管理员审核');
      await notifyAdmins(company.id);
    },

    /** The caller's own latest join application (MyCompanyApplication), or null. */
    async myApplication(caller: Caller): Promise<MyCompanyApplicationValue> {
      const a = await repo.latestOf(caller.user.id);
      if (!a) return null;
      return {
        iuid: a.id,
        corpName: a.corpName,
        operateStatus: a.status as 0 | 1 | 2,
        createTime: formatDateTime(a.createdAt),
        decideTime: formatDateTime(a.decidedAt),
      };
    },

    /** Whether the caller's company has undealt applications (administrators only; else false). */
    async hasPending(caller: Caller): Promise<boolean> {
      if (!caller.user.corpId || !caller.user.isCorpAdmin) return false;
      return (await repo.countPending(caller.user.corpId)) > 0;
    },

    /** Pending applications of the caller's company (administrators only). */
    async applicants(caller: Caller) {
      const corpId = adminCorpOf(caller);
      return (await repo.pendingApplications(corpId)).map((a) => ({
        iuid: a.id,
        phone: a.phone,
        userName: a.userName,
        createTime: a.createdAt.toISOString(),
        operateStatus: ApplyStatus.pending,
      }));
    },

    /** Approve (`accept`) or reject an application of the caller's company. */
    async decide(caller: Caller, applicationId: string, accept: boolean): Promise<void> {
      const corpId = adminCorpOf(caller);
      const app = accept
        ? await audited(
            ctx.db,
            (tx) => companiesRepository(tx).approve(applicationId, corpId, caller.user.id),
            (a) =>
              a
                ? memberEntry(caller, corpId, 'company.member.add', a.userId, a.userName, {
                    via: 'application',
                  })
                : null,
          )
        : await repo.reject(applicationId, corpId, caller.user.id);
      if (!app) throw notFound('申请不存在或已处理');
      if (accept) ctx.hub.toUser(app.userId, HubEvents.accessApply, { corpId });
      // The applicant's tabs tell them at once (issue 17); a later visit finds it by MyApplication.
      else ctx.hub.toUser(app.userId, HubEvents.applyRejected, { iuid: app.id });
      await notifyAdmins(corpId);
    },

    /**
     * Members of company `corpId` with what the caller may do to each (000 §3 Company person), then
     * its pending invitations (invitebit false).
     */
    async members(caller: Caller, corpId: string) {
      requireVisible(caller, corpId);
      const [people, pending] = await Promise.all([repo.members(corpId), invites.pending(corpId)]);
      // An invited phone that joined another way (an approved application) is listed once, as a member.
      const phones = new Set(people.map((m) => m.phone));
      const list = [
        ...people.map((m) => presentPerson(m, caller, corpId)),
        ...pending.filter((i) => !phones.has(i.phone)).map((i) => presentInvite(i, caller)),
      ];
      return { list, count: list.length };
    },

    /** Administrators of company `corpId`. */
    async admins(caller: Caller, corpId: string) {
      requireVisible(caller, corpId);
      return (await repo.admins(corpId)).map((m) => presentPerson(m, caller, corpId));
    },

    /**
     * Remove a member of the caller's company (administrators; not themselves: they exit), or revoke
     * a pending invitation (its row's `userId`; its links stop working).
     */
    async remove(caller: Caller, userId: string): Promise<void> {
      const corpId = adminCorpOf(caller);
      if (userId === caller.user.id) throw badRequest('不能移除自己，请使用退出企业');
      const member = await repo.member(corpId, userId);
      if (!member) {
        if (await invites.revoke(corpId, userId)) return;
        throw notFound('成员不存在');
      }
      const removed = await audited(
        ctx.db,
        (tx) => companiesRepository(tx).removeMember(corpId, userId),
        (done) =>
          done
            ? memberEntry(caller, corpId, 'company.member.remove', userId, `${member.name} ${member.phone}`)
            : null,
      );
      if (!removed) throw badRequest('企业至少需要保留一名管理员');
    },

    /** Set or cancel a member's administrator role; returns the new role. */
    async toggleAdmin(caller: Caller, userId: string): Promise<boolean> {
      const corpId = adminCorpOf(caller);
      const member = await repo.member(corpId, userId);
      if (!member) {
        if (await invites.findPending(corpId, userId)) throw badRequest('该成员尚未接受邀请');
        throw notFound('成员不存在');
      }
      const role = await audited(
        ctx.db,
        (tx) => companiesRepository(tx).toggleAdmin(corpId, userId),
        (admin) =>
          admin === undefined
            ? null
            : memberEntry(caller, corpId, 'company.member.role', userId, `${member.name} ${member.phone}`, {
                admin,
              }),
      );
      if (role === undefined) throw badRequest('企业至少需要保留一名管理员');
      return role;
    },

    /**
     * Leave the caller's company. The last administrator may leave only as its last member, which
     * dissolves the company.
     */
    async exit(caller: Caller): Promise<void> {
      const corpId = corpOf(caller);
      const left = await audited(
        ctx.db,
        (tx) => companiesRepository(tx).removeMember(corpId, caller.user.id),
        (done) =>
          done
            ? memberEntry(caller, corpId, 'company.member.remove', caller.user.id, caller.user.name, {
                exit: true,
              })
            : null,
      );
      if (left) return;
      if ((await repo.members(corpId)).length > 1)
        throw badRequest('您是企业唯一的管理员，请先将其他成员设为管理员');
      await repo.dissolve(corpId);
    },

    /** The caller's company space (000 §3 Space info). */
    async space(caller: Caller): Promise<z.infer<typeof CorpSpace>> {
      const company = await repo.findById(corpOf(caller));
      if (!company) throw notFound('企业不存在');
      return {
        corpName: company.name,
        usedSpace: company.usedBytes,
        usableSpace: company.quotaBytes,
        space: Math.max(0, company.quotaBytes - company.usedBytes),
        usedPercent: percent(company.usedBytes, company.quotaBytes),
        serviceStopTime: company.serviceStopAt?.toISOString() ?? null,
        bwForPrivatization: false,
      };
    },
  };
}
export type CompaniesService = ReturnType<typeof companiesService>;
