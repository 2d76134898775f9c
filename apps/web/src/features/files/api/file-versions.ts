/**
 * File versions (issue 5; 001 §7 FileVersionAdd group): `GET Api.versionList?iuid=`,
 * `POST Api.versionSetCurrent`, `POST Api.versionDelete`, and a version's download URL
 * (`GET Api.ossFile?IUID=&version=`). The list refreshes on the hub's `FileVersionInfo`.
 */
import { Api, type FileVersionListValue } from '@bimdrive/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/** Query key of one file's versions (under the file listings' root, so list refreshes include it). */
export const versionsKey = (iuid: string) => [...fileQueryKeys.all, 'versions', iuid] as const;

/** Fetch a file's versions, newest first. */
export function getFileVersions(iuid: string): Promise<FileVersionListValue> {
  return api<FileVersionListValue>({ url: Api.versionList, params: { iuid } });
}

/** The versions of `iuid` (disabled while null). */
export function useFileVersions(iuid: string | null) {
  return useQuery({
    queryKey: versionsKey(iuid ?? ''),
    queryFn: () => getFileVersions(iuid!),
    enabled: !!iuid,
  });
}

/** Make a version current; refreshes the file listings and the versions. */
export function useSetCurrentVersion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { iuid: string; version: number }) =>
      api<FileVersionListValue>({
        method: 'POST',
        url: Api.versionSetCurrent,
        data: { IUID: v.iuid, version: v.version },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: fileQueryKeys.all }),
  });
}

/** Delete a version that is not current (frees its space); refreshes listings and versions. */
export function useDeleteVersion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { iuid: string; version: number }) =>
      api<FileVersionListValue>({
        method: 'POST',
        url: Api.versionDelete,
        data: { IUID: v.iuid, version: v.version },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: fileQueryKeys.all }),
  });
}

/** Signed download URL of one version's original. */
export function getVersionDownloadUrl(iuid: string, version: number): Promise<string> {
  return api<string>({ url: Api.ossFile, params: { IUID: iuid, version } });
}
