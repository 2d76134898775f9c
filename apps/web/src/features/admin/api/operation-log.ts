/**
 * 操作日志 calls (spec 001 §2 /operationLog, §6 roles; issue 16): `GET Api.adminOperationLog` — one
 * filtered page (`OperationLogQuery` → `OperationLogPage`, newest first) — and
 * `GET Api.adminOperationLogExport` — the same filters as CSV (UTF-8 with BOM). System
 * administrators read every entry (and may narrow to one company with `companyId`); company
 * administrators read their own company's entries only, whatever the filters; others get 403.
 */
import { Api, type OperationLogPageValue } from '@bimdrive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadExport, filterParams } from './orders.ts';

/** One entry of the operation log as shown. */
export type OperationLogRowValue = OperationLogPageValue['list'][number];

/**
 * The filters of /operationLog as query parameters: time range (ISO date-times, inclusive), user
 * (part of name or phone), action (a code, or a prefix ending in `.` such as `share.`), object (part
 * of its name, or its id), companyId (system administrators: one company's entries).
 */
export interface OperationLogFilters {
  from?: string;
  to?: string;
  user?: string;
  action?: string;
  object?: string;
  companyId?: string;
}

/** Query-key root of the operation log. */
export const operationLogKeys = {
  all: ['admin', 'operationLog'] as const,
  page: (params: Record<string, string | number>) => ['admin', 'operationLog', params] as const,
};

/** Fetch one page. @throws ApiError (403 for readers who are no administrator, 400 for bad filters). */
export function getOperationLog(
  params: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<OperationLogPageValue> {
  return api<OperationLogPageValue>({ url: Api.adminOperationLog, params, signal });
}

/** One filtered page of the operation log (the previous page stays on screen while the next loads). */
export function useOperationLog(filters: OperationLogFilters, page: number, rows: number) {
  const params = filterParams(filters, { page, rows });
  return useQuery({
    queryKey: operationLogKeys.page(params),
    queryFn: ({ signal }) => getOperationLog(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Export the entries matching `filters` as CSV. @returns true when a file was saved. */
export function exportOperationLog(filters: OperationLogFilters): Promise<boolean> {
  return downloadExport(Api.adminOperationLogExport, filterParams(filters), 'operation-log.csv');
}
