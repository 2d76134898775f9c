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
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Register the drawing-link routes (rules in drawing-links.service.ts). */
export function drawingLinksRoutes(s: Pick<Services, 'drawingLinks'>): FastifyPluginAsyncZod {
  const { drawingLinks } = s;
  const tags = ['drawing-links'];
  return async (app) => {
    const route = callerRoutes(app, tags);
    route.get(Api.drawingLinks, IuidQuery, DrawingLinksData, (caller, q) =>
      drawingLinks.list(caller, q.IUID),
    );

    route.post(
      Api.drawingLinks,
      DrawingLinksBody,
      DrawingLinksData,
      (caller, body) => drawingLinks.replace(caller, body.IUID, body.drawings),
      '关联成功',
    );
  };
}
