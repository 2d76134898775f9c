/** `POST Api.delete` — 删除 a file or folder (000 §8: confirm 确定要删除这条记录吗？, success 删除成功, list refreshes). */
import { Api } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/** Delete one row. */
export function deleteFile(iuid: string): Promise<null> {
  return api<null>({ method: 'POST', url: Api.delete, data: { IUID: iuid } });
}

/** Mutation hook; refreshes file listings on success. */
export function useDeleteFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => qc.invalidateQueries({ queryKey: fileQueryKeys.all }),
  });
}
