/**
 * `GET Api.fileInfo?IUID=` used by /projectFile to find the project of a located file when the link
 * has no `projectId` (001 §2 /projectFile `pageMode=location&iuid=`): the row's `spaceId` is its project.
 */
import { Api, type FileRowValue } from '@bimdrive/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './keys.ts';

/** The area id of a file (404 toasted silently: answers are not shown). */
export async function getFileSpaceId(iuid: string, signal?: AbortSignal): Promise<string> {
  const row = await api<FileRowValue>({ url: Api.fileInfo, params: { IUID: iuid }, silent: true, signal });
  return row.spaceId;
}

/** The project of a located file; idle without an id. */
export function useFileSpaceId(iuid: string) {
  return useQuery({
    queryKey: [...projectQueryKeys.all, 'fileSpace', iuid] as const,
    queryFn: ({ signal }) => getFileSpaceId(iuid, signal),
    enabled: !!iuid,
    retry: false,
  });
}
