/**
 * `GET Api.myCollectionKnowledgeBaseList` — 我的收藏 of the libraries (`/myCollectionKnowledgeBase`,
 * 001 §2 library group): collected files of knowledge bases and public libraries the caller may still
 * view, with the data table's page, sort and filters (listing.ts).
 */
import { Api, type ListDataValue } from '@bimdrive/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from '../lib/library-keys.ts';

/** Listing query: the data table's parameters. */
export type LibraryCollectionQuery = Record<string, string>;

/** Fetch one page of collected library files. */
export function getLibraryCollectionList(
  query: LibraryCollectionQuery,
  signal?: AbortSignal,
): Promise<ListDataValue> {
  return api<ListDataValue>({ url: Api.myCollectionKnowledgeBaseList, params: { ...query }, signal });
}

/** Query options of the libraries' favourites. */
export const libraryCollectionQueryOptions = (query: LibraryCollectionQuery) =>
  queryOptions({
    queryKey: libraryQueryKeys.collection(query),
    queryFn: ({ signal }) => getLibraryCollectionList(query, signal),
    placeholderData: keepPreviousData,
  });

/** The collected library files. */
export function useLibraryCollectionList(query: LibraryCollectionQuery) {
  return useQuery(libraryCollectionQueryOptions(query));
}
