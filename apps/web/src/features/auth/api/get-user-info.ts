/** `GET Api.userInfo` — the signed-in user (000 §3 User (session)); loaded by the guard after sign-in (000 §2 step 4). */
import { Api, type SessionUserValue } from '@bimdrive/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountQueryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../stores/session-store.ts';

/** Fetch the user and keep it in the session store. */
export async function getUserInfo(signal?: AbortSignal): Promise<SessionUserValue> {
  const user = await api<SessionUserValue>({ url: Api.userInfo, silent: true, signal });
  useSession.getState().setUser(user);
  return user;
}

/** Query options of the user info. */
export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: accountQueryKeys.userInfo,
    queryFn: ({ signal }) => getUserInfo(signal),
    staleTime: 60_000,
  });

/** The user info (refreshes the session store). */
export function useUserInfo(enabled = true) {
  return useQuery({ ...userInfoQueryOptions(), enabled });
}
