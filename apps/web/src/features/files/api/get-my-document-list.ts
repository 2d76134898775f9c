/**
 * `GET Api.myDocumentList` — one folder of a file area (spec 001 §2): 我的文件 (source type 2) when
 * `spaceId` is absent, else that project, knowledge base or library; the answer's `space` carries the
 * caller's rights there.
 */
import { Api, type ListDataValue } from '@bimdrive/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/**
 * Listing query (`ListQuery` of the contract, listing.ts): the folder, an optional `keyword` (name
 * search through the folder's subtree) and the data table's parameters (page, rows, sort, order and
 * filters as strings, from `stateToParams`).
 */
export type MyDocumentListQuery = { folderId: string; spaceId?: string; keyword?: string } & Record<
  string,
  string
>;

/** Fetch one page of a folder. */
export function getMyDocumentList(query: MyDocumentListQuery, signal?: AbortSignal): Promise<ListDataValue> {
  return api<ListDataValue>({ url: Api.myDocumentList, params: { ...query }, signal });
}

/** Query options of a folder listing (keeps the previous page while the next loads). */
export const myDocumentListQueryOptions = (query: MyDocumentListQuery) =>
  queryOptions({
    queryKey: fileQueryKeys.myDocument(query),
    queryFn: ({ signal }) => getMyDocumentList(query, signal),
    placeholderData: keepPreviousData,
  });

/** A folder listing of 我的文件; idle while `enabled` is false (a cross-area search shows instead). */
export function useMyDocumentList(query: MyDocumentListQuery, enabled = true) {
  return useQuery({ ...myDocumentListQueryOptions(query), enabled });
}
