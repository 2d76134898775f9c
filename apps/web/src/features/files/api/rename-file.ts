/** `POST Api.rename` — 重命名 a file or folder (001 §5 name rule; the server's refusal is shown as sent). */
import { Api, type FileRowValue } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/** Rename one row. */
export function renameFile(input: { IUID: string; fileName: string }): Promise<FileRowValue> {
  return api<FileRowValue>({ method: 'POST', url: Api.rename, data: input });
}

/** Mutation hook; refreshes file listings on success. */
export function useRenameFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: renameFile,
    onSuccess: () => qc.invalidateQueries({ queryKey: fileQueryKeys.all }),
  });
}
