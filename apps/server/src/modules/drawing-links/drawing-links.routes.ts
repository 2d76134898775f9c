/**
 * Drawings linked to a model (spec 001 §2 "Link-drawing dialog"; issue 13 "Drawing ↔ model"):
 * - `GET /api/Model/DrawingLinks?IUID=<model>`: the linked drawings the caller may view (a drawing in
 *   a space the caller cannot see is left out), with their status and location.
 * - `POST /api/Model/DrawingLinks` {IUID, drawings}: replace the model's links. The caller must be
 *   allowed to edit the model and to view every drawing; only `.dwg` files (001 §2: "Only files with
 *   suffix .dwg can be ticked"), duplicates ignored. Errors: 404 model or drawing not found (or not
 *   viewable), 403 no edit right, 400 a drawing that is not a DWG file or a model that is no model.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, DrawingLinksBody, DrawingLinksData, IuidQuery } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { badRequest } from '../../lib/errors.ts';
import { ok, okSchema } from '../../lib/http.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import { filesService } from '../files/files.service.ts';
import { previewKindFor } from '../files/preview-kind.ts';
import { drawingLinksRepository } from './drawing-links.repository.ts';
import { callerOf } from '../auth/route-auth.ts';

const isModel = (f: FileRowDb) => f.kind === 2 && ['fragments', 'glb'].includes(previewKindFor(f.suffix));

/** Register the drawing-link routes. */
export function drawingLinksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const files = filesService(ctx);
  const repo = drawingLinksRepository(ctx.db);
  const tags = ['drawing-links'];

  /** The model's linked drawings the caller may view, presented. */
  async function listFor(caller: Caller, modelId: string) {
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

  return async (app) => {
    app.get(
      Api.drawingLinks,
      { schema: { tags, querystring: IuidQuery, response: okSchema(DrawingLinksData) } },
      async (req) => {
        const caller = callerOf(req);
        const model = await files.requireFile(caller, req.query.IUID, 'view');
        return ok(await listFor(caller, model.id));
      },
    );

    app.post(
      Api.drawingLinks,
      { schema: { tags, body: DrawingLinksBody, response: okSchema(DrawingLinksData) } },
      async (req) => {
        const caller = callerOf(req);
        const model = await files.requireFile(caller, req.body.IUID, 'edit');
        if (!isModel(model)) throw badRequest('只有模型文件可以关联图纸');
        const ids = [...new Set(req.body.drawings)];
        for (const id of ids) {
          const d = await files.requireFile(caller, id, 'view');
          if (d.kind !== 2 || d.suffix.toLowerCase() !== 'dwg')
            throw badRequest(`只能关联 DWG 图纸：${d.name}`);
        }
        await repo.replace(model.id, ids, caller.user.id);
        return ok(await listFor(caller, model.id), '关联成功');
      },
    );
  };
}
