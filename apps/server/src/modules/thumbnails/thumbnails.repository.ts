/** SQL of the thumbnail job (issue 14; thumbnail.worker.ts). */
import { and, eq, ilike, inArray, or } from 'drizzle-orm';
import { StatusType } from '@bimdrive/contracts';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';

/** Repository of the thumbnail job's own queries. */
export function thumbnailsRepository(db: Db) {
  return {
    /**
     * Mark "asked" (`thumb_version` −1) at most `limit` files, current versions, that have no thumbnail
     * (`thumb_version` 0) and have a source: a suffix of `direct` (images, PDFs), or a suffix of
     * `converted` (office, video) or a derived model or drawing (.frag, .glb, .dxf) once converted
     * (status 3). Only rows still at 0 are marked, so concurrent callers each get a row once.
     * @returns the ids marked.
     */
    async claimWithoutThumbnail(
      direct: readonly string[],
      converted: readonly string[],
      limit: number,
    ): Promise<string[]> {
      const modelOrDrawing = or(...['%.frag', '%.glb', '%.dxf'].map((p) => ilike(files.derivedKey, p)));
      const candidates = db
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            eq(files.kind, 2),
            eq(files.thumbVersion, 0),
            or(
              inArray(files.suffix, [...direct]),
              and(
                or(inArray(files.suffix, [...converted]), modelOrDrawing),
                eq(files.statusType, StatusType.done),
              ),
            ),
          ),
        )
        .limit(limit);
      const claimed = await db
        .update(files)
        .set({ thumbVersion: -1 })
        .where(and(inArray(files.id, candidates), eq(files.thumbVersion, 0)))
        .returning({ id: files.id });
      return claimed.map((r) => r.id);
    },
  };
}
