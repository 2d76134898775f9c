/**
 * `GET Api.libraryGet?kind=` — the caller's knowledge base or public library of a kind (issue 5; 001 §2
 * library group, §3): its space id, name and the caller's rights. Created on first use by the server;
 * `Company` answers 403 without a company or in the personal edition (shown by the page, not toasted).
 */
import { Api, type LibraryKindValue, type SpaceSummaryValue } from '@bimdrive/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from '../lib/library-keys.ts';

/** Fetch the caller's library of `kind` (silent: the page shows the refusal). */
export function getLibrary(kind: LibraryKindValue, signal?: AbortSignal): Promise<SpaceSummaryValue> {
  return api<SpaceSummaryValue>({ url: Api.libraryGet, params: { kind }, silent: true, signal });
}

/** Query options of one library (its id never changes; rights follow the session). */
export const libraryQueryOptions = (kind: LibraryKindValue) =>
  queryOptions({
    queryKey: libraryQueryKeys.library(kind),
    queryFn: ({ signal }) => getLibrary(kind, signal),
    staleTime: 60_000,
    retry: false,
  });

/** The caller's library of `kind`. */
export function useLibrary(kind: LibraryKindValue, enabled = true) {
  return useQuery({ ...libraryQueryOptions(kind), enabled });
}
