/** `POST Api.collect` / `POST Api.uncollect` — toggle collectbit (001 §4; messages 收藏成功 / 已取消, 000 §8). */
import { Api } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/** Collect (`collect: true`) or un-collect one file. */
export function setCollected(input: { iuid: string; collect: boolean }): Promise<null> {
  return api<null>({
    method: 'POST',
    url: input.collect ? Api.collect : Api.uncollect,
    data: { IUID: input.iuid },
  });
}

/** Mutation hook; refreshes 我的文件 and 我的收藏 on success. */
export function useSetCollected() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setCollected,
    onSuccess: () => qc.invalidateQueries({ queryKey: fileQueryKeys.all }),
  });
}
