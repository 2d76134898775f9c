/**
 * `GET Api.archiveEntries?IUID=&version=` (signed in) and `GET Api.shareArchiveEntries` (share visitor,
 * `Authorization: Share <accessToken>`) — the entries of a zip or rar file in the preview (issue 14;
 * 001 §9 archives). Entry URLs in the answer are signed and short-lived.
 */
import { Api, type ArchiveListingValue } from '@bimdrive/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { PreviewShareAccess } from '../../../stores/preview-store.ts';

/** Fetch the entries of an archive the caller may view (of `version` when given). */
export function getArchiveEntries(
  iuid: string,
  signal?: AbortSignal,
  version?: number,
): Promise<ArchiveListingValue> {
  return api<ArchiveListingValue>({
    url: Api.archiveEntries,
    params: { IUID: iuid, version },
    silent: true,
    signal,
  });
}

/** Fetch the entries of the archive a share visitor unlocked. */
export function getShareArchiveEntries(
  accessToken: string,
  signal?: AbortSignal,
): Promise<ArchiveListingValue> {
  return api<ArchiveListingValue>({
    url: Api.shareArchiveEntries,
    headers: { authorization: `Share ${accessToken}` },
    silent: true,
    signal,
  });
}

/** The entries of the archive on show (owner or share visitor). */
export function useArchiveEntries(iuid: string, share: PreviewShareAccess | null, version?: number) {
  return useQuery({
    queryKey: ['preview', 'archive', share?.shareCode ?? '', iuid, String(version ?? 'current')],
    queryFn: ({ signal }) =>
      share ? getShareArchiveEntries(share.accessToken, signal) : getArchiveEntries(iuid, signal, version),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
