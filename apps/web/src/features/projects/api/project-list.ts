/**
 * `GET Api.projectList` — one page of one of the five project lists (001 §2 project group: lately, all,
 * myCreated, myParticipateIn, myCollectionProject; default page 1, 10 rows; `keyword` = name contains).
 * Answers `ProjectList {list: ProjectRow[], count}`.
 */
import { Api, type ProjectListValue, type ProjectScopeValue } from '@bimdrive/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './keys.ts';

/** Query of one list page. */
export interface ProjectListQuery {
  scope: ProjectScopeValue;
  page: number;
  rows: number;
  keyword?: string;
}

/** Fetch one page. */
export function getProjectList(query: ProjectListQuery, signal?: AbortSignal): Promise<ProjectListValue> {
  const { keyword, ...rest } = query;
  return api<ProjectListValue>({
    url: Api.projectList,
    params: { ...rest, ...(keyword ? { keyword } : {}) },
    signal,
  });
}

/** Query options (keeps the previous page while the next loads). */
export const projectListQueryOptions = (query: ProjectListQuery) =>
  queryOptions({
    queryKey: projectQueryKeys.list(query),
    queryFn: ({ signal }) => getProjectList(query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of a project list. */
export function useProjectList(query: ProjectListQuery) {
  return useQuery(projectListQueryOptions(query));
}
