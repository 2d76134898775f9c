/**
 * `POST Api.projectCreate` — 新建项目 (company members; the creator becomes its manager). Body
 * `ProjectCreateBody {projectName}` (001 §5 name rule, ≤ 50 characters); answers the new `ProjectRow`.
 * Refusals (no company, bad name) are toasted by the API client.
 */
import { Api, type ProjectRowValue } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './keys.ts';

/** Create a project. */
export function createProject(projectName: string): Promise<ProjectRowValue> {
  return api<ProjectRowValue>({ method: 'POST', url: Api.projectCreate, data: { projectName } });
}

/** Mutation hook; refreshes every project query on success. */
export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => qc.invalidateQueries({ queryKey: projectQueryKeys.all }),
  });
}
