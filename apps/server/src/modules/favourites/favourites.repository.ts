/** SQL for favourites (collect), spec 001 §4 "Collect toggles collectbit". */
import type { FileFilters, FileSortFieldValue } from '@bimdrive/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favourites, files } from '../../db/schema/files.ts';
import { fileFilterConditions, fileOrderBy } from '../files/file-filters.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import { visibleSpaceIds, type Viewer } from '../spaces/spaces.repository.ts';

/** Which favourites list: 我的收藏 of the file spaces, or of the libraries. */
export type FavouriteGroup = 'files' | 'libraries';

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
     * The user's collected files that they may still view, of one group: `files` (personal space and
     * projects: /myCollection) or `libraries` (knowledge bases and public libraries:
     * /myCollectionKnowledgeBase). Newest collected first, or by a whitelisted sort (folders first,
     * id tiebreak); narrowed by the list filters (listing.ts).
     */
    async list(
      viewer: Viewer,
      group: FavouriteGroup,
      offset: number,
      limit: number,
      opts: { sort?: FileSortFieldValue; order?: 'asc' | 'desc'; filters?: FileFilters } = {},
    ): Promise<{ rows: FileRowDb[]; count: number }> {
      const inGroup =
        group === 'files'
          ? sql`(${files.spaceId} = ${viewer.userId} or ${files.spaceId} in (select id from spaces where kind = 'project'))`
          : sql`${files.spaceId} in (select id from spaces where kind <> 'project')`;
      const where = and(
        eq(favourites.userId, viewer.userId),
        sql`${files.spaceId} in ${visibleSpaceIds(viewer)}`,
        inGroup,
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
