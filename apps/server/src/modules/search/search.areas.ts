/**
 * The areas a name search runs across (spec 001 §2 file areas; issue 5 "search across all areas
 * they may see"). Each area is a provider: the SQL of the ids of files the caller sees in it whose
 * name matches, and how its hits are located: the personal space 我的文件 (source type 2), the
 * projects the caller may view (1), the knowledge bases and public libraries they may view (3), and
 * 我的收藏. Visibility is the space policy's SQL (spaces.repository.ts visibleSpaceIds).
 */
import { locateUrl, SourceType, type SearchAreaValue } from '@bimdrive/contracts';
import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { favourites, files } from '../../db/schema.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import { filesService } from '../files/files.service.ts';
import { viewerOf } from '../spaces/space-access.ts';
import { visibleSpaceIds } from '../spaces/spaces.repository.ts';

/** Where one hit lives, as the answer shows it. */
export interface HitLocation {
  /** Display path of the hit's folder, e.g. "我的文件/图纸/". */
  fullPath: string;
  /** Route that opens the hit's folder and highlights its row. */
  locateUrl: string;
}

/** One searchable area. */
export interface SearchAreaProvider {
  area: SearchAreaValue;
  /** 001 §3 source type of the area. */
  sourceType: number;
  /**
   * A subquery `select <file id> as file_id` of the files the caller may see in this area whose name
   * matches `pattern` (an escaped ILIKE pattern). Authorization lives here: it must never select a
   * file the caller has no right to see.
   */
  hits(caller: Caller, pattern: string): SQL;
  /** Locations of this area's hits on one page. */
  locate(caller: Caller, rows: FileRowDb[]): Promise<(row: FileRowDb) => HitLocation>;
}

/** The providers, in priority order: a file in several areas is shown in the first. */
export function searchAreaProviders(ctx: AppContext): SearchAreaProvider[] {
  const fileService = filesService(ctx);
  /** Locations of hits from any spaces: their space's path and route. */
  const locateAcross = async (caller: Caller, rows: FileRowDb[]) => {
    const where = await fileService.locationsAcross(caller, rows);
    return (row: FileRowDb) => {
      const { fullPath, kind } = where(row);
      return { fullPath, locateUrl: locateUrl({ iuid: row.id, spaceId: row.spaceId, spaceKind: kind }) };
    };
  };
  /** Files of the spaces the caller may view whose kind matches `kindSql`, by name. */
  const inSpaces = (caller: Caller, pattern: string, kindSql: SQL) =>
    sql`select ${files.id} as file_id from ${files} where ${and(
      sql`${files.spaceId} in ${visibleSpaceIds(viewerOf(ctx, caller))}`,
      sql`${files.spaceId} in (select id from spaces where ${kindSql})`,
      ilike(files.name, pattern),
    )}`;
  return [
    {
      area: 'myDocument',
      sourceType: SourceType.personal,
      hits: (caller, pattern) =>
        sql`select ${files.id} as file_id from ${files} where ${and(
          eq(files.spaceId, caller.user.id),
          ilike(files.name, pattern),
        )}`,
      locate: locateAcross,
    },
    {
      area: 'project',
      sourceType: SourceType.enterprise,
      hits: (caller, pattern) => inSpaces(caller, pattern, sql`kind = 'project'`),
      locate: locateAcross,
    },
    {
      area: 'library',
      sourceType: SourceType.knowledgeBase,
      hits: (caller, pattern) => inSpaces(caller, pattern, sql`kind <> 'project'`),
      locate: locateAcross,
    },
    {
      // Collected files the caller may still view (their own areas come first above).
      area: 'myCollection',
      sourceType: SourceType.personal,
      hits: (caller, pattern) =>
        sql`select ${favourites.fileId} as file_id from ${favourites} inner join ${files} on ${eq(
          files.id,
          favourites.fileId,
        )} where ${and(
          eq(favourites.userId, caller.user.id),
          sql`${files.spaceId} in ${visibleSpaceIds(viewerOf(ctx, caller))}`,
          ilike(files.name, pattern),
        )}`,
      locate: locateAcross,
    },
  ];
}
