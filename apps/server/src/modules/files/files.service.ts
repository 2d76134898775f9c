/**
 * Files and folders of every area (spec 001 §2–§5): 我的文件 (/myDocument, source type 2), project
 * spaces (/projectFile, 1), knowledge bases and public libraries (3) — listing with breadcrumbs,
 * folders, rename with the §5 name rule, delete with contents (frees the space's quota), download
 * links and preview. Every method first asks the space policy (modules/spaces/space-access.ts) whether
 * the caller may view the row's space and do the action; a row of a space they may not view is
 * answered exactly like a missing one (404), so ids leak nothing; an action their role does not allow
 * is 403.
 */
import {
  FileNameSchema,
  ILLEGAL_NAME_MESSAGE,
  type FileRowValue,
  type ListDataValue,
  type SpaceKindValue,
} from '@bimdrive/contracts';
import type { ListQueryValue } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { fileFolderKey } from '../../storage/local-storage.ts';
import type { Caller } from '../auth/caller.ts';
import type { SpaceAccess, SpaceAction, SpaceAccessService } from '../spaces/space-access.ts';
import { favouritesRepository } from '../favourites/favourites.repository.ts';
import { pickFileFilters } from './file-filters.ts';
import { isUuid } from '../../lib/ids.ts';
import { filesRepository, type FileRowDb } from './files.repository.ts';
import { PERSONAL_ROOT_NAME, presentFile } from './files.presenter.ts';
import { ORIGINAL, sessionOrigin, signedFileUrl } from './file-tickets.ts';
import { buildPreview } from './preview.service.ts';
import { THUMB_KEY_LABEL, thumbSigner } from '../thumbnails/thumb-urls.ts';
import type { ModelOpenGuard } from '../model-opens/model-open-guard.ts';
import { logOperation } from '../operation-log/operation-log.repository.ts';

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
export function filesService(
  ctx: AppContext,
  deps: { spaces: SpaceAccessService; openGuard: ModelOpenGuard },
) {
  const repo = filesRepository(ctx.db);
  const favourites = favouritesRepository(ctx.db);
  /** Signs the rows' thumbnail URLs (issue 14). */
  const thumbKey = ctx.secretKey(THUMB_KEY_LABEL);
  const { spaces } = deps;
  /** -120 while a model is open in a viewer (001 §8). */
  const { openGuard } = deps;

  /**
   * A file or folder and the caller's access to its space, when the space allows `action` (`edit`:
   * also on rows the caller uploaded where only those are theirs).
   * @throws 404 when missing or in a space the caller may not view; 403 when the action is not theirs.
   */
  async function requireFileAccess(
    caller: Caller,
    id: string,
    action: SpaceAction = 'view',
  ): Promise<{ file: FileRowDb; access: SpaceAccess }> {
    const file = await repo.findById(id);
    const access = file ? await spaces.resolve(caller, file.spaceId) : null;
    if (!file || !access) throw notFound();
    if (action === 'edit') spaces.checkRow(access, file, caller);
    else spaces.check(access, action);
    return { file, access };
  }

  /** A file or folder the caller may `action` (see requireFileAccess). @throws 404, 403. */
  async function requireFile(caller: Caller, id: string, action: SpaceAction = 'view'): Promise<FileRowDb> {
    return (await requireFileAccess(caller, id, action)).file;
  }

  /** A folder of the space (or its root when id is ''). @throws 404. */
  async function requireFolder(access: SpaceAccess, id: string): Promise<FileRowDb | null> {
    if (!id) return null;
    const f = await repo.findOwned(access.id, id);
    if (!f || f.kind !== 1) throw notFound('文件夹不存在或已被删除');
    return f;
  }

  /** The display name of a space's root ("我的文件", a project's name, "公共构件库", …). */
  const rootName = (access: SpaceAccess) => (access.kind === 'personal' ? PERSONAL_ROOT_NAME : access.name);

  async function pathOf(access: SpaceAccess, folderId: string | null) {
    const chain = folderId ? await repo.ancestors(access.id, folderId) : [];
    return pathFromChain(access, chain);
  }

  /**
   * Display paths of the folders holding rows from many folders of one space (search hits,
   * favourites). @returns a function from a row's parent id (null = root) to "我的文件/…/".
   */
  async function rowPaths(access: SpaceAccess, parentIds: Array<string | null>) {
    const byId = await repo.folderPaths(
      access.id,
      parentIds.filter((p): p is string => !!p),
    );
    const root = rootName(access);
    return (parentId: string | null) => {
      const inner = parentId ? byId.get(parentId) : undefined;
      return inner ? `${root}/${inner}/` : `${root}/`;
    };
  }

  /**
   * Where rows from several spaces live (favourites, search hits): each row's display path under its
   * own space's root name and the space's kind. Rows of spaces the caller may not view get ''.
   * @returns row → { fullPath: "项目A/图纸/", kind }.
   */
  async function locationsAcross(caller: Caller, rows: Array<Pick<FileRowDb, 'spaceId' | 'parentId'>>) {
    const bySpace = new Map<string, Array<string | null>>();
    for (const r of rows) bySpace.set(r.spaceId, [...(bySpace.get(r.spaceId) ?? []), r.parentId]);
    const known = new Map<string, { kind: SpaceKindValue; pathOf: (parentId: string | null) => string }>();
    for (const [spaceId, parents] of bySpace) {
      const access = await spaces.resolve(caller, spaceId);
      if (access) known.set(spaceId, { kind: access.kind, pathOf: await rowPaths(access, parents) });
    }
    return (r: Pick<FileRowDb, 'spaceId' | 'parentId'>) => {
      const k = known.get(r.spaceId);
      return { fullPath: k?.pathOf(r.parentId) ?? '', kind: k?.kind };
    };
  }

  function pathFromChain(access: SpaceAccess, chain: Array<{ id: string; name: string }>) {
    const root = rootName(access);
    return {
      breadcrumbs: [{ iuid: '', fileName: root }, ...chain.map((c) => ({ iuid: c.id, fileName: c.name }))],
      fullPath: `${[root, ...chain.map((c) => c.name)].join('/')}/`,
    };
  }

  /**
   * The page of a file's folder that holds it (001 §2 pageMode=location), under the query's sort;
   * filters and keyword are dropped so the file is on it. @throws 404 when not in the listed space.
   */
  async function locate(
    caller: Caller,
    access: SpaceAccess,
    q: ListQueryValue,
    id: string,
  ): Promise<ListDataValue> {
    const f = await repo.findOwned(access.id, id);
    if (!f) throw notFound();
    const sort = q.sort ?? 'fileName';
    const pos = await repo.positionOf(access.id, f.id, sort, q.order);
    const page = Math.floor(pos / q.rows) + 1;
    const folderId = f.parentId ?? '';
    const [chain, { rows, count }] = await Promise.all([
      folderId ? repo.ancestors(access.id, folderId, { foldersOnly: true }) : [],
      repo.listFolder({
        spaceId: access.id,
        viewerId: access.viewerId,
        parentId: f.parentId,
        sort,
        order: q.order,
        offset: (page - 1) * q.rows,
        limit: q.rows,
      }),
    ]);
    const { breadcrumbs, fullPath } = pathFromChain(access, chain);
    return {
      list: rows.map((r) =>
        presentFile(r, { collected: r.collected, fullPath, thumb: thumbSigner(thumbKey, caller) }),
      ),
      count,
      breadcrumbs,
      located: { iuid: f.id, folderId, page },
      space: spaces.summary(access),
    };
  }

  return {
    requireFile,
    requireFileAccess,
    requireFolder,
    spaces,

    /**
     * One page of a folder, sorted (whitelisted field, folders first, id tiebreak) and filtered
     * (listing.ts); with `keyword`, a name search through the folder's subtree (the whole space at
     * the root) whose rows carry their own folder's `fullPath`.
     */
    async list(caller: Caller, q: ListQueryValue): Promise<ListDataValue> {
      const access = await spaces.require(caller, q.spaceId, 'view');
      if (q.locate) return locate(caller, access, q, q.locate);
      // The folder's ancestor chain both proves it is a folder of the space and gives the breadcrumbs;
      // it runs beside the page query, which is space-filtered and so shows nothing of other spaces.
      if (q.folderId && !isUuid(q.folderId)) throw notFound('文件夹不存在或已被删除');
      const keyword = q.keyword?.trim() || undefined;
      const [chain, { rows, count }] = await Promise.all([
        q.folderId ? repo.ancestors(access.id, q.folderId, { foldersOnly: true }) : [],
        repo.listFolder({
          spaceId: access.id,
          viewerId: access.viewerId,
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
      const { breadcrumbs, fullPath } = pathFromChain(access, chain);
      const paths = keyword
        ? await rowPaths(
            access,
            rows.map((r) => r.parentId),
          )
        : null;
      return {
        list: rows.map((r) =>
          presentFile(r, {
            collected: r.collected,
            fullPath: paths ? paths(r.parentId) : fullPath,
            thumb: thumbSigner(thumbKey, caller),
          }),
        ),
        count,
        breadcrumbs,
        space: spaces.summary(access),
      };
    },

    rowPaths,
    locationsAcross,

    /** Create a folder in a space ('' = personal). @throws 400 illegal name, 403, 404 parent, 409 name taken. */
    async addFolder(caller: Caller, parentId: string, rawName: string, spaceId = ''): Promise<FileRowValue> {
      const name = checkName(rawName);
      const access = await spaces.require(caller, spaceId, 'upload');
      const parent = await requireFolder(access, parentId);
      try {
        const row = await repo.insertFolder(access.id, parent?.id ?? null, name, {
          uploaderId: caller.user.id,
          sourceType: access.sourceType,
        });
        return presentFile(row, {
          collected: false,
          fullPath: (await pathOf(access, parent?.id ?? null)).fullPath,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('该位置已存在同名文件或文件夹');
        throw err;
      }
    },

    /** Rename a file or folder. A file keeps its suffix if the new name omits it. @throws 403, 404, 409. */
    async rename(caller: Caller, id: string, rawName: string): Promise<FileRowValue> {
      let name = checkName(rawName);
      const { file: f, access } = await requireFileAccess(caller, id, 'edit');
      if (f.kind === 2 && f.suffix && !name.toLowerCase().endsWith(`.${f.suffix}`))
        name = `${name}.${f.suffix}`;
      try {
        const row = await repo.rename(access.id, f.id, name);
        if (!row) throw notFound();
        return presentFile(row, {
          collected: false,
          fullPath: (await pathOf(access, row.parentId)).fullPath,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('该位置已存在同名文件或文件夹');
        throw err;
      }
    },

    /**
     * Delete a file, or a folder with everything in it; frees quota and stored bytes. Refused while a
     * model in it is open in a viewer other than the caller's tab `tabId` (001 §8).
     * @throws 403, 404, 409 code -120 (`data.iuids`: the open files).
     */
    async remove(caller: Caller, id: string, tabId?: string): Promise<void> {
      const { file: f, access } = await requireFileAccess(caller, id, 'edit');
      await openGuard.assertTreeClosed({ caller, tabId }, f.id);
      const deleted = await repo.deleteTree(access.id, f.id, caller.user.id);
      for (const d of deleted) {
        if (d.kind === 2)
          await ctx.storage.deletePrefix(fileFolderKey(d.spaceId, d.id)).catch(() => undefined);
      }
    },

    /** One file's row. @throws 404. */
    async info(caller: Caller, id: string): Promise<FileRowValue> {
      const { file: f, access } = await requireFileAccess(caller, id, 'view');
      return presentFile(f, {
        collected: false,
        fullPath: (await pathOf(access, f.parentId)).fullPath,
        thumb: thumbSigner(thumbKey, caller),
      });
    },

    /** A signed download URL of the original (Range supported). @throws 400 for folders, 403, 404. */
    async downloadUrl(caller: Caller, id: string): Promise<string> {
      const f = await requireFile(caller, id, 'download');
      if (f.kind !== 2) throw badRequest('文件夹请使用打包下载');
      const url = await signedFileUrl(ctx, f, ORIGINAL, true, sessionOrigin(caller));
      // The download is handed out here (its bytes may then come in many ranges): one entry.
      await logOperation(ctx.db, {
        action: 'file.download',
        actorId: caller.user.id,
        objectType: 'file',
        objectId: f.id,
        objectName: f.name,
        detail: { size: f.sizeBytes },
      });
      return url;
    },

    /**
     * Preview information for a member of the file's space (download as the space allows), with
     * whether the caller collected it. @throws 404 (requireFile), 400 for a folder.
     */
    async preview(caller: Caller, id: string) {
      const { file: f, access } = await requireFileAccess(caller, id, 'view');
      if (f.kind !== 2) throw badRequest('文件夹不能预览');
      return buildPreview(ctx, f, {
        canDownload: access.rights.download,
        collected: await favourites.isCollected(caller.user.id, f.id),
        origin: sessionOrigin(caller),
      });
    },
  };
}
export type FilesService = ReturnType<typeof filesService>;
