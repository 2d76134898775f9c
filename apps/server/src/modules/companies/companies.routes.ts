/**
 * Routes of companies and membership (spec 000 §7 WebCompanyApply / WebAccount calls; create, mine
 * and exit designed in their style). Every route authenticates first; the service enforces 000 §6.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptInviteBody,
  Api,
  ApplyDecisionBody,
  CompanyApplication,
  CompanyPerson,
  CompanyPersonList,
  CompanySearchBody,
  CompanySearchItem,
  CorpIdQuery,
  CorpSpace,
  CorpUser,
  CreateCompanyBody,
  InviteBody,
  InviteCodeQuery,
  InviteInfo,
  InviteLink,
  InviteRegisterBody,
  MyCompanyApplication,
  JoinCompanyBody,
  LoginData,
  MemberBody,
  MyCompany,
} from '@bimdrive/contracts';
import { ok, okSchema } from '../../lib/http.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Register the company routes. */
export function companiesRoutes(s: Pick<Services, 'companies' | 'companyInvites'>): FastifyPluginAsyncZod {
  const { companies, companyInvites: invites } = s;
  const tags = ['companies'];
  return async (app) => {
    const route = callerRoutes(app, tags);
    route.read(Api.myCompany, MyCompany, (caller) => companies.mine(caller));

    route.post(
      Api.companyCreate,
      CreateCompanyBody,
      MyCompany,
      (caller, body) => companies.create(caller, body.name, body.code),
      '创建成功',
    );

    route.post(Api.companySearch, CompanySearchBody, z.array(CompanySearchItem), (caller, body) =>
      companies.search(caller, body.CorpName, body.page, body.rows),
    );

    route.act(Api.companyJoin, JoinCompanyBody, '申请已提交，请等待管理员审核', (caller, body) =>
      companies.join(caller, body),
    );

    route.read(Api.companyApplyPending, z.boolean(), (caller) => companies.hasPending(caller));

    route.read(Api.companyMyApplication, MyCompanyApplication, (caller) => companies.myApplication(caller));

    route.read(Api.companyApplicants, z.array(CompanyApplication), (caller) => companies.applicants(caller));

    for (const [path, accept] of [
      [Api.companyApplyAccept, true],
      [Api.companyApplyReject, false],
    ] as const) {
      route.act(path, ApplyDecisionBody, accept ? '已通过' : '已拒绝', (caller, body) =>
        companies.decide(caller, body.UserApplyHistoryId, accept),
      );
    }

    route.get(Api.companyMembers, CorpIdQuery, CompanyPersonList, (caller, q) =>
      companies.members(caller, q.corpId),
    );

    route.get(Api.companyAdmins, CorpIdQuery, z.array(CompanyPerson), (caller, q) =>
      companies.admins(caller, q.corpId),
    );

    route.act(Api.companyRemove, MemberBody, '已删除', (caller, body) =>
      companies.remove(caller, body.userId),
    );

    route.post(
      Api.companySetAdmin,
      MemberBody,
      z.boolean(),
      (caller, body) => companies.toggleAdmin(caller, body.userId),
      '设置成功',
    );

    route.act(Api.companyExit, null, '已退出企业', (caller) => companies.exit(caller));

    route.read(Api.companySpace, CorpSpace, (caller) => companies.space(caller));

    // Invite links and registered persons (000 §2 member list and 已注册人员数, §7 GetCorpUsers).
    route.post(
      Api.companyInvite,
      InviteBody,
      CompanyPerson,
      (caller, body) => invites.invite(caller, body.phone, body.userName),
      '邀请成功',
    );

    route.post(
      Api.companyInviteLink,
      MemberBody,
      InviteLink,
      (caller, body) => invites.copyLink(caller, body.userId),
      '链接复制成功',
    );

    app.get(
      Api.inviteInfo,
      {
        schema: { tags, querystring: InviteCodeQuery, response: okSchema(InviteInfo) },
        config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (req) => ok(await invites.info(req.query.code)),
    );

    route.post(
      Api.inviteAccept,
      AcceptInviteBody,
      MyCompany,
      (caller, body) => invites.accept(caller, body.code),
      '已加入企业',
    );

    app.post(
      Api.inviteRegister,
      {
        schema: { tags, body: InviteRegisterBody, response: okSchema(LoginData) },
        config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (req) => ok(await invites.register(req.body), '注册成功，已加入企业'),
    );

    route.read(Api.corpUsers, z.array(CorpUser), (caller) => invites.corpUsers(caller));
  };
}
