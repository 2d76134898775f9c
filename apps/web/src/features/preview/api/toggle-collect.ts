/**
 * `POST Api.collect` / `POST Api.uncollect` from the preview header (spec 001 §2 favourite button, §4
 * "Collect toggles collectbit", §7). Updates the open preview in place (no refetch, so signed viewer
 * URLs stay) and refreshes the file listings.
 */
import { Api, type PreviewInfoValue } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';
import { previewQueryKeys } from './get-preview-info.ts';

/** Collect (`collect: true`) or un-collect a file. */
export function toggleCollect(input: { iuid: string; collect: boolean }): Promise<null> {
  return api<null>({
    method: 'POST',
    url: input.collect ? Api.collect : Api.uncollect,
    data: { IUID: input.iuid },
  });
}

/** Mutation hook of the preview's 收藏 / 取消收藏 button. */
export function useToggleCollect() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: toggleCollect,
    onSuccess: (_data, input) => {
      // Every cached preview of the file (current or a version) shows the new flag.
      qc.setQueriesData<PreviewInfoValue>(
        { queryKey: previewQueryKeys.owner(input.iuid).slice(0, 3) },
        (old) => (old ? { ...old, collectbit: input.collect } : old),
      );
      void qc.invalidateQueries({ queryKey: fileQueryKeys.all });
    },
  });
}
