/**
 * Collect / un-collect a file of a knowledge base or public library (001 §7
 * KnowledgeBaseCollection(De), publiclibraryCollection(De); messages 收藏成功 / 已取消收藏). The endpoint
 * follows the file's area kind (see `collectEndpoint`); the server answers 404 for a file of another
 * kind of area.
 */
import { collectEndpoint, type SpaceKindValue } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/** Input: the file, its area kind and whether to collect it. */
export interface LibraryCollectInput {
  iuid: string;
  kind: SpaceKindValue | undefined;
  collect: boolean;
}

/** Collect or un-collect one library file. */
export function setLibraryCollected(input: LibraryCollectInput): Promise<null> {
  return api<null>({
    method: 'POST',
    url: collectEndpoint(input.kind, input.collect),
    data: { IUID: input.iuid },
  });
}

/** Mutation hook; refreshes every file listing (library pages and the favourites). */
export function useSetLibraryCollected() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setLibraryCollected,
    onSuccess: () => qc.invalidateQueries({ queryKey: fileQueryKeys.all }),
  });
}
