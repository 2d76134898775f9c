/**
 * `GET Api.projectInfo?iuid=` — one project as the lists show it; the server records the visit, which
 * feeds 最近浏览 (/lately). Called when a project is opened in /projectFile. 404 when not visible.
 */
import { Api, type ProjectRowValue } from '@bimdrive/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './keys.ts';

/** Fetch a project (and record the visit). */
export function getProjectInfo(iuid: string, signal?: AbortSignal): Promise<ProjectRowValue> {
  return api<ProjectRowValue>({ url: Api.projectInfo, params: { iuid }, signal, silent: true });
}

/**
 * The opened project; idle without an id. Fetched each time the project is opened (no cache), which
 * records the visit; the kept-alive lists (最近浏览) are refreshed after it.
 */
export function useProjectInfo(iuid: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...projectQueryKeys.all, 'info', iuid] as const,
    queryFn: async ({ signal }) => {
      const row = await getProjectInfo(iuid, signal);
      void qc.invalidateQueries({ queryKey: [...projectQueryKeys.all, 'list'] });
      return row;
    },
    enabled: !!iuid,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
