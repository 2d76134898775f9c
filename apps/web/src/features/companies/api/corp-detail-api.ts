/**
 * Calls of the company detail pages (000 §2 /corpDetail; issue 16; shapes in contracts/admin.ts):
 * - `GET Api.corpDetail` (`?corpId=`, optional: without it the caller's own company) → CorpDetail;
 * - `GET Api.corpOrders` (`?corpId=`) → CompanyOrders (newest first, with the buyer).
 * Both answer 403 to anyone but the company's administrators and system administrators, and 404
 * without a company. The detail is fetched silently so the page shows the refusal itself (无权查看)
 * instead of a toast; `CorpDetailError` carries the HTTP status.
 */
import { Api, ResultCode, type CompanyOrdersValue, type CorpDetailValue } from '@bimdrive/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client.ts';

/** Query keys (the admin pages invalidate `['corpDetail']` after changing a company). */
export const corpDetailKeys = {
  all: ['corpDetail'] as const,
  detail: (corpId: string) => ['corpDetail', 'detail', corpId] as const,
  orders: (corpId: string) => ['corpDetail', 'orders', corpId] as const,
};

/** A refused or failed detail load: the server's message and the envelope code. */
export class CorpDetailError extends Error {
  readonly code: number;
  constructor(message: string, code: number) {
    super(message);
    this.code = code;
  }
}

/** Load the detail of `corpId` ('' = the caller's company) without toasting a refusal. */
export async function getCorpDetail(corpId: string, signal?: AbortSignal): Promise<CorpDetailValue> {
  const body = await request<CorpDetailValue>({
    url: Api.corpDetail,
    params: corpId ? { corpId } : {},
    signal,
    silent: true,
  });
  if (body.code !== ResultCode.ok) throw new CorpDetailError(body.msg, body.code);
  return body.data;
}

/** The company detail (`corpId` '' = the caller's company). */
export function useCorpDetail(corpId: string) {
  return useQuery({
    queryKey: corpDetailKeys.detail(corpId),
    queryFn: ({ signal }) => getCorpDetail(corpId, signal),
    retry: false,
  });
}

/** The company's orders (loaded once the detail is known to be visible). */
export function useCorpOrders(corpId: string | undefined) {
  return useQuery({
    queryKey: corpDetailKeys.orders(corpId ?? ''),
    queryFn: ({ signal }) => api<CompanyOrdersValue>({ url: Api.corpOrders, params: { corpId }, signal }),
    enabled: Boolean(corpId),
  });
}
