/**
 * Toggle collectbit from 我的收藏 (001 §4; 收藏成功 / 已取消) through the collect call of the file's area
 * (001 §7; contracts `collectEndpoint`).
 */
import { collectEndpoint, type SpaceKindValue } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/** Collect or un-collect one file of an area of `kind` (absent = 我的文件). */
export function setCollected(input: {
  iuid: string;
  collect: boolean;
  kind?: SpaceKindValue;
}): Promise<null> {
  return api<null>({
    method: 'POST',
    url: collectEndpoint(input.kind, input.collect),
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
