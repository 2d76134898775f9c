/**
 * `GET Api.serviceTimeVerify` (spec 000 §2 guard step 3, §7): company and personal expiry and the
 * private-deployment licence state. The guard fetches it on every navigation to a signed-in screen;
 * the expiry notices read the same cache entry.
 */
import { Api, type ServiceTimeVerifyValue } from '@bimdrive/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Query key of the service state. */
export const serviceVerifyKey = ['service', 'verify'] as const;

/** Fetch the service state (silent: a failure only skips the check). */
export function getServiceVerify(signal?: AbortSignal): Promise<ServiceTimeVerifyValue> {
  return api<ServiceTimeVerifyValue>({ url: Api.serviceTimeVerify, silent: true, signal });
}

/** Query options of the service state (always refetched by the guard). */
export const serviceVerifyQueryOptions = () =>
  queryOptions({
    queryKey: serviceVerifyKey,
    queryFn: ({ signal }) => getServiceVerify(signal),
    staleTime: 0,
  });

/** The last known service state (never fetched by the hook itself: the guard keeps it fresh). */
export function useServiceVerify(enabled: boolean) {
  return useQuery({ ...serviceVerifyQueryOptions(), enabled, staleTime: Infinity });
}
