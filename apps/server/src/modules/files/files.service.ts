/**
 * The personal space 我的文件 (spec 001 §2–§5, route /myDocument, source type 2): listing with
 * breadcrumbs, folders, rename with the §5 name rule, delete with contents (frees quota), download
 * links and preview. Every method checks the caller owns the resource first; another user's id is
 * answered exactly like a missing one (404), so ids leak nothing.
 */
import {
  FileNameSchema,
  ILLEGAL_NAME_MESSAGE,
  type FileRowValue,
  type ListDataValue,
} from '@bimdrive/contracts';
import type { ListQueryValue } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { fileFolderKey } from '../../storage/local-storage.ts';
import type { Caller } from '../auth/auth.service.ts';
import { pickFileFilters } from './file-filters.ts';
import { filesRepository, isUuid, type FileRowDb } from './files.repository.ts';
import { PERSONAL_ROOT_NAME, presentFile } from './files.presenter.ts';
import { ORIGINAL, signedFileUrl } from './file-tickets.ts';
import { buildPreview } from './preview.service.ts';

/** Validate a user-given name with the 001 §5 rule. @throws 400 with the spec's message. */
export function checkName(name: string): string {
  const r = FileNameSchema.safeParse(name);
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? ILLEGAL_NAME_MESSAGE);
  return r.data;
}

