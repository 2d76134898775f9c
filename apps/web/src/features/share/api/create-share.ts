/**
 * `POST Api.share` — create the share link (spec 001 §2 Share dialog step 2, §7 DrawingShare): answers
 * the share code, the web and mobile links and the extraction code. Refreshes 我的分享.
 */
import { Api, type ShareCreatedValue, type ShareEntryValue } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { shareQueryKeys } from '../../../lib/query-keys.ts';

/** Create the share of the given entries (the dialog sends one). */
export function createShare(entries: ShareEntryValue[]): Promise<ShareCreatedValue> {
  return api<ShareCreatedValue>({ method: 'POST', url: Api.share, data: entries });
}

/** Mutation hook of 创建链接. */
export function useCreateShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createShare,
    onSuccess: () => qc.invalidateQueries({ queryKey: shareQueryKeys.all }),
  });
}
