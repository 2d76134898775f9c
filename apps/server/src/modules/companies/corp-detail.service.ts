/**
 * The company detail pages (000 §2 /corpDetail; issue 16 administration group): a company's profile,
 * space and service end, plan and usage state (`CorpDetail` in contracts/admin.ts). Administrators,
 * members and orders are served by the existing company calls (CheckCompanyPerson, GetCorpAdmin) and
 * orders.service `companyOrders`.
 *
 * Who may look (`requireCorpDetailAccess`): the company's own administrators and system
 * administrators; everybody else gets 403 `CORP_DETAIL_FORBIDDEN_MSG`. Without a corpId the caller's
 * own company is meant (404 without one). The personal edition has no companies (403).
 */
import type { CorpDetailValue } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Caller } from '../auth/caller.ts';
import { plansRepository } from '../plans/plans.repository.ts';
import { PERSONAL_EDITION_MSG } from '../service-state/service-state.service.ts';
import { companiesRepository } from './companies.repository.ts';
import { companyUsageState } from './company-state.ts';

/** The 403 of /corpDetail for anyone but the company's administrators and system administrators. */
export const CORP_DETAIL_FORBIDDEN_MSG = '无权查看该企业的详情';

/**
 * The company the caller asks about (`corpId`, or their own) when they may see its detail pages.
 * @throws 403 personal edition / not an administrator of it, 404 no company.
 */
export function requireCorpDetailAccess(ctx: AppContext, caller: Caller, corpId: string | undefined): string {
  if (ctx.config.systemIsPersonal) throw forbidden(PERSONAL_EDITION_MSG);
  const u = caller.user;
  const id = corpId ?? u.corpId;
  if (!id) throw notFound('您还没有加入企业');
  if (u.isAdministrator) return id;
  if (u.corpId === id && u.isCorpAdmin) return id;
  throw forbidden(CORP_DETAIL_FORBIDDEN_MSG);
}

const percent = (used: number, usable: number) =>
  usable > 0 ? Math.min(100, Math.round((used / usable) * 10000) / 100) : 0;

/** Company detail service bound to the app context. */
export function corpDetailService(ctx: AppContext) {
  const repo = companiesRepository(ctx.db);
  const plans = plansRepository(ctx.db);
  return {
    /** The detail of `corpId` (or the caller's company). @throws 403, 404. */
    async detail(caller: Caller, corpId: string | undefined): Promise<CorpDetailValue> {
      const id = requireCorpDetailAccess(ctx, caller, corpId);
      const c = await repo.findById(id);
      if (!c) throw notFound('企业不存在');
      const memberCount = await plans.countMembers(c.id);
      return {
        corpId: c.id,
        corpName: c.name,
        creditCode: c.creditCode,
        createTime: formatDateTime(c.createdAt),
        memberCount,
        usedSpace: c.usedBytes,
        usableSpace: c.quotaBytes,
        usedPercent: percent(c.usedBytes, c.quotaBytes),
        serviceStopTime: formatDateTime(c.serviceStopAt),
        state: companyUsageState(c),
        planId: c.planId,
        canAdminister: caller.user.isAdministrator,
      };
    },
  };
}
export type CorpDetailService = ReturnType<typeof corpDetailService>;
