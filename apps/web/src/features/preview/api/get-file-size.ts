/**
 * `GET Api.fileInfo?IUID=` — the size text shown on the "no online preview" card (spec 001 §2 Preview
 * overlay, office/other types; sizes in B/KB/MB/GB, 001 §9). Owner only; visitors see no size.
 */
import { Api, type FileRowValue } from '@bimdrive/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Fetch one file row (for its size). */
export function getFileInfo(iuid: string, signal?: AbortSignal): Promise<FileRowValue> {
  return api<FileRowValue>({ url: Api.fileInfo, params: { IUID: iuid }, silent: true, signal });
}

/** The size text of a file, or undefined while unknown. */
export function useFileSize(iuid: string, enabled: boolean): string | undefined {
  const q = useQuery({
    queryKey: ['preview', 'fileInfo', iuid],
    queryFn: ({ signal }) => getFileInfo(iuid, signal),
    enabled,
    gcTime: 0,
    retry: false,
  });
  return q.data?.fileSize || undefined;
}
