/**
 * Plans (000 §9 plan table, as data in contracts/plans.ts `PLANS`): which plan an account is on,
 * its share limit, and the catalogue the payment centre shows (/payCenter?type=person|corp).
 *
 * - An account (person or company) whose `plan_id` is null is on the free trial: unlimited shares.
 *   The trial lasts TRIAL_DAYS (default 15) from registration — `trialEnd` gives the service end a
 *   new account should get.
 * - A paid order sets the plan (orders.repository `pay`); "over 500" has no limit either.
 * - "one purchase only" periods (1-5 persons: 1 month, 3 months) are offered once per buyer.
 * - A company plan covers at most `maxPersons` members: smaller tiers are not offered to a larger
 *   company (errors in orders.service).
 */
import {
  PLANS,
  TRIAL_PLAN_ID,
  planById,
  priceFen,
  type BuyerTypeValue,
  type PayChannelValue,
  type PlanCatalogValue,
} from '@bimdrive/contracts';
import type { AppConfig } from '../../config.ts';
import type { AppContext } from '../../app-context.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Caller } from '../auth/caller.ts';
import { companiesRepository } from '../companies/companies.repository.ts';
import { ordersRepository } from '../orders/orders.repository.ts';
import { plansRepository } from './plans.repository.ts';

/** The plan an account is on and its share limit (null = unlimited: free trial, over 500). */
export function effectivePlan(planId: string | null | undefined): {
  planId: string;
  shareLimit: number | null;
} {
  const plan = planById(planId);
  return plan
    ? { planId: plan.id, shareLimit: plan.shareLimit }
    : { planId: TRIAL_PLAN_ID, shareLimit: null };
}

/** The service end of a new account's free trial (TRIAL_DAYS from `from`). */
export function trialEnd(config: Pick<AppConfig, 'trialDays'>, from = new Date()): Date {
  return new Date(from.getTime() + config.trialDays * 24 * 3600 * 1000);
}

/** The payment channels configured on this server. */
export function configuredChannels(config: AppConfig): PayChannelValue[] {
  const c: PayChannelValue[] = [];
  if (config.payments.wechat) c.push('wechat');
  if (config.payments.alipay) c.push('alipay');
  return c;
}

/** Plans service bound to the app context. */
export function plansService(ctx: AppContext) {
  const repo = plansRepository(ctx.db);
  const companies = companiesRepository(ctx.db);
  const orders = ordersRepository(ctx.db);

  return {
    /** Members of a company (for the persons bound of company plans). */
    countMembers: (companyId: string) => repo.countMembers(companyId),

    /** The payment centre's catalogue for the caller (see PlanCatalog in contracts). */
    async catalog(caller: Caller, type: BuyerTypeValue): Promise<PlanCatalogValue> {
      const u = caller.user;
      const corpId = !ctx.config.systemIsPersonal && u.corpId ? u.corpId : null;
      const company = type === 'corp' && corpId ? await companies.findById(corpId) : undefined;
      const canBuy = type === 'person' ? true : Boolean(company && u.isCorpAdmin);
      const members = company ? await repo.countMembers(company.id) : 0;
      const account = type === 'person' ? u : company;
      const current = effectivePlan(account?.planId);
      const plans = await Promise.all(
        PLANS.filter((p) => p.buyer === type).map(async (p) => ({
          ...p,
          periods: await Promise.all(
            p.periods.map(async (period) => ({
              ...period,
              priceFen: priceFen(period),
              available:
                canBuy &&
                (p.maxPersons === null || members <= p.maxPersons) &&
                !(
                  period.oncePerBuyer &&
                  (await orders.paidOnce(
                    type === 'corp' && company ? { companyId: company.id } : { userId: u.id },
                    p.id,
                    period.id,
                  ))
                ),
            })),
          ),
        })),
      );
      return {
        type,
        plans,
        trialDays: ctx.config.trialDays,
        consultPhone: ctx.config.consultPhone,
        channels: configuredChannels(ctx.config),
        canBuy,
        current: {
          planId: current.planId,
          shareLimit: current.shareLimit,
          serviceStopTime: formatDateTime(account?.serviceStopAt ?? null),
        },
      };
    },
  };
}
export type PlansService = ReturnType<typeof plansService>;
