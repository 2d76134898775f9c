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
import { ok, okNull, okSchema } from '../../lib/http.ts';
import { callerOf } from '../auth/route-auth.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Register the company routes. */
export function companiesRoutes(s: Pick<Services, 'companies' | 'companyInvites'>): FastifyPluginAsyncZod {
  const { companies, companyInvites: invites } = s;
  const tags = ['companies'];
  return async (app) => {
    const route = callerRoutes(app, tags);
    app.get(Api.myCompany, { schema: { tags, response: okSchema(MyCompany) } }, async (req) =>
      ok(await companies.mine(callerOf(req))),
    );

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

    app.post(Api.companyJoin, { schema: { tags, body: JoinCompanyBody, response: okNull } }, async (req) => {
      await companies.join(callerOf(req), req.body);
      return ok(null, '申请已提交，请等待管理员审核');
    });

    app.get(Api.companyApplyPending, { schema: { tags, response: okSchema(z.boolean()) } }, async (req) =>
      ok(await companies.hasPending(callerOf(req))),
    );

    app.get(
      Api.companyMyApplication,
      { schema: { tags, response: okSchema(MyCompanyApplication) } },
      async (req) => ok(await companies.myApplication(callerOf(req))),
    );

    app.get(
      Api.companyApplicants,
      { schema: { tags, response: okSchema(z.array(CompanyApplication)) } },
      async (req) => ok(await companies.applicants(callerOf(req))),
    );

    for (const [path, accept] of [
      [Api.companyApplyAccept, true],
      [Api.companyApplyReject, false],
    ] as const) {
      app.post(path, { schema: { tags, body: ApplyDecisionBody, response: okNull } }, async (req) => {
        const caller = callerOf(req);
        await companies.decide(caller, req.body.UserApplyHistoryId, accept);
        return ok(null, accept ? '已通过' : '已拒绝');
      });
    }

    route.get(Api.companyMembers, CorpIdQuery, CompanyPersonList, (caller, q) =>
      companies.members(caller, q.corpId),
    );

    route.get(Api.companyAdmins, CorpIdQuery, z.array(CompanyPerson), (caller, q) =>
      companies.admins(caller, q.corpId),
    );

    app.post(Api.companyRemove, { schema: { tags, body: MemberBody, response: okNull } }, async (req) => {
      await companies.remove(callerOf(req), req.body.userId);
      return ok(null, '已删除');
    });

    route.post(
      Api.companySetAdmin,
      MemberBody,
      z.boolean(),
      (caller, body) => companies.toggleAdmin(caller, body.userId),
      '设置成功',
    );

    app.post(Api.companyExit, { schema: { tags, response: okNull } }, async (req) => {
      await companies.exit(callerOf(req));
      return ok(null, '已退出企业');
    });

    app.get(Api.companySpace, { schema: { tags, response: okSchema(CorpSpace) } }, async (req) =>
      ok(await companies.space(callerOf(req))),
    );

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

    app.get(Api.corpUsers, { schema: { tags, response: okSchema(z.array(CorpUser)) } }, async (req) =>
      ok(await invites.corpUsers(callerOf(req))),
    );
  };
}
