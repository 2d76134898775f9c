/**
 * Creating a tus upload (the POST `@tus/server` answers; its `onUploadCreate` hook in
 * uploads.service.ts): the checks, the area and the quota reservation.
 * - The caller is authenticated (by the service); metadata `spaceId` names the area ('' = 我的文件)
 *   and the space policy must let them upload there (404 unknown/invisible, 403 role; 403 when the
 *   paying personal or company service has ended, 000 §8); the name is checked (001 §5), the folder
 *   must be in that space, and the paying account's quota (space-access.ts) is reserved atomically
 *   (used + in-progress + size ≤ quota: uploads.repository.ts `reserve`) or the request is refused
 *   with 413 and nothing is kept. The metadata is kept as sent (HEAD answers it unchanged). Lengths
 *   cannot be deferred (the quota is reserved at creation), so `creation-defer-length` is not
 *   offered (a creation without a size: 400).
 * - A new version of a file (issue 5, `FileVersionAdd`): metadata `versionOf` names a file the caller
 *   may edit in a space they may upload to; creation also checks the suffix family (versions.service
 *   `checkTarget`; -120 while its current version is open in another viewer, 001 §8) and reserves
 *   quota the same way; the version stays in the folder of the file.
 * Refusals are thrown as tus errors (`tusError`: status and envelope body).
 */
import type { Upload } from '@tus/utils';
import { ResultCode, TAB_ID_HEADER, VERSION_OF_METADATA } from '@bimdrive/contracts';
import { AppError } from '../../lib/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { checkName } from '../files/files.service.ts';
import type { SpaceAccess } from '../spaces/space-access.ts';
import { METADATA_HEADER_FIELD } from './tus-file-store.ts';
import { tusError, type UploadsDeps } from './upload-deps.ts';

/** Creation of uploads (see the module comment). */
export function uploadCreation({
  ctx,
  repo,
  files,
  versions,
}: Pick<UploadsDeps, 'ctx' | 'repo' | 'files' | 'versions'>) {
  /** The space policy's answer for an upload, as a tus error when refused. */
  async function uploadAccess(caller: Caller, spaceId: string): Promise<SpaceAccess> {
    try {
      return await files.spaces.require(caller, spaceId, 'upload');
    } catch (err) {
      if (err instanceof AppError) throw tusError(err.status, err.message, err.code);
      throw err;
    }
  }

  /**
   * Check upload `upload` of `caller` (created by POST request `req`) and reserve its quota; keeps
   * the `Upload-Metadata` header on `upload` for the store.
   * @throws a tus error: 400 without a size, the space policy's or the name's refusal, 413 over the quota.
   */
  async function create(caller: Caller, req: Request, upload: Upload): Promise<void> {
    if (upload.size === undefined) throw tusError(400, '请提供文件大小');
    let name: string;
    let folderId: string | null;
    let access: SpaceAccess;
    const versionOf = upload.metadata?.[VERSION_OF_METADATA] || null;
    try {
      name = checkName(upload.metadata?.filename ?? '');
      if (versionOf) {
        // A new version of a file the caller may edit: it stays where the file is.
        // -120 while its current version is open in another viewer (001 §8).
        const tabId = req.headers.get(TAB_ID_HEADER)?.slice(0, 64) || undefined;
        const target = await versions.checkTarget(caller, versionOf, name, tabId);
        access = await uploadAccess(caller, target.spaceId);
        folderId = target.parentId;
      } else {
        access = await uploadAccess(caller, upload.metadata?.spaceId ?? '');
        folderId = (await files.requireFolder(access, upload.metadata?.folderId ?? ''))?.id ?? null;
      }
    } catch (err) {
      if (err instanceof AppError) throw tusError(err.status, err.message, err.code, err.data);
      throw err;
    }
    const reserved = await repo.reserve(
      {
        id: upload.id,
        ownerId: caller.user.id,
        spaceId: access.id,
        folderId,
        fileName: name,
        sizeBytes: upload.size,
        versionOf,
        expiresAt: new Date(Date.now() + ctx.config.uploadExpiryHours * 3600 * 1000),
      },
      access.quota,
    );
    if (!reserved) throw tusError(413, '空间不足，上传失败，请清理文件或扩容后重试', ResultCode.refused);
    // HEAD answers the metadata exactly as sent (tus creation); the store keeps the header with the upload.
    const header = req.headers.get('upload-metadata');
    if (header) Object.assign(upload, { [METADATA_HEADER_FIELD]: header });
  }

  return { create };
}
