/** `POST Api.shareCancel` — 取消分享 (the link stops working). */
import { Api } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { shareQueryKeys } from '../../../lib/query-keys.ts';

/** Cancel one share by its code. */
export function cancelShare(shareCode: string): Promise<null> {
  return api<null>({ method: 'POST', url: Api.shareCancel, data: { shareCode } });
}

/** Mutation hook; refreshes the share list. */
export function useCancelShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelShare,
    onSuccess: () => qc.invalidateQueries({ queryKey: shareQueryKeys.all }),
  });
}
