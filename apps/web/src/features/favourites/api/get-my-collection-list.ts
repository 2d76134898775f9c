/**
 * `GET Api.myCollectionList` / `GET Api.myCollectionKnowledgeBaseList` — 我的收藏 (spec 001 §2): the
 * collected files of 我的文件 and projects (`files`, /myCollection) or of the knowledge bases and public
 * libraries (`libraries`, /myCollectionKnowledgeBase), each row with its area's kind.
 */
import { Api, type ListDataValue } from '@bimdrive/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/** Which favourites list. */
export type FavouriteGroup = 'files' | 'libraries';

/** Listing query: the data table's parameters (page, rows, sort, order, filters; listing.ts). */
export type MyCollectionListQuery = Record<string, string>;

const URLS: Record<FavouriteGroup, string> = {
  files: Api.myCollectionList,
  libraries: Api.myCollectionKnowledgeBaseList,
};

/** Fetch one page of collected files of a group. */
export function getMyCollectionList(
  group: FavouriteGroup,
  query: MyCollectionListQuery,
  signal?: AbortSignal,
): Promise<ListDataValue> {
  return api<ListDataValue>({ url: URLS[group], params: { ...query }, signal });
}

/** Query options of a favourites listing. */
export const myCollectionListQueryOptions = (group: FavouriteGroup, query: MyCollectionListQuery) =>
  queryOptions({
    queryKey: fileQueryKeys.myCollection({ group, ...query }),
    queryFn: ({ signal }) => getMyCollectionList(group, query, signal),
    placeholderData: keepPreviousData,
  });

/** The collected files of a group. */
export function useMyCollectionList(group: FavouriteGroup, query: MyCollectionListQuery) {
  return useQuery(myCollectionListQueryOptions(group, query));
}
