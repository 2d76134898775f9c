/**
 * What the file browser of one area shows and where it goes (spec 001 §2–§4): the place in the URL
 * (lib/browse-params.ts), the listing of the folder — or, for a search across areas (issue 5), the
 * search's hits — with sorting and paging on the server through the table's URL state, the
 * breadcrumb trail and display path (lib/folder-trail.ts), the caller's rights in the area as the
 * listing answers them (`space.rights`; undefined until it answers) and where uploads go. Locating a
 * file (001 §2 `pageMode=location&iuid=`) moves to its folder at its page and marks its row, which
 * is scrolled into view once listed. The search box's text and scope are kept here (they follow the
 * URL, and survive a switch between 列表 and 网格).
 */
import type {
  FileRowValue,
  ListDataValue,
  SearchDataValue,
  SearchHitValue,
  SpaceRightsValue,
} from '@bimdrive/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { stateToParams, type TableState } from '../../../components/data-table/table-state.ts';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state.ts';
import { FILE_TABLE_CONFIG } from '../../../components/file-table.tsx';
import { useMyDocumentList } from '../api/get-my-document-list.ts';
import { useSearchFiles } from '../api/search-files.ts';
import { readBrowseParams, searchQuery, withKept, type SearchScope } from '../lib/browse-params.ts';
import { folderTrail, type Crumb } from '../lib/folder-trail.ts';
import type { UploadTarget } from './use-upload-picker.ts';
import '../i18n.ts';

/** A row of the browser: a listed file, or a search hit (with its area and location). */
export type BrowserRow = FileRowValue & Partial<SearchHitValue>;

/** The area ('' = 我的文件) and the query parameters every navigation keeps. */
export interface SpaceFilesOptions {
  spaceId: string;
  keepParams?: Record<string, string>;
}

/** The file browser's data, place and navigation. */
export interface SpaceFiles {
  /** The folder shown ('' = the area's root). */
  folderId: string;
  /** The search in the URL, trimmed ('' = none). */
  keyword: string;
  /** A search across areas: rows and total are the search's. */
  crossArea: boolean;
  /** The located file's row to mark ('' = none). */
  located: string;
  /** Sort, filters and page (in the URL). */
  table: TableState;
  setTable: (next: TableState) => void;
  /** The folder listing (idle during a search across areas). */
  list: UseQueryResult<ListDataValue>;
  /** The search across areas (idle otherwise). */
  search: UseQueryResult<SearchDataValue>;
  /** The rows of the page shown, and how many there are in all. */
  rows: BrowserRow[];
  total: number;
  rootName: string;
  /** The folders from the root down to the current one. */
  crumbs: Crumb[];
  /** The caller's rights in the area (undefined until the listing answers). */
  rights: SpaceRightsValue | undefined;
  /** Where uploads into the current folder go. */
  target: UploadTarget;
  /** The search box's text and scope (not yet in the URL). */
  searchText: string;
  setSearchText: (text: string) => void;
  scopeChoice: SearchScope;
  setScopeChoice: (scope: SearchScope) => void;
  /** Open folder `iuid` ('' = the root). */
  openFolder: (iuid: string) => void;
  /** Search for `text` in `nextScope` (the box's by default); an empty text leaves the search. */
  runSearch: (text: string, nextScope?: SearchScope) => void;
  /** Go to a search hit's folder with its row marked (the hit's own route when it has one). */
  locate: (row: BrowserRow) => void;
}

/** The file browser of area `spaceId` (see the module docstring). */
export function useSpaceFiles({ spaceId, keepParams }: SpaceFilesOptions): SpaceFiles {
  const { t } = useTranslation('files');
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const { folderId, keyword, scope, crossArea, locateId, located } = readBrowseParams(searchParams);
  const [table, setTable] = useTableUrlState(FILE_TABLE_CONFIG);
  const tableParams = stateToParams(table, FILE_TABLE_CONFIG, { withPaging: true });
  const list = useMyDocumentList(
    {
      folderId,
      ...(spaceId ? { spaceId } : {}),
      ...tableParams,
      ...(keyword && !crossArea ? { keyword } : {}),
      ...(locateId ? { locate: locateId } : {}),
    },
    !crossArea,
  );
  const search = useSearchFiles({ keyword, ...tableParams }, crossArea);
  const [searchText, setSearchText] = useState(keyword);
  useEffect(() => setSearchText(keyword), [keyword]);
  // The scope chosen in the box; it reaches the URL with the next search.
  const [scopeChoice, setScopeChoice] = useState<SearchScope>(scope);
  useEffect(() => setScopeChoice(scope), [scope]);

  const { rootName, crumbs, fullPath } = folderTrail(list.data?.breadcrumbs, spaceId ? '' : t('root'));
  // What the caller may do here; nothing is offered until the list has answered.
  const rights = list.data?.space?.rights;
  const target: UploadTarget = {
    folderId,
    fullPath,
    spaceId: list.data?.space?.spaceId ?? spaceId,
    spaceKind: list.data?.space?.kind,
  };

  // A located file: go to its folder at its page, keep the sort, mark its row.
  const locatedAnswer = list.data?.located;
  useEffect(() => {
    if (!locateId || !locatedAnswer || locatedAnswer.iuid !== locateId) return;
    const q = withKept(
      keepParams,
      stateToParams({ ...table, page: locatedAnswer.page, filters: {} }, FILE_TABLE_CONFIG),
    );
    if (locatedAnswer.folderId) q.set('folderId', locatedAnswer.folderId);
    q.set('located', locatedAnswer.iuid);
    setSearchParams(q, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keepParams is a fresh object each render
  }, [locateId, locatedAnswer, table, setSearchParams]);
  useEffect(() => {
    if (!located || list.isFetching) return;
    document.querySelector('.row-located')?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [located, list.isFetching]);

  const rows: BrowserRow[] = crossArea ? (search.data?.list ?? []) : (list.data?.list ?? []);
  const total = crossArea ? (search.data?.count ?? 0) : (list.data?.count ?? 0);

  return {
    folderId,
    keyword,
    crossArea,
    located,
    table,
    setTable,
    list,
    search,
    rows,
    total,
    rootName,
    crumbs,
    rights,
    target,
    searchText,
    setSearchText,
    scopeChoice,
    setScopeChoice,
    openFolder: (iuid) => setSearchParams(withKept(keepParams, iuid ? { folderId: iuid } : {})),
    runSearch: (text, nextScope = scopeChoice) =>
      setSearchParams(searchQuery(keepParams, folderId, text, nextScope)),
    locate: (r) =>
      void navigate(
        r.locateUrl ?? `?${withKept(keepParams, { pageMode: 'location', iuid: r.iuid }).toString()}`,
      ),
  };
}
