/**
 * 用户管理 calls (spec 001 §2 /personalManagement; issue 16; shapes in contracts/admin.ts, system
 * administrators only — others get 403 with the server's message, toasted by the API client):
 * - `GET Api.adminUserList` (AdminUserQuery → AdminUserPage): one page of users;
 * - `POST Api.adminSetUserState` ({userId, state}): 停用 (sessions end at once) / 启用;
 * - `POST Api.adminSetUserQuota` ({userId, quotaBytes}: bytes);
 * - `POST Api.adminSetUserServiceEnd` ({userId, serviceStopTime}: "YYYY-MM-DD" or null = 无限制);
 * - `POST Api.adminResetUserPassword` ({userId}) → {password}: the generated password, answered once.
 * Mutations resolve to the server's `msg` (已停用, 已保存, 密码已重置…) for the success toast and reject
 * with ApiError (already toasted) on a non-1 envelope; each refreshes the user list.
 */
import { Api, ResultCode, type AdminUserPageValue } from '@bimdrive/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, request } from '../../../lib/api-client.ts';

/** One user row of the list. */
export type AdminUserRowValue = AdminUserPageValue['list'][number];

/** Query-key root of the user list (invalidated by every change). */
export const adminUserKeys = {
  all: ['adminUsers'] as const,
  page: (params: Record<string, string>) => ['adminUsers', 'page', params] as const,
};

/** Fetch one page of users (params of `userListParams`). */
export function getAdminUsers(
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<AdminUserPageValue> {
  return api<AdminUserPageValue>({ url: Api.adminUserList, params, signal });
}

/** Query options of one page. */
export const adminUsersQueryOptions = (params: Record<string, string>) =>
  queryOptions({
    queryKey: adminUserKeys.page(params),
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });

/** One page of users. */
export function useAdminUsers(params: Record<string, string>) {
  return useQuery(adminUsersQueryOptions(params));
}

/** An answer: the data and the server's message. */
export interface AdminAnswer<T> {
  data: T;
  msg: string;
}

/** POST an administration call; resolves data + msg, rejects with ApiError (toasted) otherwise. */
async function post<T>(url: string, data: unknown): Promise<AdminAnswer<T>> {
  const body = await request<T>({ method: 'POST', url, data });
  if (body.code !== ResultCode.ok) throw new ApiError(body.code, body.msg, 0, body.data);
  return { data: body.data, msg: body.msg };
}

/** A mutation of one admin call that refreshes the user list afterwards (also after a refusal). */
function useAdminMutation<V, T>(call: (v: V) => Promise<AdminAnswer<T>>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => qc.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

/** 停用 / 启用 an account. */
export function useSetUserState() {
  return useAdminMutation((v: { userId: string; state: 'normal' | 'disabled' }) =>
    post<null>(Api.adminSetUserState, v),
  );
}

/** Set an account's personal quota (bytes). */
export function useSetUserQuota() {
  return useAdminMutation((v: { userId: string; quotaBytes: number }) =>
    post<null>(Api.adminSetUserQuota, v),
  );
}

/** Set an account's service end ("YYYY-MM-DD", or null for 无限制). */
export function useSetUserServiceEnd() {
  return useAdminMutation((v: { userId: string; serviceStopTime: string | null }) =>
    post<null>(Api.adminSetUserServiceEnd, v),
  );
}

/** Reset an account's password to a generated one (answered once). */
export function useResetUserPassword() {
  return useAdminMutation((v: { userId: string }) =>
    post<{ password: string | null }>(Api.adminResetUserPassword, v),
  );
}
