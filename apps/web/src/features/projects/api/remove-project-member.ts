/**
 * `POST Api.projectMemberRemove` — remove a member (managers only; never the last manager). Body
 * `ProjectMemberRemoveBody {iuid, userId}`; answers the new member list.
 */
import { Api, type ProjectMemberValue } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './keys.ts';

/** Remove a member. */
export function removeProjectMember(input: { iuid: string; userId: string }): Promise<ProjectMemberValue[]> {
  return api<ProjectMemberValue[]>({ method: 'POST', url: Api.projectMemberRemove, data: input });
}

/** Mutation hook; stores the answered list and refreshes the project lists (member counts). */
export function useRemoveProjectMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeProjectMember,
    onSuccess: (list, input) => {
      qc.setQueryData(projectQueryKeys.members(input.iuid), list);
      void qc.invalidateQueries({ queryKey: [...projectQueryKeys.all, 'list'] });
    },
  });
}
