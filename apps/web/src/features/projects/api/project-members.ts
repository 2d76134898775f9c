/**
 * `GET Api.projectMembers?iuid=` — the members of a project with their role (`ProjectMember[]`); any
 * member may read it, 404 for a project the caller cannot see.
 */
import { Api, type ProjectMemberValue } from '@bimdrive/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './keys.ts';

/** Fetch the members. */
export function getProjectMembers(iuid: string, signal?: AbortSignal): Promise<ProjectMemberValue[]> {
  return api<ProjectMemberValue[]>({ url: Api.projectMembers, params: { iuid }, signal });
}

/** Query options of a project's members. */
export const projectMembersQueryOptions = (iuid: string) =>
  queryOptions({
    queryKey: projectQueryKeys.members(iuid),
    queryFn: ({ signal }) => getProjectMembers(iuid, signal),
  });

/** Members of a project; idle without an id. */
export function useProjectMembers(iuid: string) {
  return useQuery({ ...projectMembersQueryOptions(iuid), enabled: !!iuid });
}
