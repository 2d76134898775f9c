/**
 * Toggle a file's collectbit (001 §4; 收藏成功 / 已取消, 000 §8) through the collect call of the file's
 * area (001 §7: DrawingCollection(De) for 我的文件 and projects, KnowledgeBaseCollection(De),
 * publiclibraryCollection(De); contracts `collectEndpoint`). The one collect hook of every file list.
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

/** Mutation hook; refreshes every file listing (我的文件, areas, 我的收藏) on success. */
export function useSetCollected() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setCollected,
    onSuccess: () => qc.invalidateQueries({ queryKey: fileQueryKeys.all }),
  });
}
