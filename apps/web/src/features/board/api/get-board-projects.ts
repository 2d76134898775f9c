/**
 * `POST Api.getProject {type: '1'}` (001 §7 GetProject) for the board's scope picker: the projects
 * the caller may view, as `ProjectBrief {iuid, projectName}[]` (none without a company).
 */
import { Api, type ProjectBriefValue } from '@bimdrive/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Fetch the caller's projects. */
export function getBoardProjects(signal?: AbortSignal): Promise<ProjectBriefValue[]> {
  return api<ProjectBriefValue[]>({ method: 'POST', url: Api.getProject, data: { type: '1' }, signal });
}

/** The projects of the picker, loaded when the user belongs to a company (`enabled`). */
export function useBoardProjects(enabled: boolean) {
  return useQuery({
    queryKey: ['board', 'projects'] as const,
    queryFn: ({ signal }) => getBoardProjects(signal),
    enabled,
    staleTime: 30_000,
  });
}
