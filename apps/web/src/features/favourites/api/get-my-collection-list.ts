/** `GET Api.myCollectionList` — 我的收藏 (spec 001 §2 personal file group). */
import { Api, type ListDataValue } from '@bimdrive/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/** Listing query: the data table's parameters (page, rows, sort, order, filters; listing.ts). */
export type MyCollectionListQuery = Record<string, string>;

/** Fetch one page of collected files. */
export function getMyCollectionList(
  query: MyCollectionListQuery,
  signal?: AbortSignal,
): Promise<ListDataValue> {
  return api<ListDataValue>({ url: Api.myCollectionList, params: { ...query }, signal });
}

/** Query options of the collection listing. */
export const myCollectionListQueryOptions = (query: MyCollectionListQuery) =>
  queryOptions({
    queryKey: fileQueryKeys.myCollection(query),
    queryFn: ({ signal }) => getMyCollectionList(query, signal),
    placeholderData: keepPreviousData,
  });

/** The collected files. */
export function useMyCollectionList(query: MyCollectionListQuery) {
  return useQuery(myCollectionListQueryOptions(query));
}
