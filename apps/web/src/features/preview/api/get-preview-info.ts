/**
 * `GET Api.preview?IUID=` (owner) and `GET Api.sharePreview` (share visitor, `Authorization: Share
 * <accessToken>`) — the PreviewInfo of spec 001 §2 Preview overlay. Polled every 3 s while the file is
 * queued or converting so the overlay follows status changes (001 §4).
 */
import { Api, type PreviewInfoValue } from '@bimdrive/contracts';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { PreviewShareAccess } from '../../../stores/preview-store.ts';
import { POLL_INTERVAL_MS, shouldPoll } from '../lib/preview-rules.ts';

/** Query-key root of previews. */
export const previewQueryKeys = {
  all: ['preview'] as const,
  owner: (iuid: string, version?: number) =>
    ['preview', 'owner', iuid, String(version ?? 'current')] as const,
  share: (shareCode: string) => ['preview', 'share', shareCode] as const,
};

/** Fetch the owner's preview of one file (001 §2), of one of its versions when `version` is given. */
export function getPreviewInfo(
  iuid: string,
  signal?: AbortSignal,
  version?: number,
): Promise<PreviewInfoValue> {
  return api<PreviewInfoValue>({ url: Api.preview, params: { IUID: iuid, version }, silent: true, signal });
}

/** Fetch a share visitor's preview with the visitor token (001 §6 share mode). */
export function getSharePreviewInfo(accessToken: string, signal?: AbortSignal): Promise<PreviewInfoValue> {
  return api<PreviewInfoValue>({
    url: Api.sharePreview,
    headers: { authorization: `Share ${accessToken}` },
    silent: true,
    signal,
  });
}

// Signed URLs change on every fetch; refetching only when the status may change keeps viewers from
// reloading. The cache is dropped when the overlay closes so a reopened file gets fresh URLs.
const common = {
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  refetchInterval: (q: { state: { data: PreviewInfoValue | undefined } }) =>
    shouldPoll(q.state.data) ? POLL_INTERVAL_MS : false,
} as const;

/**
 * The preview of the open file: the owner's (of `version` when given), or the visitor's in share mode
 * (001 §2, §6).
 */
export function usePreviewInfo(iuid: string, share: PreviewShareAccess | null, version?: number) {
  const options: UseQueryOptions<PreviewInfoValue, Error, PreviewInfoValue, readonly string[]> = share
    ? {
        queryKey: previewQueryKeys.share(share.shareCode),
        queryFn: ({ signal }) => getSharePreviewInfo(share.accessToken, signal),
        initialData: share.preview,
        ...common,
      }
    : {
        queryKey: previewQueryKeys.owner(iuid, version),
        queryFn: ({ signal }) => getPreviewInfo(iuid, signal, version),
        ...common,
      };
  return useQuery(options);
}
