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
import type { Services } from '../../services.ts';

/** Register the company routes. */
export function companiesRoutes(s: Pick<Services, 'companies' | 'companyInvites'>): FastifyPluginAsyncZod {
  const { companies, companyInvites: invites } = s;
  const tags = ['companies'];
  return async (app) => {
    app.get(Api.myCompany, { schema: { tags, response: okSchema(MyCompany) } }, async (req) =>
      ok(await companies.mine(callerOf(req))),
    );

    app.post(
      Api.companyCreate,
      { schema: { tags, body: CreateCompanyBody, response: okSchema(MyCompany) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(await companies.create(caller, req.body.name, req.body.code), '创建成功');
      },
    );

    app.post(
      Api.companySearch,
      { schema: { tags, body: CompanySearchBody, response: okSchema(z.array(CompanySearchItem)) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(await companies.search(caller, req.body.CorpName, req.body.page, req.body.rows));
      },
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

    app.get(
      Api.companyMembers,
      { schema: { tags, querystring: CorpIdQuery, response: okSchema(CompanyPersonList) } },
      async (req) => ok(await companies.members(callerOf(req), req.query.corpId)),
    );

    app.get(
      Api.companyAdmins,
      { schema: { tags, querystring: CorpIdQuery, response: okSchema(z.array(CompanyPerson)) } },
      async (req) => ok(await companies.admins(callerOf(req), req.query.corpId)),
    );

    app.post(Api.companyRemove, { schema: { tags, body: MemberBody, response: okNull } }, async (req) => {
      await companies.remove(callerOf(req), req.body.userId);
      return ok(null, '已删除');
    });

    app.post(
      Api.companySetAdmin,
      { schema: { tags, body: MemberBody, response: okSchema(z.boolean()) } },
      async (req) => {
        const role = await companies.toggleAdmin(callerOf(req), req.body.userId);
        return ok(role, '设置成功');
      },
    );

    app.post(Api.companyExit, { schema: { tags, response: okNull } }, async (req) => {
      await companies.exit(callerOf(req));
      return ok(null, '已退出企业');
    });

    app.get(Api.companySpace, { schema: { tags, response: okSchema(CorpSpace) } }, async (req) =>
      ok(await companies.space(callerOf(req))),
    );

    // Invite links and registered persons (000 §2 member list and 已注册人员数, §7 GetCorpUsers).
    app.post(
      Api.companyInvite,
      { schema: { tags, body: InviteBody, response: okSchema(CompanyPerson) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(await invites.invite(caller, req.body.phone, req.body.userName), '邀请成功');
      },
    );

    app.post(
      Api.companyInviteLink,
      { schema: { tags, body: MemberBody, response: okSchema(InviteLink) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(await invites.copyLink(caller, req.body.userId), '链接复制成功');
      },
    );

    app.get(
      Api.inviteInfo,
      {
        schema: { tags, querystring: InviteCodeQuery, response: okSchema(InviteInfo) },
        config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (req) => ok(await invites.info(req.query.code)),
    );

    app.post(
      Api.inviteAccept,
      { schema: { tags, body: AcceptInviteBody, response: okSchema(MyCompany) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(await invites.accept(caller, req.body.code), '已加入企业');
      },
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
