/**
 * `POST Api.projectRename` — 重命名 a project (managers; 403 otherwise). Body `ProjectRenameBody
 * {iuid, projectName}`; answers the renamed `ProjectRow`.
 */
import { Api, type ProjectRowValue } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';
import { projectQueryKeys } from './keys.ts';

/** Rename a project. */
export function renameProject(input: { iuid: string; projectName: string }): Promise<ProjectRowValue> {
  return api<ProjectRowValue>({ method: 'POST', url: Api.projectRename, data: input });
}

/** Mutation hook; refreshes the project lists and the file listings (their root crumb is the name). */
export function useRenameProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: renameProject,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: projectQueryKeys.all });
      await qc.invalidateQueries({ queryKey: fileQueryKeys.all });
    },
  });
}
