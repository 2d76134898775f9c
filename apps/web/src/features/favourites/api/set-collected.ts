/** `POST Api.uncollect` / `POST Api.collect` — toggle collectbit from 我的收藏 (001 §4; 收藏成功 / 已取消). */
import { Api } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/** Collect or un-collect one file. */
export function setCollected(input: { iuid: string; collect: boolean }): Promise<null> {
  return api<null>({
    method: 'POST',
    url: input.collect ? Api.collect : Api.uncollect,
    data: { IUID: input.iuid },
  });
}

/** Mutation hook; refreshes the file listings. */
export function useSetCollected() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setCollected,
    onSuccess: () => qc.invalidateQueries({ queryKey: fileQueryKeys.all }),
  });
}
