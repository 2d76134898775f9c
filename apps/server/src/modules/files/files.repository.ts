/**
 * SQL for the files of every area (spec 001 §3 file rows). Every method that reads or changes a file
 * takes the space id and matches on it, so an id of a file in another space finds nothing; the
 * caller's right to the space is checked before (modules/spaces/space-access.ts).
 */
import type { FileFilters, FileSortFieldValue } from '@bimdrive/contracts';
import { and, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { favourites, files } from '../../db/schema/files.ts';
import { logOperation } from '../operation-log/operation-log.repository.ts';
import { quotaRepository, type QuotaAccount } from '../quota/quota.repository.ts';
import {
  escapeLike,
  FILE_SORT_COLUMNS,
  FILE_SORT_KEYS,
  fileFilterConditions,
  fileOrderBy,
  hasFileFilters,
} from './file-filters.ts';

export type FileRowDb = typeof files.$inferSelect;
export type SortField = FileSortFieldValue;

type ListScope = 'root' | 'folder' | 'search';

/**
 * The folder-page statement for one sort, order and scope, prepared (named) on the server: a listing
 * then costs neither query building here nor parsing and planning in PostgreSQL. Parameters:
 * spaceId, parentId (folder), pattern (search), limit, offset.
 */
function buildListStatement(db: Db, sort: SortField, order: 'asc' | 'desc', scope: ListScope) {
  const owner = sql.placeholder('spaceId');
  const where = and(
    eq(files.spaceId, owner),
    scope === 'search'
      ? ilike(files.name, sql.placeholder('pattern'))
      : scope === 'root'
        ? isNull(files.parentId)
        : eq(files.parentId, sql.placeholder('parentId')),
  );
  return db
    .select({
      file: files,
      collected: sql<boolean>`(${favourites.fileId} is not null)`,
      // The total rides on the page as an uncorrelated scalar subquery (computed once, from the
      // index, like a separate count) so one round trip serves both; `count(*) over ()` instead would
      // make the database read and sort the whole folder (4× slower here).
      total: db.$count(files, where),
    })
    .from(files)
    .leftJoin(
      favourites,
      and(eq(favourites.fileId, files.id), eq(favourites.userId, sql.placeholder('viewerId'))),
    )
    .where(where)
    .orderBy(...fileOrderBy(sort, order))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`files_page_${sort}_${order}_${scope}`);
}

const listStatements = new WeakMap<Db, Map<string, ReturnType<typeof buildListStatement>>>();

/** The cached statement of buildListStatement for this database. */
function listStatement(db: Db, sort: SortField, order: 'asc' | 'desc', scope: ListScope) {
  let byKey = listStatements.get(db);
  if (!byKey) listStatements.set(db, (byKey = new Map()));
  const key = `${sort}:${order}:${scope}`;
  let statement = byKey.get(key);
  if (!statement) byKey.set(key, (statement = buildListStatement(db, sort, order, scope)));
  return statement;
}

/** One folder page asked of `listFolder`: whose space, whose collect flags, where, sorted how, which slice. */
interface FolderPageQuery {
  spaceId: string;
  /** Whose collect flags the rows carry. */
  viewerId: string;
  parentId: string | null;
  sort: SortField;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
  /** Name search through the folder's whole subtree. */
  keyword?: string;
}

