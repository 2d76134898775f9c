/** `GET Api.myShareList` — rows of 我的分享 (spec 001 §2 personal file group, §3 share entry). */
import { Api, type MyShareRow } from '@bimdrive/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { shareQueryKeys } from '../../../lib/query-keys.ts';

/** One share of the signed-in user. */
export type MyShareRowValue = z.infer<typeof MyShareRow>;

/** Fetch the user's shares. */
export function getMyShareList(signal?: AbortSignal): Promise<MyShareRowValue[]> {
  return api<MyShareRowValue[]>({ url: Api.myShareList, signal });
}

/** Query options of the share list. */
export const myShareListQueryOptions = () =>
  queryOptions({ queryKey: shareQueryKeys.all, queryFn: ({ signal }) => getMyShareList(signal) });

/** The user's shares. */
export function useMyShareList() {
  return useQuery(myShareListQueryOptions());
}
