/**
 * The areas a name search runs across (spec 001 §2 file areas; issue 5 "search across all areas
 * they may see"). Each area is a provider: the SQL of the ids of files the caller sees in it whose
 * name matches, and how its hits are located. Today: the personal space 我的文件 (source type 2) and
 * 我的收藏. Project space (1), company space and knowledge bases (3) plug in by adding a provider
 * here and its name to `SEARCH_AREAS` in the contracts; the search service needs no change.
 */
import { SourceType, type SearchAreaValue } from '@bimdrive/contracts';
import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { favourites, files } from '../../db/schema.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import { filesService } from '../files/files.service.ts';

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
  const personalFiles = filesService(ctx);
  const personalLocate = async (caller: Caller, rows: FileRowDb[]) => {
    const pathOf = await personalFiles.rowPaths(
      caller,
      rows.map((r) => r.parentId),
    );
    return (row: FileRowDb) => ({
      fullPath: pathOf(row.parentId),
      locateUrl: `/myDocument?pageMode=location&iuid=${row.id}`,
    });
  };
  return [
    {
      area: 'myDocument',
      sourceType: SourceType.personal,
      hits: (caller, pattern) =>
        sql`select ${files.id} as file_id from ${files} where ${and(
          eq(files.ownerId, caller.user.id),
          ilike(files.name, pattern),
        )}`,
      locate: personalLocate,
    },
    {
      // Only the owner may collect a personal file today, so these hits are also in 我的文件; the
      // area matters when collected project or library files join it.
      area: 'myCollection',
      sourceType: SourceType.personal,
      hits: (caller, pattern) =>
        sql`select ${favourites.fileId} as file_id from ${favourites} inner join ${files} on ${eq(
          files.id,
          favourites.fileId,
        )} where ${and(
          eq(favourites.userId, caller.user.id),
          eq(files.ownerId, caller.user.id),
          ilike(files.name, pattern),
        )}`,
      locate: personalLocate,
    },
  ];
}
