/** `GET Api.clientConfig` — public settings the login page may offer (register, demo hint; 000 §1, §2). */
import { Api, type ClientConfig } from '@bimdrive/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { accountQueryKeys } from '../../../lib/query-keys.ts';

/** Client settings. */
export type ClientConfigValue = z.infer<typeof ClientConfig>;

/** Fetch the client settings (silent: the page still works without them). */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfigValue> {
  return api<ClientConfigValue>({ url: Api.clientConfig, silent: true, signal });
}

/** Query options of the client settings (cached for the session). */
export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: accountQueryKeys.clientConfig,
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Infinity,
  });

/** The client settings. */
export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
