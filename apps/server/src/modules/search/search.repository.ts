/**
 * SQL of the name search across areas (issue 5 "Search by file name … across all areas they may
 * see"; search.service.ts). Each area's hits are a subquery of the ids of the files the viewer may
 * see in it whose name matches; visibility is the space policy's SQL (spaces.repository.ts
 * `visibleSpaceIds`), so another user's matching files are never selected.
 */
import type { FileFilters, FileSortFieldValue, SearchAreaValue } from '@bimdrive/contracts';
import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { favourites, files } from '../../db/schema/files.ts';
import { escapeLike, fileFilterConditions, fileOrderBy } from '../files/file-filters.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import { visibleSpaceIds, type Viewer } from '../spaces/spaces.repository.ts';

/** Files of the spaces `v` may view whose space kind matches `kindSql`, by name. */
const inSpaces = (v: Viewer, pattern: string, kindSql: SQL): SQL =>
  sql`select ${files.id} as file_id from ${files} where ${and(
    sql`${files.spaceId} in ${visibleSpaceIds(v)}`,
    sql`${files.spaceId} in (select id from spaces where ${kindSql})`,
    ilike(files.name, pattern),
  )}`;

/**
 * Per area, a subquery `select <file id> as file_id` of the files the viewer may see in it whose
 * name matches `pattern` (an escaped ILIKE pattern). Authorization lives here: it never selects a
 * file the viewer has no right to see.
 */
const AREA_HITS: Record<SearchAreaValue, (v: Viewer, pattern: string) => SQL> = {
  myDocument: (v, pattern) =>
    sql`select ${files.id} as file_id from ${files} where ${and(
      eq(files.spaceId, v.userId),
      ilike(files.name, pattern),
    )}`,
  project: (v, pattern) => inSpaces(v, pattern, sql`kind = 'project'`),
  library: (v, pattern) => inSpaces(v, pattern, sql`kind <> 'project'`),
  // Collected files the viewer may still view.
  myCollection: (v, pattern) =>
    sql`select ${favourites.fileId} as file_id from ${favourites} inner join ${files} on ${eq(
      files.id,
      favourites.fileId,
    )} where ${and(
      eq(favourites.userId, v.userId),
      sql`${files.spaceId} in ${visibleSpaceIds(v)}`,
      ilike(files.name, pattern),
    )}`,
};

/** One hit of a search page: the file id and the area it is shown in. */
export interface SearchHitDb {
  id: string;
  area: SearchAreaValue;
}

/** Repository of the cross-area name search. */
export function searchRepository(db: Db) {
  return {
    /**
     * One page of the files whose name contains `keyword` (case-insensitive, wildcards literal) in
     * `areas`, each file once, in the first of `areas` that holds it (the order is the priority).
     * Sorted like the file lists (folders first, the field, id as the tiebreak) and narrowed by the
     * list filters (file-filters.ts).
     * @param opts.offset rows skipped; `opts.limit` rows at most.
     * @returns the page's hits in order and the number of hits over all pages.
     */
    async page(opts: {
      viewer: Viewer;
      areas: SearchAreaValue[];
      keyword: string;
      filters: FileFilters;
      sort: FileSortFieldValue;
      order: 'asc' | 'desc';
      offset: number;
      limit: number;
    }): Promise<{ hits: SearchHitDb[]; count: number }> {
      const pattern = `%${escapeLike(opts.keyword)}%`;
      const union = sql.join(
        opts.areas.map(
          (area, prio) =>
            sql`select h.file_id, ${area}::text as area, ${prio}::int as prio from (${AREA_HITS[area](opts.viewer, pattern)}) h`,
        ),
        sql` union all `,
      );
      const best = sql`best as (select distinct on (file_id) file_id, area from (${union}) u order by file_id, prio)`;
      // Sort and filters as in the file lists (whitelisted columns of the joined file row).
      const filtered = and(...fileFilterConditions(opts.filters));
      const where = filtered ? sql`where ${filtered}` : sql``;
      const orderBy = sql.join(fileOrderBy(opts.sort, opts.order), sql`, `);
      const [page, total] = await Promise.all([
        db.execute(sql`with ${best}
          select best.file_id::text as id, best.area from best join ${files} on ${files.id} = best.file_id
          ${where} order by ${orderBy} limit ${opts.limit} offset ${opts.offset}`),
        db.execute(sql`with ${best}
          select count(*)::int as n from best join ${files} on ${files.id} = best.file_id ${where}`),
      ]);
      return { hits: rowsOf<SearchHitDb>(page), count: rowsOf<{ n: number }>(total)[0]?.n ?? 0 };
    },

    /**
     * The file rows of `ids` (any order; ids no longer there are missing) with whether `userId` has
     * collected each.
     */
    async filesWithCollected(
      ids: string[],
      userId: string,
    ): Promise<Array<{ file: FileRowDb; collected: boolean }>> {
      if (ids.length === 0) return [];
      return db
        .select({ file: files, collected: sql<boolean>`(${favourites.fileId} is not null)` })
        .from(files)
        .leftJoin(favourites, and(eq(favourites.fileId, files.id), eq(favourites.userId, userId)))
        .where(inArray(files.id, ids));
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepository>;
