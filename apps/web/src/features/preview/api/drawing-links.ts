/**
 * `GET` / `POST Api.drawingLinks` (001 §2 link-drawing dialog; issue 13): a model's linked DWG
 * drawings, and replacing them from the dialog's 确定. The tree of the dialog lists folders with
 * `GET Api.myDocumentList` (`spaceId` + `folderId`), the file browser's own call.
 */
import { Api, type DrawingLinksDataValue, type FileRowValue, type ListDataValue } from '@bimdrive/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Query key of a model's linked drawings. */
export const drawingLinksKey = (iuid: string) => ['drawing-links', iuid] as const;

/** The drawings linked to the model `iuid` (those the caller may view). */
export function useDrawingLinks(iuid: string, enabled = true) {
  return useQuery({
    queryKey: drawingLinksKey(iuid),
    enabled,
    queryFn: ({ signal }) =>
      api<DrawingLinksDataValue>({ url: Api.drawingLinks, params: { IUID: iuid }, silent: true, signal }),
    staleTime: 30_000,
  });
}

/** Save the dialog's choice as the model's linked drawings. */
export function useSaveDrawingLinks(iuid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (drawings: string[]) =>
      api<DrawingLinksDataValue>({ method: 'POST', url: Api.drawingLinks, data: { IUID: iuid, drawings } }),
    onSuccess: (data) => qc.setQueryData(drawingLinksKey(iuid), data),
  });
}

/** The file row of `iuid` (its space and folder: where the dialog's tree starts). */
export const getFileInfo = (iuid: string) =>
  api<FileRowValue>({ url: Api.fileInfo, params: { IUID: iuid }, silent: true });

/** One folder's rows (folders first), up to 500, of a space ('' = personal). */
export const listFolder = (spaceId: string, folderId: string) =>
  api<ListDataValue>({ url: Api.myDocumentList, params: { spaceId, folderId, rows: 500, page: 1 } }).then(
    (d) => d.list,
  );
