/**
 * Paging and server-side sorting kept in the URL query (spec 001 §2 personal file group; `ListQuery`
 * page / rows / sort / order; sort cycles none → asc → desc → none, 001 §4).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Sort fields offered by the file tables. */
export type ListSortField = 'fileName' | 'fileBytes' | 'updateTime';

/** Listing parameters read from the URL. */
export interface ListParams {
  page: number;
  rows: number;
  sort: { field: ListSortField; order: 'asc' | 'desc' } | null;
}

/** Default page size of the file tables. */
export const DEFAULT_ROWS = 20;

/** Parse listing parameters from a query string (invalid values fall back to defaults). */
export function parseListParams(sp: URLSearchParams): ListParams {
  const page = Math.max(1, Number.parseInt(sp.get('page') ?? '1', 10) || 1);
  const rowsRaw = Number.parseInt(sp.get('rows') ?? '', 10);
  const rows = rowsRaw >= 1 && rowsRaw <= 500 ? rowsRaw : DEFAULT_ROWS;
  const s = sp.get('sort');
  const o = sp.get('order');
  const field: ListSortField | null = s === 'fileName' || s === 'fileBytes' || s === 'updateTime' ? s : null;
  return { page, rows, sort: field ? { field, order: o === 'desc' ? 'desc' : 'asc' } : null };
}

/** Read and update the listing parameters in the URL; other query keys (e.g. folderId) are kept. */
export function useListParams(): [ListParams, (next: ListParams) => void] {
  const [sp, setSp] = useSearchParams();
  const params = useMemo(() => parseListParams(sp), [sp]);
  const update = useCallback(
    (next: ListParams) => {
      setSp((prev) => {
        const q = new URLSearchParams(prev);
        if (next.page > 1) q.set('page', String(next.page));
        else q.delete('page');
        if (next.rows !== DEFAULT_ROWS) q.set('rows', String(next.rows));
        else q.delete('rows');
        if (next.sort) {
          q.set('sort', next.sort.field);
          q.set('order', next.sort.order);
        } else {
          q.delete('sort');
          q.delete('order');
        }
        return q;
      });
    },
    [setSp],
  );
  return [params, update];
}
