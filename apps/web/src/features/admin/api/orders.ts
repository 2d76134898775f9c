/**
 * 订单管理 calls (spec 001 §2 /orderManagement; issue 16): `GET Api.adminOrderList` — one filtered
 * page of every order (`AdminOrderQuery` → `AdminOrderPage`, amounts in fen) — and
 * `GET Api.adminOrderExport` — the same filters as a CSV file (UTF-8 with BOM). System
 * administrators only; the server answers 403 to anyone else. Also the session-carrying CSV
 * download shared with the operation log (`downloadExport`): no cookies carry the session here,
 * so an anchor on the export URL would be refused; the file is fetched with the token header and
 * saved from a Blob.
 */
import {
  Api,
  type AdminOrderPageValue,
  type OrderStateValue,
  type PayChannelValue,
} from '@bimdrive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, authHeaders, request } from '../../../lib/api-client.ts';
import { anchorSave } from '../../../lib/download.ts';

/** One row of the order table (an order with its buyer, company and provider transaction id). */
export type AdminOrderRowValue = AdminOrderPageValue['list'][number];

/**
 * The filters of /orderManagement as query parameters: created time range (ISO date-times, both
 * ends inclusive), state, channel, buyer (part of name, phone or company name, or an order number).
 */
export interface AdminOrderFilters {
  from?: string;
  to?: string;
  state?: OrderStateValue;
  channel?: PayChannelValue;
  buyer?: string;
}

/** Query parameters of a page's filters plus paging (empty values left out; shared by the log). */
export function filterParams(
  f: object,
  paging?: { page: number; rows: number },
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(f)) if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
  if (paging) Object.assign(out, paging);
  return out;
}

/** Query-key root of the administrators' order list. */
export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  page: (params: Record<string, string | number>) => ['admin', 'orders', params] as const,
};

/** Fetch one page. @throws ApiError (403 for non-administrators, 400 for bad filters). */
export function getAdminOrders(
  params: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<AdminOrderPageValue> {
  return api<AdminOrderPageValue>({ url: Api.adminOrderList, params, signal });
}

/** One filtered page of orders (the previous page stays on screen while the next loads). */
export function useAdminOrders(filters: AdminOrderFilters, page: number, rows: number) {
  const params = filterParams(filters, { page, rows });
  return useQuery({
    queryKey: adminOrderKeys.page(params),
    queryFn: ({ signal }) => getAdminOrders(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The file name a `content-disposition` header gives, or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  if (!m?.[1]) return fallback;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/**
 * Download an export call (`text/csv`) with the session's headers and save it under the name the
 * server gives (else `fallback`). A refused call (JSON envelope: 403, 400, session ended) is asked
 * once more through the app's client so its usual toast or sign-out happens.
 * @returns true when a file was saved.
 */
export async function downloadExport(
  url: string,
  params: Record<string, string | number>,
  fallback: string,
): Promise<boolean> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  let res: Response;
  try {
    res = await fetch(qs ? `${url}?${qs}` : url, { headers: authHeaders() });
  } catch {
    await request({ url, params });
    return false;
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes('text/csv')) {
    await request({ url, params });
    return false;
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  anchorSave(href, attachmentName(res.headers.get('content-disposition'), fallback));
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return true;
}

/** Export the orders matching `filters` as CSV (every page). @returns true when a file was saved. */
export function exportAdminOrders(filters: AdminOrderFilters): Promise<boolean> {
  return downloadExport(Api.adminOrderExport, filterParams(filters), 'orders.csv');
}
