/**
 * The file browser's place in the URL (spec 001 §2–§4): the folder (`?folderId=`), a search (issue 5:
 * `keyword` searches the folder's subtree, or every area with `scope=all`), a file to locate
 * (001 §2 `pageMode=location&iuid=`) and the located row to mark (`located`); and the query strings
 * the browser navigates to. Kept parameters (e.g. `projectId` of /projectFile) come first in each.
 */

/** Where a search looks: the current folder's subtree or every area. */
export type SearchScope = 'folder' | 'all';

/** What the URL asks the file browser to show. */
export interface BrowseParams {
  /** The folder ('' = the area's root). */
  folderId: string;
  /** The search text, trimmed ('' = no search). */
  keyword: string;
  scope: SearchScope;
  /** A search across areas (a keyword and scope=all): the search answers instead of the listing. */
  crossArea: boolean;
  /** The file to locate ('' = none): the server answers its folder and page. */
  locateId: string;
  /** The located file's row to mark and scroll to ('' = none). */
  located: string;
}

/** Read the file browser's parameters from the URL's query. */
export function readBrowseParams(params: URLSearchParams): BrowseParams {
  const keyword = (params.get('keyword') ?? '').trim();
  const scope = params.get('scope') === 'all' ? 'all' : 'folder';
  return {
    folderId: params.get('folderId') ?? '',
    keyword,
    scope,
    crossArea: !!keyword && scope === 'all',
    locateId: params.get('pageMode') === 'location' ? (params.get('iuid') ?? '') : '',
    located: params.get('located') ?? '',
  };
}

/** URL parameters with the kept ones first, then `extra` (which wins on a clash). */
export function withKept(
  keepParams: Record<string, string> | undefined,
  extra: Record<string, string> = {},
): URLSearchParams {
  return new URLSearchParams({ ...keepParams, ...extra });
}

/**
 * The query of a search for `text` from folder `folderId` looking in `scope`; an empty (or blank)
 * text leaves the search, staying in the folder.
 */
export function searchQuery(
  keepParams: Record<string, string> | undefined,
  folderId: string,
  text: string,
  scope: SearchScope,
): URLSearchParams {
  const q = withKept(keepParams);
  if (folderId) q.set('folderId', folderId);
  if (text.trim()) {
    q.set('keyword', text.trim());
    if (scope === 'all') q.set('scope', 'all');
  }
  return q;
}