/** Repository of files and folders. */
export function filesRepository(db: Db) {
  const parentIs = (parentId: string | null): SQL =>
    parentId ? eq(files.parentId, parentId) : isNull(files.parentId);

  /** Folder ids of a subtree (the folder itself included), owner-checked, as an IN subquery. */
  const subtreeFolders = (spaceId: string, folderId: string): SQL => sql`(
    with recursive tree as (
      select id from files where id = ${folderId} and owner_id = ${spaceId} and kind = 1
      union all
      select f.id from files f join tree t on f.parent_id = t.id where f.owner_id = ${spaceId} and f.kind = 1
    ) select id from tree)`;

  /** A filtered page or a subtree search (see listFolder). */
  async function listFiltered(
    opts: FolderPageQuery,
    filters: FileFilters,
  ): Promise<{ rows: Array<FileRowDb & { collected: boolean }>; count: number }> {
    const scope: SQL | undefined = opts.keyword
      ? and(
          ilike(files.name, `%${escapeLike(opts.keyword)}%`),
          opts.parentId
            ? sql`${files.parentId} in ${subtreeFolders(opts.spaceId, opts.parentId)}`
            : undefined,
        )
      : parentIs(opts.parentId);
    const where = and(eq(files.spaceId, opts.spaceId), scope, ...fileFilterConditions(filters));
    const [rows, count] = await Promise.all([
      db
        .select({ file: files, collected: sql<boolean>`(${favourites.fileId} is not null)` })
        .from(files)
        .leftJoin(favourites, and(eq(favourites.fileId, files.id), eq(favourites.userId, opts.viewerId)))
        .where(where)
        .orderBy(...fileOrderBy(opts.sort, opts.order))
        .limit(opts.limit)
        .offset(opts.offset),
      db.$count(files, where),
    ]);
    return { rows: rows.map((r) => ({ ...r.file, collected: r.collected })), count };
  }

  return {
    /** A file or folder owned by `spaceId`, or undefined (also for other owners' ids). */
    async findOwned(spaceId: string, id: string): Promise<FileRowDb | undefined> {
      if (!isUuid(id)) return undefined;
      return (
        await db
          .select()
          .from(files)
          .where(and(eq(files.id, id), eq(files.spaceId, spaceId)))
          .limit(1)
      )[0];
    },

    /** A file by id regardless of owner — only for holders of a verified ticket or share. */
    async findById(id: string): Promise<FileRowDb | undefined> {
      if (!isUuid(id)) return undefined;
      return (await db.select().from(files).where(eq(files.id, id)).limit(1))[0];
    },

    /** Files by id regardless of space (malformed ids find nothing); the caller checks each one's space. */
    async findByIds(ids: string[]): Promise<FileRowDb[]> {
      const valid = [...new Set(ids.filter(isUuid))];
      if (valid.length === 0) return [];
      return db.select().from(files).where(inArray(files.id, valid));
    },

    /**
     * One page of a folder: folders first, then the chosen sort, id as the tiebreak; with the caller's
     * collect flag. `keyword` searches names through the folder's whole subtree (the whole space at
     * the root); `filters` narrow either (listing.ts). The plain unfiltered page runs as a prepared
     * statement; filtered pages and searches are built per call from whitelisted columns.
     */
    async listFolder(
      opts: FolderPageQuery & { filters?: FileFilters },
    ): Promise<{ rows: Array<FileRowDb & { collected: boolean }>; count: number }> {
      if (opts.filters && hasFileFilters(opts.filters)) return listFiltered(opts, opts.filters);
      if (opts.keyword && opts.parentId) return listFiltered(opts, {});
      const scope: ListScope = opts.keyword ? 'search' : opts.parentId ? 'folder' : 'root';
      const rows = await listStatement(db, opts.sort, opts.order, scope).execute({
        spaceId: opts.spaceId,
        viewerId: opts.viewerId,
        parentId: opts.parentId,
        pattern: opts.keyword ? `%${escapeLike(opts.keyword)}%` : null,
        limit: opts.limit,
        offset: opts.offset,
      });
      // A page past the end has no row to carry the total, so only then is it asked for on its own.
      const where = and(
        eq(files.spaceId, opts.spaceId),
        opts.keyword ? ilike(files.name, `%${escapeLike(opts.keyword)}%`) : parentIs(opts.parentId),
      );
      const count = rows[0] ? Number(rows[0].total) : opts.offset > 0 ? await db.$count(files, where) : 0;
      return { rows: rows.map((r) => ({ ...r.file, collected: r.collected })), count };
    },

    /**
     * Display paths of folders ("我的文件/图纸/一层/" style without the root name: "图纸/一层"), for
     * rows from many folders at once (search hits, favourites). Owner-checked.
     * @returns folder id → path of folder names from the top, '/'-joined.
     */
    async folderPaths(spaceId: string, folderIds: string[]): Promise<Map<string, string>> {
      const ids = [...new Set(folderIds.filter(isUuid))];
      if (ids.length === 0) return new Map();
      const res = await db.execute(sql`
        with recursive up as (
          select id as start, parent_id, name, 0 as depth from files
          where id in (${sql.join(
            ids.map((i) => sql`${i}::uuid`),
            sql`, `,
          )}) and owner_id = ${spaceId}
          union all
          select up.start, f.parent_id, f.name, up.depth + 1 from files f join up on f.id = up.parent_id
          where f.owner_id = ${spaceId}
        ) select start::text as start, string_agg(name, '/' order by depth desc) as path from up group by start`);
      return new Map(rowsOf<{ start: string; path: string }>(res).map((r) => [r.start, r.path]));
    },

    /**
     * How many rows come before `id` in its folder under a sort (folders first, then the field, then
     * id): its 0-based position, to open the page that holds it (001 §2 pageMode=location).
     * Compared against the stored row itself, so timestamps keep their full precision.
     */
    async positionOf(spaceId: string, id: string, sort: SortField, order: 'asc' | 'desc'): Promise<number> {
      const me = alias(files, 'me');
      const col = FILE_SORT_COLUMNS[sort];
      const mine = me[FILE_SORT_KEYS[sort]];
      const beyond = order === 'asc' ? lt(col, mine) : gt(col, mine);
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(files)
        .innerJoin(me, eq(me.id, id))
        .where(
          and(
            eq(files.spaceId, spaceId),
            eq(me.spaceId, spaceId),
            sql`${files.parentId} is not distinct from ${me.parentId}`,
            or(
              lt(files.kind, me.kind),
              and(eq(files.kind, me.kind), or(beyond, and(eq(col, mine), lt(files.id, me.id)))),
            ),
          ),
        );
      return r?.n ?? 0;
    },

    /** Ancestors of a folder from the root down (inclusive), owner-checked. */
    async ancestors(
      spaceId: string,
      folderId: string,
      opts: { foldersOnly?: boolean } = {},
    ): Promise<Array<{ id: string; name: string }>> {
      if (!isUuid(folderId)) return [];
      const kind = opts.foldersOnly ? sql`and kind = 1` : sql``;
      const res = await db.execute(sql`
        with recursive chain as (
          select id, name, parent_id, 0 as depth from files where id = ${folderId} and owner_id = ${spaceId} ${kind}
          union all
          select f.id, f.name, f.parent_id, c.depth + 1 from files f join chain c on f.id = c.parent_id
          where f.owner_id = ${spaceId}
        ) select id, name, depth from chain order by depth desc`);
      return rowsOf<{ id: string; name: string }>(res).map((r) => ({ id: r.id, name: r.name }));
    },

    /** Names in a folder that start with `base` (for "name (n).ext" on conflicts). */
    async namesLike(spaceId: string, parentId: string | null, base: string): Promise<string[]> {
      const rows = await db
        .select({ name: files.name })
        .from(files)
        .where(
          and(eq(files.spaceId, spaceId), parentIs(parentId), ilike(files.name, `${escapeLike(base)}%`)),
        );
      return rows.map((r) => r.name);
    },

    async insertFolder(
      spaceId: string,
      parentId: string | null,
      name: string,
      extra: { uploaderId: string; sourceType: number },
    ): Promise<FileRowDb> {
      const rows = await db
        .insert(files)
        .values({ spaceId, parentId, kind: 1, name, ...extra })
        .returning();
      return rows[0]!;
    },

    /**
     * Insert a finished upload as a file and charge the owner's quota, atomically: fails (returns null)
     * when the quota would be exceeded.
     */
    async insertFileCharged(f: {
      id: string;
      spaceId: string;
      parentId: string | null;
      name: string;
      suffix: string;
      sizeBytes: number;
      storageKey: string;
      statusType: number;
      statusMsg: string;
      sourceType: number;
      uploaderId: string;
      /** Who pays (space-access.ts); checked and charged in the same transaction. */
      account: QuotaAccount;
    }): Promise<FileRowDb | null> {
      return db.transaction(async (tx) => {
        if (!(await quotaRepository(tx).charge(f.account, f.sizeBytes))) return null;
        const { account: _account, ...row } = f;
        const rows = await tx
          .insert(files)
          .values({ ...row, kind: 2 })
          .returning();
        await logOperation(tx, {
          action: 'file.upload',
          actorId: f.uploaderId,
          objectType: 'file',
          objectId: f.id,
          objectName: f.name,
          detail: { size: f.sizeBytes, spaceId: f.spaceId },
        });
        return rows[0]!;
      });
    },

    async rename(spaceId: string, id: string, name: string): Promise<FileRowDb | undefined> {
      const rows = await db
        .update(files)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(files.id, id), eq(files.spaceId, spaceId)))
        .returning();
      return rows[0];
    },

    /**
     * Delete a file or a folder with all its contents and free the quota, in one transaction.
     * @returns the deleted file rows (to remove their stored bytes).
     */
    async deleteTree(spaceId: string, id: string, actorId?: string): Promise<FileRowDb[]> {
      return db.transaction(async (tx) => {
        const ids = await tx.execute(sql`
          with recursive tree as (
            select id from files where id = ${id} and owner_id = ${spaceId}
            union all
            select f.id from files f join tree t on f.parent_id = t.id where f.owner_id = ${spaceId}
          ) select id from tree`);
        const list = rowsOf<{ id: string }>(ids).map((r) => r.id);
        if (list.length === 0) return [];
        // Every version of the deleted files is given back to the space's paying account (issue 5).
        const quota = quotaRepository(tx);
        const { deleted, freed } = await quota.deleteFreeing(
          await quota.accountOf(spaceId),
          inArray(files.id, list),
          () =>
            tx
              .delete(files)
              .where(and(inArray(files.id, list), eq(files.spaceId, spaceId)))
              .returning(),
        );
        const root = deleted.find((f) => f.id === id);
        if (actorId && root)
          await logOperation(tx, {
            action: 'file.delete',
            actorId,
            objectType: root.kind === 1 ? 'folder' : 'file',
            objectId: root.id,
            objectName: root.name,
            detail: { spaceId, files: deleted.length, freedBytes: freed },
          });
        return deleted;
      });
    },

    /** Update conversion status fields (the worker's only write). */
    async setStatus(
      id: string,
      s: Partial<
        Pick<
          FileRowDb,
          'statusType' | 'progress' | 'statusMsg' | 'derivedKind' | 'derivedKey' | 'derivedBytes' | 'stats'
        >
      >,
    ): Promise<FileRowDb | undefined> {
      const rows = await db.update(files).set(s).where(eq(files.id, id)).returning();
      return rows[0];
    },
  };
}
export type FilesRepository = ReturnType<typeof filesRepository>;
