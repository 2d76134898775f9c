/**
 * Rows of `model_drawing_links` (001 §2 link-drawing dialog): the drawings linked to a model, with the
 * drawing's file row, and replacing a model's set in one transaction.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, modelDrawingLinks } from '../../db/schema/files.ts';

/** The link queries of one database. */
export function drawingLinksRepository(db: Db) {
  return {
    /** The linked drawings of a model (a deleted file takes its links with it), oldest link first. */
    async drawingsOf(modelId: string) {
      return db
        .select({ file: files })
        .from(modelDrawingLinks)
        .innerJoin(files, eq(files.id, modelDrawingLinks.drawingId))
        .where(eq(modelDrawingLinks.modelId, modelId))
        .orderBy(asc(modelDrawingLinks.createdAt), asc(files.name))
        .then((rows) => rows.map((r) => r.file));
    },

    /** Make `drawingIds` the model's linked drawings (others unlinked). */
    async replace(modelId: string, drawingIds: readonly string[], userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(modelDrawingLinks).where(eq(modelDrawingLinks.modelId, modelId));
        if (drawingIds.length)
          await tx
            .insert(modelDrawingLinks)
            .values(drawingIds.map((drawingId) => ({ modelId, drawingId, linkedBy: userId })));
      });
    },
  };
}
