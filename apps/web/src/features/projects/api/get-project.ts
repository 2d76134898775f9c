/**
 * `POST Api.getProject {type}` (001 §7 GetProject) — the projects the caller may open (type '1'), as
 * `ProjectBrief {iuid, projectName}[]`; the project picker of /projectFile. The stored project or the
 * first one is used (000 §4, lib/current-project.ts).
 */
import { Api, type ProjectBriefValue } from '@bimdrive/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './keys.ts';

/** Fetch the projects (type '1') or the personal space (type '2'). */
export function getProjects(type: '1' | '2', signal?: AbortSignal): Promise<ProjectBriefValue[]> {
  return api<ProjectBriefValue[]>({ method: 'POST', url: Api.getProject, data: { type }, signal });
}

/** Query options of GetProject. */
export const getProjectQueryOptions = (type: '1' | '2' = '1') =>
  queryOptions({
    queryKey: projectQueryKeys.briefs(type),
    queryFn: ({ signal }) => getProjects(type, signal),
  });

/** The caller's projects (type 1). */
export function useGetProject() {
  return useQuery(getProjectQueryOptions('1'));
}
