/**
 * `POST Api.shareCheck` — the share-limit check that runs before the share form shows (spec 001 §2
 * "a check runs first, with a spinner", §3 share-limit response, §5 "Sharing is refused when the file
 * count exceeds the licence limit").
 */
import { Api, type ShareEntryValue } from '@bimdrive/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ShareLimitData } from '@bimdrive/contracts';
import { api } from '../../../lib/api-client.ts';

/** Share-limit response (001 §3). */
export type ShareLimitValue = z.infer<typeof ShareLimitData>;

/** Run the share check for the entries about to be shared. */
export function checkShare(entries: ShareEntryValue[], signal?: AbortSignal): Promise<ShareLimitValue> {
  return api<ShareLimitValue>({ method: 'POST', url: Api.shareCheck, data: entries, signal });
}

/** The check for one file while the dialog is open; refetched each time it opens. */
export function useShareCheck(entry: ShareEntryValue | null) {
  return useQuery({
    queryKey: ['share', 'check', entry?.MainIUID ?? ''],
    queryFn: ({ signal }) => checkShare(entry ? [entry] : [], signal),
    enabled: entry !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
