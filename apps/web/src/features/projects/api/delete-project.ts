/**
 * `POST Api.projectDelete` — 删除 a project with its files (managers; the quota is freed). Body
 * `ProjectIuidBody {iuid}`; answers null.
 */
import { Api } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';
import { projectQueryKeys } from './keys.ts';

/** Delete a project. */
export function deleteProject(iuid: string): Promise<null> {
  return api<null>({ method: 'POST', url: Api.projectDelete, data: { iuid } });
}

/** Mutation hook; refreshes projects and file listings (favourites of its files disappear). */
export function useDeleteProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: projectQueryKeys.all });
      await qc.invalidateQueries({ queryKey: fileQueryKeys.all });
    },
  });
}
