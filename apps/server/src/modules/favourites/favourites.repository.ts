/** SQL for favourites (collect), spec 001 §4 "Collect toggles collectbit". */
import type { FileFilters, FileSortFieldValue } from '@bimdrive/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favourites, files } from '../../db/schema.ts';
import { fileFilterConditions, fileOrderBy } from '../files/file-filters.ts';
import type { FileRowDb } from '../files/files.repository.ts';

/** Repository of favourites. */
export function favouritesRepository(db: Db) {
  return {
    async isCollected(userId: string, fileId: string): Promise<boolean> {
      return (
        (await db.$count(favourites, and(eq(favourites.userId, userId), eq(favourites.fileId, fileId)))) > 0
      );
    },
    async add(userId: string, fileId: string): Promise<void> {
      await db.insert(favourites).values({ userId, fileId }).onConflictDoNothing();
    },
    async remove(userId: string, fileId: string): Promise<void> {
      await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.fileId, fileId)));
    },
    /**
     * The user's collected files that they still own: newest collected first, or by a whitelisted
     * sort (folders first, id tiebreak); narrowed by the list filters (listing.ts).
     */
    async list(
      userId: string,
      offset: number,
      limit: number,
      opts: { sort?: FileSortFieldValue; order?: 'asc' | 'desc'; filters?: FileFilters } = {},
    ): Promise<{ rows: FileRowDb[]; count: number }> {
      const where = and(
        eq(favourites.userId, userId),
        eq(files.ownerId, userId),
        ...fileFilterConditions(opts.filters ?? {}),
      );
      const orderBy = opts.sort
        ? fileOrderBy(opts.sort, opts.order ?? 'asc')
        : [desc(favourites.createdAt), asc(files.id)];
      const [rows, [c]] = await Promise.all([
        db
          .select({ file: files })
          .from(favourites)
          .innerJoin(files, eq(files.id, favourites.fileId))
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(favourites)
          .innerJoin(files, eq(files.id, favourites.fileId))
          .where(where),
      ]);
      return { rows: rows.map((r) => r.file), count: c?.n ?? 0 };
    },
  };
}
