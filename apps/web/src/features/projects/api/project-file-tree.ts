/**
 * `POST Api.projectFileTree?type=1&iuid=` (001 §7 GetProjectFileTree) — the file tree of a project
 * (`ProjectTreeNode[]`: iuid, fileName, filePath, turnPath, fileType 1 folder / 2 file, children). Its
 * key sits under the file-listing root, so any file change reloads it (keys.ts).
 */
import { Api, type ProjectTreeNodeValue } from '@bimdrive/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './keys.ts';

/** Fetch the whole tree of a project. */
export function getProjectFileTree(iuid: string, signal?: AbortSignal): Promise<ProjectTreeNodeValue[]> {
  return api<ProjectTreeNodeValue[]>({
    method: 'POST',
    url: Api.projectFileTree,
    params: { type: '1', iuid },
    signal,
  });
}

/** Query options of a project's tree. */
export const projectFileTreeQueryOptions = (iuid: string) =>
  queryOptions({
    queryKey: projectQueryKeys.tree(iuid),
    queryFn: ({ signal }) => getProjectFileTree(iuid, signal),
  });

/**
 * The tree of a project; idle without an id. Reloaded whenever a screen showing it mounts (001 §2 "Route
 * change to /projectFile reloads the project file tree") and on every file change (keys.ts).
 */
export function useProjectFileTree(iuid: string) {
  return useQuery({ ...projectFileTreeQueryOptions(iuid), enabled: !!iuid, refetchOnMount: 'always' });
}
