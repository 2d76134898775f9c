/** `POST Api.folderAdd` — 新建文件夹 (001 §5 name rule; success 添加成功, 001 §8). */
import { Api, type FileRowValue } from '@bimdrive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/** Create a folder under `parentIUID` ('' = root) of the area `spaceId` ('' or absent = 我的文件). */
export function createFolder(input: {
  parentIUID: string;
  fileName: string;
  spaceId?: string;
}): Promise<FileRowValue> {
  return api<FileRowValue>({ method: 'POST', url: Api.folderAdd, data: input });
}

/** Mutation hook; refreshes file listings on success. */
export function useCreateFolder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => qc.invalidateQueries({ queryKey: fileQueryKeys.all }),
  });
}
