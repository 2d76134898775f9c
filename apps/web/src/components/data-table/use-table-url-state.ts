/**
 * A data table's state kept in the page URL (spec 001 §3–§4 table state; the parameters of
 * table-state.ts, which are also the list endpoint's query). Other query keys (folderId, keyword,
 * pageMode…) are left as they are.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  paramNames,
  paramsToState,
  stateToParams,
  type TableQueryConfig,
  type TableState,
} from './table-state.ts';

/** Read the table state from the URL and write changes back. */
export function useTableUrlState(config: TableQueryConfig): [TableState, (next: TableState) => void] {
  const [sp, setSp] = useSearchParams();
  const state = useMemo(() => paramsToState(sp, config), [sp, config]);
  const update = useCallback(
    (next: TableState) => {
      setSp((prev) => {
        const q = new URLSearchParams(prev);
        for (const name of paramNames(config)) q.delete(name);
        for (const [k, v] of Object.entries(stateToParams(next, config))) q.set(k, v);
        return q;
      });
    },
    [setSp, config],
  );
  return [state, update];
}
