/**
 * `GET Api.searchFiles` — name search across every area the user may see (issue 5; today 我的文件 and
 * 我的收藏), paged, with the file lists' sort and filters; each hit carries its location path and the
 * route that locates it.
 */
import { Api, type SearchDataValue } from '@bimdrive/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/** Search query: `keyword` plus the data table's parameters (listing.ts SearchQuery). */
export type SearchFilesQuery = { keyword: string } & Record<string, string>;

/** Fetch one page of hits. */
export function searchFiles(query: SearchFilesQuery, signal?: AbortSignal): Promise<SearchDataValue> {
  return api<SearchDataValue>({ url: Api.searchFiles, params: { ...query }, signal });
}

/** Query options of a search (keeps the previous page while the next loads). */
export const searchFilesQueryOptions = (query: SearchFilesQuery) =>
  queryOptions({
    queryKey: fileQueryKeys.search(query),
    queryFn: ({ signal }) => searchFiles(query, signal),
    placeholderData: keepPreviousData,
  });

/** Hits of a search; idle while `enabled` is false (no keyword). */
export function useSearchFiles(query: SearchFilesQuery, enabled: boolean) {
  return useQuery({ ...searchFilesQueryOptions(query), enabled });
}
