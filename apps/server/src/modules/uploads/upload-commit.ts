/**
 * Finishing steps 2 and 3 (upload-finishing.ts; issue 15): a complete upload becomes a file row (or
 * a version row) whose id is the upload id.
 * - `moved`: the space policy is asked again (refused → the upload is dropped), and the bytes move
 *   into object storage under the key made from the upload id (upload-removal.ts `targetKey`): a
 *   rename on local disk, the completion of the multipart upload on S3 (tus-s3-store.ts). Bytes no
 *   longer in the store but at their key with the right size mean this step happened; neither there
 *   → 410 and the upload is dropped.
 * - `committed`: one transaction charges the quota for the real size and adds the file row
 *   (files.repository `insertFileCharged`) or the version row (versions.service `commitUpload`),
 *   which also ends the upload's reservation (uploads.repository.ts). Over the quota → 413 and the
 *   upload is dropped; a name already taken gets " (1)", " (2)", … (409 when three tries all met a
 *   name taken meanwhile); a version whose file is gone → 404.
 * A new file starts with the conversion status of its suffix (`initialStatus`, 001 §4).
 * Refusals are thrown as tus errors (`tusError`); any other error (e.g. the database away) leaves the
 * upload to be finished later.
 */
import { randomUUID } from 'node:crypto';
import { isModelSuffix, ResultCode, StatusType, suffixOf } from '@bimdrive/contracts';
import { AppError } from '../../lib/errors.ts';
import { converterFor } from '../../converters/registry.ts';
import type { Caller } from '../auth/caller.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import { isUniqueViolation } from '../files/files.service.ts';
import type { FinishedUpload } from './tus-file-store.ts';
import { tusError, type UploadsDeps } from './upload-deps.ts';
import { targetKey, type UploadRemoval } from './upload-removal.ts';
import type { UploadRow } from './uploads.repository.ts';

/**
 * Reason shown for model formats without an open converter (DESIGN.md converters; issue 13): the
 * administrator can plug one in per suffix (`BIMDRIVE_EXTERNAL_CONVERTERS`, README).
 */
export const NO_CONVERTER_MSG =
  '需要外部转换器：此格式暂无开源转换器，可下载后使用专业软件查看，或请管理员配置外部转换器';

/** Initial conversion status of a new file by suffix (001 §4). */
export function initialStatus(suffix: string): { statusType: number; statusMsg: string; convert: boolean } {
  if (converterFor(suffix)) return { statusType: StatusType.queued, statusMsg: '', convert: true };
  if (isModelSuffix(suffix))
    return { statusType: StatusType.failed, statusMsg: NO_CONVERTER_MSG, convert: false };
  return { statusType: StatusType.none, statusMsg: '', convert: false };
}

/** Steps 2 and 3 of finishing (see the module comment). */
export function uploadCommit(
  { ctx, filesRepo, datastore, files, versions, step }: UploadsDeps,
  { discard }: Pick<UploadRemoval, 'discard'>,
) {
  /**
   * A refusal at finishing (the space policy, a name conflict of a version) as a tus error, after
   * dropping the upload; any other error (e.g. the database away) leaves it to be finished later.
   */
  async function refuse(row: UploadRow, err: unknown): Promise<never> {
    if (!(err instanceof AppError)) throw err;
    await discard(row);
    throw tusError(err.status, err.message, err.code, err.data);
  }

  /** Pick a free name in the folder: "a.ifc", then "a (1).ifc", "a (2).ifc", … */
  async function freeName(spaceId: string, parentId: string | null, name: string): Promise<string> {
    const dot = name.lastIndexOf('.');
    const base = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : '';
    const taken = new Set((await filesRepo.namesLike(spaceId, parentId, base)).map((n) => n.toLowerCase()));
    if (!taken.has(name.toLowerCase())) return name;
    for (let i = 1; i < 10_000; i++) {
      const candidate = `${base} (${i})${ext}`;
      if (!taken.has(candidate.toLowerCase())) return candidate;
    }
    return `${base} (${randomUUID().slice(0, 8)})${ext}`;
  }

  /**
   * Steps 2 and 3 of finishing: bytes into place, then the one transaction.
   * @returns what the upload became. @throws a tus error (the upload dropped) or any other error.
   */
  async function commit(caller: Caller, row: UploadRow, size: number): Promise<FinishedUpload> {
    const key = targetKey(row);
    // Asked again at completion: the area's service may have ended, or the caller lost the right.
    const access = row.versionOf
      ? null
      : await files.spaces
          .require(caller, row.spaceId ?? '', 'upload')
          .catch((err: unknown) => refuse(row, err));
    if (await datastore.hasBytes(row.id)) await datastore.moveBytes(row.id, ctx.storage, key);
    else if ((await ctx.storage.stat(key))?.size !== size) {
      await discard(row);
      throw tusError(410, '上传的数据已丢失，请重新上传');
    }
    await step('moved', row.id);

    const status = initialStatus(suffixOf(row.fileName));
    if (row.versionOf) {
      const added = await versions
        .commitUpload(caller, {
          id: row.id,
          fileId: row.versionOf,
          fileName: row.fileName,
          sizeBytes: size,
          storageKey: key,
          status,
        })
        .catch((err: unknown) => refuse(row, err));
      if (added === 'quota') {
        await discard(row);
        throw tusError(413, '空间不足，上传失败，请清理文件或扩容后重试', ResultCode.refused);
      }
      if (!added) {
        await discard(row);
        throw tusError(404, '文件不存在或已被删除');
      }
      return { fileId: row.versionOf, version: added.version };
    }
    let file: FileRowDb | null = null;
    for (let attempt = 0; attempt < 3 && !file; attempt++) {
      const name = await freeName(access!.id, row.folderId, row.fileName);
      try {
        file = await filesRepo.insertFileCharged({
          id: row.id,
          spaceId: access!.id,
          parentId: row.folderId,
          name,
          suffix: suffixOf(row.fileName),
          sizeBytes: size,
          storageKey: key,
          statusType: status.statusType,
          statusMsg: status.statusMsg,
          sourceType: access!.sourceType,
          uploaderId: caller.user.id,
          account: access!.quota,
        });
        if (!file) {
          await discard(row);
          throw tusError(413, '空间不足，上传失败，请清理文件或扩容后重试', ResultCode.refused);
        }
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    if (!file) {
      await discard(row);
      throw tusError(409, '该位置已存在同名文件');
    }
    return { fileId: file.id };
  }

  return { commit };
}
