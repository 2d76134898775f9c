/**
 * `GET Api.myShareListPage` — one sorted, filtered page of 我的分享 (spec 001 §2 personal file group,
 * §3 share entry; sort and filters of listing.ts `ShareListQuery`, run on the server).
 */
import { Api, type MyShareRow } from '@bimdrive/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { shareQueryKeys } from '../../../lib/query-keys.ts';

/** One page of shares and the total. */
export interface MySharePageValue {
  list: Array<z.infer<typeof MyShareRow>>;
  count: number;
}

/** Fetch one page (params: the data table's page, rows, sort, order and filters). */
export function getMySharePage(
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<MySharePageValue> {
  return api<MySharePageValue>({ url: Api.myShareListPage, params: { ...params }, signal });
}

/** Query options (under the share list's root key, so a cancel refreshes it). */
export const mySharePageQueryOptions = (params: Record<string, string>) =>
  queryOptions({
    queryKey: [...shareQueryKeys.all, 'page', params],
    queryFn: ({ signal }) => getMySharePage(params, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the user's shares. */
export function useMySharePage(params: Record<string, string>) {
  return useQuery(mySharePageQueryOptions(params));
}
