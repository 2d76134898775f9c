/**
 * Routes of user and company administration (001 §2 /personalManagement, /companyManagement; §7
 * UpdateCorpUsingStatus, SystemSetting/GetCorpSpace) and the company detail pages (000 §2 /corpDetail).
 * Rules (system administrators only, 403) in admin.service.ts; shapes in contracts/admin.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCompanyPage,
  AdminCompanyQuery,
  AdminUserPage,
  AdminUserQuery,
  Api,
  CorpDetail,
  CorpDetailQuery,
  CorpSpacePage,
  CorpSpaceQuery,
  ResetUserPasswordBody,
  ResetUserPasswordResult,
  SetCompanyQuotaBody,
  SetCompanyServiceEndBody,
  SetUserQuotaBody,
  SetUserServiceEndBody,
  SetUserStateBody,
  UpdateCorpUsingStatusQuery,
} from '@bimdrive/contracts';
import { ok, okNull, okSchema } from '../../lib/http.ts';
import { callerOf } from '../auth/route-auth.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Register the user and company administration routes. */
export function adminRoutes(s: Pick<Services, 'admin' | 'corpDetail'>): FastifyPluginAsyncZod {
  const { admin, corpDetail } = s;
  const tags = ['admin'];
  return async (app) => {
    const route = callerRoutes(app, tags);
    route.get(Api.adminUserList, AdminUserQuery, AdminUserPage, (caller, q) => admin.users(caller, q));
    app.post(
      Api.adminSetUserState,
      { schema: { tags, body: SetUserStateBody, response: okNull } },
      async (req) => {
        await admin.setUserState(callerOf(req), req.body.userId, req.body.state);
        return ok(null, req.body.state === 'disabled' ? '已停用' : '已启用');
      },
    );
    app.post(
      Api.adminSetUserQuota,
      { schema: { tags, body: SetUserQuotaBody, response: okNull } },
      async (req) => {
        await admin.setUserQuota(callerOf(req), req.body.userId, req.body.quotaBytes);
        return ok(null, '已保存');
      },
    );
    app.post(
      Api.adminSetUserServiceEnd,
      { schema: { tags, body: SetUserServiceEndBody, response: okNull } },
      async (req) => {
        await admin.setUserServiceEnd(callerOf(req), req.body.userId, req.body.serviceStopTime);
        return ok(null, '已保存');
      },
    );
    app.post(
      Api.adminResetUserPassword,
      {
        schema: { tags, body: ResetUserPasswordBody, response: okSchema(ResetUserPasswordResult) },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (req) =>
        ok(await admin.resetUserPassword(callerOf(req), req.body.userId, req.body.password), '密码已重置'),
    );
    route.get(Api.adminCompanyList, AdminCompanyQuery, AdminCompanyPage, (caller, q) =>
      admin.companies(caller, q),
    );
    app.post(
      Api.adminSetCompanyQuota,
      { schema: { tags, body: SetCompanyQuotaBody, response: okNull } },
      async (req) => {
        await admin.setCompanyQuota(callerOf(req), req.body.corpId, req.body.quotaBytes);
        return ok(null, '已保存');
      },
    );
    app.post(
      Api.adminSetCompanyServiceEnd,
      { schema: { tags, body: SetCompanyServiceEndBody, response: okNull } },
      async (req) => {
        await admin.setCompanyServiceEnd(callerOf(req), req.body.corpId, req.body.serviceStopTime);
        return ok(null, '已保存');
      },
    );
    // 001 §7: "changes a company's usage status" (GET with query, as the spec's call table says)
    app.get(
      Api.adminUpdateCorpUsingStatus,
      { schema: { tags, querystring: UpdateCorpUsingStatusQuery, response: okNull } },
      async (req) => {
        await admin.setCompanyState(callerOf(req), req.query.corpId, req.query.state);
        return ok(null, req.query.state === 'disabled' ? '已停用' : '已启用');
      },
    );
    // 001 §7: "storage of all companies"
    route.post(Api.adminCorpSpace, CorpSpaceQuery, CorpSpacePage, (caller, body) =>
      admin.companySpaces(caller, body),
    );
    // 000 §2 /corpDetail (the company's administrators and system administrators)
    route.get(Api.corpDetail, CorpDetailQuery, CorpDetail, (caller, q) =>
      corpDetail.detail(caller, q.corpId),
    );
  };
}
