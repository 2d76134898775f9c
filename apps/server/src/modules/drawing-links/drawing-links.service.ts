/**
 * Drawings linked to a model (spec 001 §2 "Link-drawing dialog"; issue 13 "Drawing ↔ model"). Listing
 * needs the right to view the model and shows only the linked drawings the caller may view (a drawing
 * in a space the caller cannot see is left out); replacing needs the right to edit the model and to
 * view every drawing, and takes only `.dwg` files (001 §2: "Only files with suffix .dwg can be
 * ticked"), duplicates ignored.
 */
import type { DrawingLinksDataValue } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import type { FilesService } from '../files/files.service.ts';
import { previewKindFor } from '../files/preview-kind.ts';
import { drawingLinksRepository } from './drawing-links.repository.ts';

const isModel = (f: FileRowDb) => f.kind === 2 && ['fragments', 'glb'].includes(previewKindFor(f.suffix));

/** Drawing-links service bound to the app context and the files service (access and locations). */
export function drawingLinksService(ctx: AppContext, deps: { files: FilesService }) {
  const { files } = deps;
  const repo = drawingLinksRepository(ctx.db);

  /** The model's linked drawings the caller may view, presented. */
  async function listFor(caller: Caller, modelId: string): Promise<DrawingLinksDataValue> {
    const rows = await repo.drawingsOf(modelId);
    const where = await files.locationsAcross(caller, rows);
    return {
      list: rows
        .map((f) => ({ f, at: where(f) }))
        .filter(({ at }) => at.kind !== undefined)
        .map(({ f, at }) => ({
          iuid: f.id,
          fileName: f.name,
          fileSuffix: f.suffix,
          statusType: f.statusType,
          fullPath: at.fullPath,
        })),
    };
  }

  return {
    /** The drawings linked to model `modelId`. @throws 404 when the caller may not view the model. */
    async list(caller: Caller, modelId: string): Promise<DrawingLinksDataValue> {
      const model = await files.requireFile(caller, modelId, 'view');
      return listFor(caller, model.id);
    },

    /**
     * Replace the drawings linked to model `modelId` by `drawingIds`. @returns the new list.
     * @throws 404 model or drawing not found (or not viewable), 403 no edit right to the model, 400 a
     *   model that is no model or a drawing that is not a DWG file.
     */
    async replace(caller: Caller, modelId: string, drawingIds: string[]): Promise<DrawingLinksDataValue> {
      const model = await files.requireFile(caller, modelId, 'edit');
      if (!isModel(model)) throw badRequest('只有模型文件可以关联图纸');
      const ids = [...new Set(drawingIds)];
      for (const id of ids) {
        const d = await files.requireFile(caller, id, 'view');
        if (d.kind !== 2 || d.suffix.toLowerCase() !== 'dwg')
          throw badRequest(`只能关联 DWG 图纸：${d.name}`);
      }
      await repo.replace(model.id, ids, caller.user.id);
      return listFor(caller, model.id);
    },
  };
}
export type DrawingLinksService = ReturnType<typeof drawingLinksService>;
