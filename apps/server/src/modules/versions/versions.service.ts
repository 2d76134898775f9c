/**
 * File versions (issue 5; spec 001 §7 `FileVersionAdd`, 000 §7 `FileVersionInfo`). A file keeps its
 * iuid; each upload of a new version (tus, metadata `versionOf`, same suffix family) becomes the
 * current one and is converted like an upload; any version can be listed, previewed, downloaded, made
 * current again, or (when not current) deleted, which frees its bytes from the quota. Shares and
 * favourites point at the file and so follow its current version.
 * Every method checks the caller owns the file first; another user's id answers 404 like a missing one.
 * Changes are pushed to the owner's room as `FileVersionInfo`.
 */
import {
  formatFileSize,
  sameSuffixFamily,
  suffixOf,
  type FileVersionListValue,
  type PreviewInfoValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { derivedDirOf } from '../../storage/local-storage.ts';
import type { Caller } from '../auth/caller.ts';
import type { SpaceAction } from '../spaces/space-access.ts';
import { ORIGINAL, sessionOrigin, signedFileUrl } from '../files/file-tickets.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import { isUniqueViolation, type FilesService } from '../files/files.service.ts';
import { buildPreview } from '../files/preview.service.ts';
import { favouritesRepository } from '../favourites/favourites.repository.ts';
import type { ModelOpenGuard } from '../model-opens/model-open-guard.ts';
import { emitStatus, emitVersion } from '../../realtime/file-events.ts';
import { versionsRepository, viewAtVersion, type FileVersionDb } from './versions.repository.ts';

/** Message when a new version's format differs from the file's. */
export const VERSION_SUFFIX_MSG = (suffix: string) => `新版本须与原文件格式一致（.${suffix}）`;
/** Message for deleting the current version. */
export const VERSION_CURRENT_DELETE_MSG = '当前版本不能删除，请先将其他版本设为当前版本';

/** Versions service bound to the app context. */
export function versionsService(ctx: AppContext, deps: { files: FilesService; openGuard: ModelOpenGuard }) {
  const { files } = deps;
  const repo = versionsRepository(ctx.db);
  const favourites = favouritesRepository(ctx.db);
  /** -120 while the current version is open in a viewer (001 §8). */
  const { openGuard } = deps;

  /** A file (not a folder) whose space lets the caller `action` (files.requireFile). @throws 404, 403. */
  async function requireFile(caller: Caller, id: string, action: SpaceAction = 'view'): Promise<FileRowDb> {
    const f = await files.requireFile(caller, id, action);
    if (f.kind !== 2) throw notFound('文件不存在或已被删除');
    return f;
  }

  /** A file as seen at version `n` (current when absent). @throws 404 for an unknown version, 403. */
  async function view(
    caller: Caller,
    id: string,
    n?: number,
    action: SpaceAction = 'view',
  ): Promise<FileRowDb> {
    const f = await requireFile(caller, id, action);
    if (n === undefined || n === f.versionNo) return f;
    const v = await repo.find(f.id, n);
    if (!v) throw notFound('该版本不存在或已被删除');
    return viewAtVersion(f, v);
  }

  async function list(caller: Caller, id: string): Promise<FileVersionListValue> {
    const f = await requireFile(caller, id);
    await repo.ensureFirst(f);
    const rows = await repo.list(f.id);
    return {
      iuid: f.id,
      currentVersion: f.versionNo,
      list: rows.map((v) => present(v, v.uploaderName, f.versionNo)),
    };
  }

  return {
    requireFile,
    view,
    list,

    /**
     * Check a version upload at tus creation: the caller may edit the file (its space's policy),
     * `fileName` has the same suffix family, and the current version is not open in a viewer other
     * than the caller's tab `tabId` (001 §8; checked here, before any byte is sent).
     * @returns the file. @throws 404, 403, 400 (format), 409 code -120.
     */
    async checkTarget(caller: Caller, id: string, fileName: string, tabId?: string): Promise<FileRowDb> {
      const f = await requireFile(caller, id, 'edit');
      if (!sameSuffixFamily(f.suffix, suffixOf(fileName))) throw badRequest(VERSION_SUFFIX_MSG(f.suffix));
      await openGuard.assertVersionClosed({ caller, tabId }, f);
      return f;
    },

    /**
     * Record a finished version upload as the file's new current version, in one transaction: charge
     * the quota for the real size and add the version row (id `u.id`, the upload's) pointing at
     * `u.storageKey`, where the bytes already are (uploads/upload-finishing.ts).
     * @returns the file row and the version number, 'quota' (nothing recorded), or null when the file
     * is gone or the caller may no longer edit it.
     * @throws 409 when the suffix change collides with a sibling's name.
     */
    async commitUpload(
      caller: Caller,
      u: {
        id: string;
        fileId: string;
        fileName: string;
        sizeBytes: number;
        storageKey: string;
        status: { statusType: number; statusMsg: string };
      },
    ): Promise<{ file: FileRowDb; version: number } | 'quota' | null> {
      const f = await files.requireFile(caller, u.fileId, 'edit').catch(() => null);
      if (!f || f.kind !== 2) return null;
      let added: Awaited<ReturnType<typeof repo.addCharged>>;
      try {
        added = await repo.addCharged({
          id: u.id,
          file: f,
          uploaderId: caller.user.id,
          name: u.fileName,
          suffix: suffixOf(u.fileName),
          sizeBytes: u.sizeBytes,
          storageKeyOf: () => u.storageKey,
          statusType: u.status.statusType,
          statusMsg: u.status.statusMsg,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('该位置已存在同名文件');
        throw err;
      }
      if (added === 'quota' || added === null) return added;
      return { file: added.file, version: added.version.number };
    },

    /**
     * After `commitUpload`: queue version `n`'s conversion (when `convert`) and thumbnail, push
     * `FileVersionInfo` and the status. Repeating it (recovery after a crash) queues the jobs again.
     */
    async announceUpload(file: FileRowDb, n: number, convert: boolean): Promise<void> {
      if (convert) await ctx.enqueueConversion(file.id, n);
      await ctx.enqueueThumbnail(file, n); // images and PDFs (issue 14)
      emitVersion(ctx, file, n, 'added');
      emitStatus(ctx, file);
    },

    /** Undo a version whose bytes could not be stored: back to the previous current, quota freed. */
    async removeAfterFailure(file: FileRowDb, n: number): Promise<void> {
      const versions = (await repo.list(file.id)).filter((v) => v.number !== n);
      const previous = versions[0];
      if (previous) await repo.setCurrent(file, previous.number);
      await repo.removeCharged(file, n).catch(() => undefined);
    },

    /** A signed download URL of version `n`'s original (current when absent). */
    async downloadUrl(caller: Caller, id: string, n?: number): Promise<string> {
      return signedFileUrl(ctx, await view(caller, id, n, 'download'), ORIGINAL, true, sessionOrigin(caller));
    },

    /**
     * Preview information of version `n` (its own derived model), for a viewer of the file's space,
     * with whether the caller collected the file. @throws 404 for a missing file or version, 403.
     */
    async preview(caller: Caller, id: string, n: number | undefined): Promise<PreviewInfoValue> {
      const { access } = await files.requireFileAccess(caller, id, 'view');
      const f = await view(caller, id, n);
      return buildPreview(ctx, f, {
        canDownload: access.rights.download,
        collected: await favourites.isCollected(caller.user.id, f.id),
        origin: sessionOrigin(caller),
      });
    },

    /**
     * Make version `n` current: previews, downloads, shares and favourites now show it. Refused while
     * the current version is open in a viewer other than the caller's tab `tabId` (001 §8).
     * @throws 404 unknown file/version, 409 when the suffix change collides with a sibling's name,
     * 409 code -120 while the model is open.
     */
    async setCurrent(caller: Caller, id: string, n: number, tabId?: string): Promise<FileVersionListValue> {
      const f = await requireFile(caller, id, 'edit');
      await repo.ensureFirst(f);
      if (n !== f.versionNo) {
        await openGuard.assertVersionClosed({ caller, tabId }, f);
        let row: FileRowDb | null;
        try {
          row = await repo.setCurrent(f, n);
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict('该位置已存在同名文件，无法切换到此版本');
          throw err;
        }
        if (!row) throw notFound('该版本不存在或已被删除');
        emitVersion(ctx, row, n, 'current');
        emitStatus(ctx, row);
      }
      return list(caller, id);
    },

    /**
     * Delete version `n` (not the current one): its bytes and derived files go, the quota is freed.
     * @throws 404 unknown, 400 the current version.
     */
    async remove(caller: Caller, id: string, n: number): Promise<FileVersionListValue> {
      const f = await requireFile(caller, id, 'edit');
      await repo.ensureFirst(f);
      const removed = await repo.removeCharged(f, n);
      if (removed === 'current') throw badRequest(VERSION_CURRENT_DELETE_MSG);
      if (!removed) throw notFound('该版本不存在或已被删除');
      await deleteVersionBytes(ctx, removed);
      emitVersion(ctx, f, n, 'deleted');
      return list(caller, id);
    },
  };
}
export type VersionsService = ReturnType<typeof versionsService>;

/** Remove a version's original and its derived outputs from storage (missing is fine). */
async function deleteVersionBytes(ctx: AppContext, v: FileVersionDb): Promise<void> {
  const original = v.storageKey;
  await ctx.storage.deletePrefix(original).catch(() => undefined);
  await ctx.storage.deletePrefix(derivedDirOf(original)).catch(() => undefined);
}

/** Present a version row (001 §3 style sizes and §9 times). */
function present(v: FileVersionDb, uploaderName: string | null, current: number) {
  return {
    version: v.number,
    fileName: v.name,
    fileSuffix: v.suffix,
    fileSize: formatFileSize(v.sizeBytes),
    fileBytes: v.sizeBytes,
    uploaderName: uploaderName ?? '',
    createTime: formatDateTime(v.createdAt),
    statusType: v.statusType,
    progress: v.progress,
    statusMsg: v.statusMsg,
    isCurrent: v.number === current,
  };
}
