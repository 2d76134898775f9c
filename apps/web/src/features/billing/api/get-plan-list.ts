/**
 * `GET Api.planList` — the plan catalogue of /payCenter (spec 000 §2, §9): plans with periods and
 * prices, the configured channels, the consult phone, whether the caller may buy, and their current
 * plan and service end.
 */
import { Api, type BuyerTypeValue, type PlanCatalogValue } from '@bimdrive/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingQueryKeys } from '../../../lib/query-keys.ts';

/** Fetch the catalogue for a buyer type. */
export function getPlanList(type: BuyerTypeValue, signal?: AbortSignal): Promise<PlanCatalogValue> {
  return api<PlanCatalogValue>({ url: Api.planList, params: { type }, signal });
}

/** The catalogue for `type`, loaded while signed in (`enabled`). */
export function usePlanList(type: BuyerTypeValue, enabled: boolean) {
  return useQuery({
    queryKey: billingQueryKeys.plans(type),
    queryFn: ({ signal }) => getPlanList(type, signal),
    enabled,
    staleTime: 0,
  });
}
