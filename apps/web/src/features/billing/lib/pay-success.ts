/**
 * After a payment (spec 000 §7 paySuccess; issue 16): the space bars and the account card, the expiry
 * banners (ServiceTimeVerify), the plan catalogue and the orders refresh in every tab of the buyer.
 */
import type { QueryClient } from '@tanstack/react-query';
import { accountQueryKeys, billingQueryKeys, companyQueryKeys } from '../../../lib/query-keys.ts';

/** Query key of ServiceTimeVerify (the service feature's cache entry read by the expiry banners). */
const SERVICE_VERIFY_KEY = ['service', 'verify'] as const;

/** Invalidate what a paid order changes. */
export function refreshAfterPayment(qc: QueryClient): void {
  for (const queryKey of [
    accountQueryKeys.space,
    accountQueryKeys.userInfo,
    companyQueryKeys.space,
    companyQueryKeys.mine,
    SERVICE_VERIFY_KEY,
    billingQueryKeys.all,
  ])
    void qc.invalidateQueries({ queryKey });
}
