/**
 * `POST Api.projectMemberSet` — add a person of the project's company as a member, or change a
 * member's role (managers only; 403 otherwise). Body `ProjectMemberSetBody {iuid, userId, role}`;
 * answers the new member list.
 */
import { Api, type ProjectMemberValue, type ProjectRoleValue } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './keys.ts';

/** Add or change a member. */
export function setProjectMember(input: {
  iuid: string;
  userId: string;
  role: ProjectRoleValue;
}): Promise<ProjectMemberValue[]> {
  return api<ProjectMemberValue[]>({ method: 'POST', url: Api.projectMemberSet, data: input });
}

/** Mutation hook; stores the answered list and refreshes the project lists (member counts). */
export function useSetProjectMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setProjectMember,
    onSuccess: (list, input) => {
      qc.setQueryData(projectQueryKeys.members(input.iuid), list);
      void qc.invalidateQueries({ queryKey: [...projectQueryKeys.all, 'list'] });
    },
  });
}
