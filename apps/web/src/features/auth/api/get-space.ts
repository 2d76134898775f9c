/** `GET Api.space` — personal space used / usable (000 §2 Account card: "Space data loads when it opens"). */
import { Api, type SpaceInfo } from '@bimdrive/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { accountQueryKeys } from '../../../lib/query-keys.ts';

/** Personal space (bytes; usableSpace 0 = unlimited). */
export type SpaceInfoValue = z.infer<typeof SpaceInfo>;

/** Fetch the personal space. */
export function getSpace(signal?: AbortSignal): Promise<SpaceInfoValue> {
  return api<SpaceInfoValue>({ url: Api.space, silent: true, signal });
}

/** Query options of the personal space. */
export const spaceQueryOptions = () =>
  queryOptions({ queryKey: accountQueryKeys.space, queryFn: ({ signal }) => getSpace(signal), staleTime: 0 });

/** The personal space, loaded only while `enabled` (the card is open). */
export function useSpace(enabled: boolean) {
  return useQuery({ ...spaceQueryOptions(), enabled });
}
