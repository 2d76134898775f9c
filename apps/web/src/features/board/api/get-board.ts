/**
 * `GET Api.board` (/api/Noticeboard/GetBoard; spec 001 §2 /board, issue 16) — the figures of one
 * scope (BoardQuery → BoardData, contracts/board.ts). The key sits under the file listings' root
 * (`fileQueryKeys.all`), so the board refreshes with them on `projectFileStatusInfo` and after an
 * upload (conversion states stay live).
 */
import { Api, type BoardDataValue, type BoardScopeValue } from '@bimdrive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

/** The scope a board is asked for: `id` is the project's iuid for `project`. */
export interface BoardSelection {
  scope: BoardScopeValue;
  id?: string;
}

/** Query key of one board. */
export const boardQueryKey = (s: BoardSelection) =>
  [...fileQueryKeys.all, 'board', s.scope, s.id ?? ''] as const;

/** Fetch one board. Errors (404 project not visible, 403 company board) are toasted by the client. */
export function getBoard(s: BoardSelection, signal?: AbortSignal): Promise<BoardDataValue> {
  return api<BoardDataValue>({ url: Api.board, params: { scope: s.scope, id: s.id }, signal });
}

/** The board of `s`; the previous board stays on screen while another scope loads. */
export function useBoard(s: BoardSelection) {
  return useQuery({
    queryKey: boardQueryKey(s),
    queryFn: ({ signal }) => getBoard(s, signal),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5_000,
  });
}
