/**
 * `POST Api.projectCollect` / `Api.projectUncollect` — 收藏 / 取消收藏 a project (feeds
 * /myCollectionProject). Body `ProjectIuidBody {iuid}`; answers null.
 */
import { Api } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './keys.ts';

/** Collect (`collect` true) or un-collect a project. */
export function setProjectCollected(input: { iuid: string; collect: boolean }): Promise<null> {
  return api<null>({
    method: 'POST',
    url: input.collect ? Api.projectCollect : Api.projectUncollect,
    data: { iuid: input.iuid },
  });
}

/** Mutation hook; refreshes the project lists. */
export function useSetProjectCollected() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setProjectCollected,
    onSuccess: () => qc.invalidateQueries({ queryKey: projectQueryKeys.all }),
  });
}
