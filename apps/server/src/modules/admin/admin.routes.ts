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
    route.act(Api.adminSetUserQuota, SetUserQuotaBody, '已保存', (caller, body) =>
      admin.setUserQuota(caller, body.userId, body.quotaBytes),
    );
    route.act(Api.adminSetUserServiceEnd, SetUserServiceEndBody, '已保存', (caller, body) =>
      admin.setUserServiceEnd(caller, body.userId, body.serviceStopTime),
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
    route.act(Api.adminSetCompanyQuota, SetCompanyQuotaBody, '已保存', (caller, body) =>
      admin.setCompanyQuota(caller, body.corpId, body.quotaBytes),
    );
    route.act(Api.adminSetCompanyServiceEnd, SetCompanyServiceEndBody, '已保存', (caller, body) =>
      admin.setCompanyServiceEnd(caller, body.corpId, body.serviceStopTime),
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
