/** `GET Api.myDocumentList` — one folder of 我的文件 (spec 001 §2 personal file group, source type 2). */
import { Api, type ListDataValue } from '@bimdrive/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/** Listing query (`ListQuery` of the contract). */
export interface MyDocumentListQuery {
  folderId: string;
  page: number;
  rows: number;
  sort?: 'fileName' | 'fileBytes' | 'updateTime';
  order?: 'asc' | 'desc';
}

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

/** A folder listing of 我的文件. */
export function useMyDocumentList(query: MyDocumentListQuery) {
  return useQuery(myDocumentListQueryOptions(query));
}
