/**
 * 企业管理 calls (spec 001 §2 /companyManagement, §7; issue 16; shapes in contracts/admin.ts, system
 * administrators only — others get 403 with the server's message, toasted by the API client):
 * - `GET Api.adminCompanyList` (AdminCompanyQuery: page, rows, search, state → AdminCompanyPage);
 * - `POST Api.adminSetCompanyQuota` ({corpId, quotaBytes}: bytes);
 * - `POST Api.adminSetCompanyServiceEnd` ({corpId, serviceStopTime}: "YYYY-MM-DD" or null = 无限制);
 * - `GET Api.adminUpdateCorpUsingStatus` (query {corpId, state: 'normal' | 'disabled'}): 停用 / 启用.
 * Mutations resolve to the server's `msg` (已停用, 已保存…) for the success toast, reject with ApiError
 * (already toasted) on a non-1 envelope, and refresh the company list and any open company detail.
 */
import { Api, ResultCode, type AdminCompanyPageValue } from '@bimdrive/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, request } from '../../../lib/api-client.ts';

/** One company row of the list. */
export type AdminCompanyRowValue = AdminCompanyPageValue['list'][number];

/** Query-key root of the company list (invalidated by every change). */
export const adminCompanyKeys = {
  all: ['adminCompanies'] as const,
  page: (params: Record<string, string>) => ['adminCompanies', 'page', params] as const,
};

/** Fetch one page of companies. */
export function getAdminCompanies(
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<AdminCompanyPageValue> {
  return api<AdminCompanyPageValue>({ url: Api.adminCompanyList, params, signal });
}

/** Query options of one page. */
export const adminCompaniesQueryOptions = (params: Record<string, string>) =>
  queryOptions({
    queryKey: adminCompanyKeys.page(params),
    queryFn: ({ signal }) => getAdminCompanies(params, signal),
    placeholderData: keepPreviousData,
  });

/** One page of companies. */
export function useAdminCompanies(params: Record<string, string>) {
  return useQuery(adminCompaniesQueryOptions(params));
}

/** An answer: the server's message (for the success toast). */
export interface CompanyAdminAnswer {
  msg: string;
}

/** Send one administration call; resolves the message, rejects with ApiError (toasted) otherwise. */
async function send(opts: {
  method: 'GET' | 'POST';
  url: string;
  data?: unknown;
  params?: Record<string, string>;
}): Promise<CompanyAdminAnswer> {
  const body = await request<null>(opts);
  if (body.code !== ResultCode.ok) throw new ApiError(body.code, body.msg, 0, body.data);
  return { msg: body.msg };
}

/** A mutation that refreshes the company list and company details afterwards (also after a refusal). */
function useCompanyMutation<V>(call: (v: V) => Promise<CompanyAdminAnswer>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: adminCompanyKeys.all }),
        qc.invalidateQueries({ queryKey: ['corpDetail'] }),
      ]);
    },
  });
}

/** Set a company's space quota (bytes). */
export function useSetCompanyQuota() {
  return useCompanyMutation((v: { corpId: string; quotaBytes: number }) =>
    send({ method: 'POST', url: Api.adminSetCompanyQuota, data: v }),
  );
}

/** Set a company's service end ("YYYY-MM-DD", or null for 无限制). */
export function useSetCompanyServiceEnd() {
  return useCompanyMutation((v: { corpId: string; serviceStopTime: string | null }) =>
    send({ method: 'POST', url: Api.adminSetCompanyServiceEnd, data: v }),
  );
}

/** 停用 / 启用 a company (001 §7 UpdateCorpUsingStatus, a GET with query parameters). */
export function useSetCompanyState() {
  return useCompanyMutation((v: { corpId: string; state: 'normal' | 'disabled' }) =>
    send({ method: 'GET', url: Api.adminUpdateCorpUsingStatus, params: v }),
  );
}