/** Whether a database error is the unique-name violation. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Files service bound to the app context. */
export function filesService(ctx: AppContext) {
  const repo = filesRepository(ctx.db);

  /** The caller's file or folder. @throws 404 when missing or not the caller's. */
  async function requireOwned(caller: Caller, id: string): Promise<FileRowDb> {
    const f = await repo.findOwned(caller.user.id, id);
    if (!f) throw notFound();
    return f;
  }

  /** The caller's folder (or root when id is ''). @throws 404. */
  async function requireFolder(caller: Caller, id: string): Promise<FileRowDb | null> {
    if (!id) return null;
    const f = await requireOwned(caller, id);
    if (f.kind !== 1) throw notFound('文件夹不存在或已被删除');
    return f;
  }

  async function pathOf(caller: Caller, folderId: string | null) {
    const chain = folderId ? await repo.ancestors(caller.user.id, folderId) : [];
    return pathFromChain(chain);
  }

  /**
   * Display paths of the folders holding rows from many folders (search hits, favourites).
   * @returns a function from a row's parent id (null = root) to "我的文件/…/".
   */
  async function rowPaths(caller: Caller, parentIds: Array<string | null>) {
    const byId = await repo.folderPaths(
      caller.user.id,
      parentIds.filter((p): p is string => !!p),
    );
    return (parentId: string | null) => {
      const inner = parentId ? byId.get(parentId) : undefined;
      return inner ? `${PERSONAL_ROOT_NAME}/${inner}/` : `${PERSONAL_ROOT_NAME}/`;
    };
  }

  function pathFromChain(chain: Array<{ id: string; name: string }>) {
    return {
      breadcrumbs: [
        { iuid: '', fileName: PERSONAL_ROOT_NAME },
        ...chain.map((c) => ({ iuid: c.id, fileName: c.name })),
      ],
      fullPath: `${[PERSONAL_ROOT_NAME, ...chain.map((c) => c.name)].join('/')}/`,
    };
  }

  /**
   * The page of a file's folder that holds it (001 §2 pageMode=location), under the query's sort;
   * filters and keyword are dropped so the file is on it. @throws 404 when not the caller's.
   */
  async function locate(caller: Caller, q: ListQueryValue, id: string): Promise<ListDataValue> {
    const f = await requireOwned(caller, id);
    const sort = q.sort ?? 'fileName';
    const pos = await repo.positionOf(caller.user.id, f.id, sort, q.order);
    const page = Math.floor(pos / q.rows) + 1;
    const folderId = f.parentId ?? '';
    const [chain, { rows, count }] = await Promise.all([
      folderId ? repo.ancestors(caller.user.id, folderId, { foldersOnly: true }) : [],
      repo.listFolder({
        ownerId: caller.user.id,
        parentId: f.parentId,
        sort,
        order: q.order,
        offset: (page - 1) * q.rows,
        limit: q.rows,
      }),
    ]);
    const { breadcrumbs, fullPath } = pathFromChain(chain);
    return {
      list: rows.map((r) => presentFile(r, { collected: r.collected, fullPath })),
      count,
      breadcrumbs,
      located: { iuid: f.id, folderId, page },
    };
  }

  return {
    requireOwned,
    requireFolder,

    /**
     * One page of a folder, sorted (whitelisted field, folders first, id tiebreak) and filtered
     * (listing.ts); with `keyword`, a name search through the folder's subtree (the whole space at
     * the root) whose rows carry their own folder's `fullPath`.
     */
    async list(caller: Caller, q: ListQueryValue): Promise<ListDataValue> {
      if (q.locate) return locate(caller, q, q.locate);
      // The folder's ancestor chain both proves it is the caller's folder and gives the breadcrumbs;
      // it runs beside the page query, which is owner-filtered and so shows nothing of anyone else's.
      if (q.folderId && !isUuid(q.folderId)) throw notFound('文件夹不存在或已被删除');
      const keyword = q.keyword?.trim() || undefined;
      const [chain, { rows, count }] = await Promise.all([
        q.folderId ? repo.ancestors(caller.user.id, q.folderId, { foldersOnly: true }) : [],
        repo.listFolder({
          ownerId: caller.user.id,
          parentId: q.folderId || null,
          sort: q.sort ?? 'fileName',
          order: q.order,
          offset: (q.page - 1) * q.rows,
          limit: q.rows,
          keyword,
          filters: pickFileFilters(q),
        }),
      ]);
      if (q.folderId && chain.at(-1)?.id !== q.folderId) throw notFound('文件夹不存在或已被删除');
      const { breadcrumbs, fullPath } = pathFromChain(chain);
      const paths = keyword
        ? await rowPaths(
            caller,
            rows.map((r) => r.parentId),
          )
        : null;
      return {
        list: rows.map((r) =>
          presentFile(r, { collected: r.collected, fullPath: paths ? paths(r.parentId) : fullPath }),
        ),
        count,
        breadcrumbs,
      };
    },

    rowPaths,

    /** Create a folder. @throws 400 illegal name, 404 parent, 409 name taken. */
    async addFolder(caller: Caller, parentId: string, rawName: string): Promise<FileRowValue> {
      const name = checkName(rawName);
      const parent = await requireFolder(caller, parentId);
      try {
        const row = await repo.insertFolder(caller.user.id, parent?.id ?? null, name);
        return presentFile(row, {
          collected: false,
          fullPath: (await pathOf(caller, parent?.id ?? null)).fullPath,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('该位置已存在同名文件或文件夹');
        throw err;
      }
    },

    /** Rename a file or folder. A file keeps its suffix if the new name omits it. */
    async rename(caller: Caller, id: string, rawName: string): Promise<FileRowValue> {
      const f = await requireOwned(caller, id);
      let name = checkName(rawName);
      if (f.kind === 2 && f.suffix && !name.toLowerCase().endsWith(`.${f.suffix}`))
        name = `${name}.${f.suffix}`;
      try {
        const row = await repo.rename(caller.user.id, f.id, name);
        if (!row) throw notFound();
        return presentFile(row, {
          collected: false,
          fullPath: (await pathOf(caller, row.parentId)).fullPath,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('该位置已存在同名文件或文件夹');
        throw err;
      }
    },

    /** Delete a file, or a folder with everything in it; frees quota and stored bytes. */
    async remove(caller: Caller, id: string): Promise<void> {
      const f = await requireOwned(caller, id);
      const deleted = await repo.deleteTree(caller.user.id, f.id);
      for (const d of deleted) {
        if (d.kind === 2)
          await ctx.storage.deletePrefix(fileFolderKey(d.ownerId, d.id)).catch(() => undefined);
      }
    },

    /** One file's row. */
    async info(caller: Caller, id: string): Promise<FileRowValue> {
      const f = await requireOwned(caller, id);
      return presentFile(f, { collected: false, fullPath: (await pathOf(caller, f.parentId)).fullPath });
    },

    /** A signed download URL of the original (Range supported). @throws 400 for folders. */
    async downloadUrl(caller: Caller, id: string): Promise<string> {
      const f = await requireOwned(caller, id);
      if (f.kind !== 2) throw badRequest('文件夹请使用打包下载');
      return signedFileUrl(ctx, f, ORIGINAL, true);
    },

    /** Preview information for the owner (download always allowed). */
    async preview(caller: Caller, id: string, collected: boolean) {
      const f = await requireOwned(caller, id);
      if (f.kind !== 2) throw badRequest('文件夹不能预览');
      return buildPreview(ctx, f, { canDownload: true, collected });
    },
  };
}
export type FilesService = ReturnType<typeof filesService>;
