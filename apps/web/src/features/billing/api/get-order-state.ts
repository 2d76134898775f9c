/**
 * `GET Api.orderState` — one of the caller's orders (spec 000 §2 /wxPay, /aliPay, /wxPayRedirect):
 * the pay pages poll it every 2 s while unpaid; `sync` asks the provider first (the return page, a
 * lost notification).
 */
import { Api, type OrderViewValue } from '@bimdrive/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingQueryKeys } from '../../../lib/query-keys.ts';

/** Poll interval of the pay pages while the order is unpaid. */
export const ORDER_POLL_MS = 2000;

/** Fetch an order's state. */
export function getOrderState(orderNo: string, sync: boolean, signal?: AbortSignal): Promise<OrderViewValue> {
  return api<OrderViewValue>({
    url: Api.orderState,
    params: { orderNo, sync: sync ? '1' : '0' },
    silent: true,
    signal,
  });
}

/** The order `orderNo`; polled every 2 s while unpaid when `poll` is set. */
export function useOrderState(orderNo: string, opts: { enabled: boolean; sync?: boolean; poll?: boolean }) {
  const sync = opts.sync ?? false;
  return useQuery({
    queryKey: billingQueryKeys.order(orderNo, sync),
    queryFn: ({ signal }) => getOrderState(orderNo, sync, signal),
    enabled: opts.enabled && orderNo !== '',
    retry: false,
    refetchInterval: (q) => (opts.poll && q.state.data?.state === 'unpaid' ? ORDER_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}
