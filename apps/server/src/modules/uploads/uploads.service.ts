/**
 * Uploads over tus 1.0 (`@tus/server` with `@tus/file-store`) into a folder of any file area.
 * - Creation: the caller is authenticated; metadata `spaceId` names the area ('' = 我的文件) and the
 *   space policy must let them upload there (404 unknown/invisible, 403 role; 403 when the paying
 *   personal or company service has ended, 000 §8); the name is checked (001 §5), the folder must be
 *   in that space, and the paying account's quota (space-access.ts) is reserved atomically
 *   (used + in-progress + size ≤ quota) or the request is refused with 413 and nothing is kept.
 * - PATCH/HEAD/DELETE/GET: only the uploader may touch an upload; others get 404.
 * - Completion: the space policy is asked again, the quota is charged again for the real size
 *   (fail → 413, bytes removed), the file row is created in the space with the caller as uploader, the bytes are moved (rename, no copy) into storage and a conversion job is queued.
 * - Termination (DELETE) and `Getfragmentdelete` remove the fragments and the reservation.
 * - Expired unfinished uploads are removed by `cleanupExpired` (scheduled).
 * - A new version of a file (issue 5, `FileVersionAdd`): metadata `versionOf` names a file the caller
 *   may edit in a space they may upload to;
 *   creation also checks the suffix family and reserves quota the same way; completion adds the
 *   version (quota charged again for the real size) instead of a new file, and answers
 *   `x-file-iuid` (the same file) and `x-file-version`.
 * - Every completion (file or version) writes a completed-transfer record (modules/transfers, 000 §3).
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Server, EVENTS, MemoryLocker } from '@tus/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FastFileStore } from './tus-file-store.ts';
import { handleTusPatch } from './tus-patch.ts';
import type { Upload } from '@tus/utils';
import {
  isModelSuffix,
  ResultCode,
  StatusType,
  suffixOf,
  TAB_ID_HEADER,
  VERSION_OF_METADATA,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { originalKey } from '../../storage/local-storage.ts';
import { converterFor } from '../../converters/registry.ts';
import { authService, type Caller } from '../auth/auth.service.ts';
import { filesRepository, isUuid } from '../files/files.repository.ts';
import { checkName, filesService, isUniqueViolation } from '../files/files.service.ts';
import { uploadsRepository } from './uploads.repository.ts';
import { versionsService } from '../versions/versions.service.ts';
import { transfersService } from '../transfers/transfers.service.ts';
import type { SpaceAccess } from '../spaces/space-access.ts';
import { emitStatus } from '../conversions/conversion.worker.ts';
import { requeueWaitingModels } from '../conversions/companion-requeue.ts';

/** Where unfinished tus uploads live (same disk as storage, so completion is a rename). */
export const tusDir = (ctx: AppContext) => path.join(ctx.config.storageDir, 'tus');

/** A tus hook error: the status and an envelope body the web client shows (`错误:` + msg). */
function tusError(status: number, msg: string, code: number = ResultCode.fail, data: unknown = null) {
  return { status_code: status, body: JSON.stringify({ code, msg, data }) };
}

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

/** Uploads service: the tus server and the cancel/cleanup calls. */
export function uploadsService(ctx: AppContext) {
  const auth = authService(ctx);
  const files = filesService(ctx);
  const filesRepo = filesRepository(ctx.db);
  const repo = uploadsRepository(ctx.db);
  const versions = versionsService(ctx);
  const transfers = transfersService(ctx);
  const callers = new WeakMap<object, Caller>();
  const datastore = new FastFileStore({
    directory: tusDir(ctx),
    expirationPeriodInMilliseconds: ctx.config.uploadExpiryHours * 3600 * 1000,
  });

  const bearer = (h: string | null) => (h ? /^Bearer\s+(.+)$/i.exec(h)?.[1] : undefined);

  /** The signed-in caller of a tus request; throws a tus error (401 envelope) otherwise. */
  async function authenticate(authorization: string | null): Promise<Caller> {
    try {
      return await auth.authenticate(bearer(authorization));
    } catch (err) {
      if (err instanceof AppError) throw tusError(err.status, err.message, err.code);
      throw err;
    }
  }

  async function callerOf(req: Request): Promise<Caller> {
    const known = callers.get(req);
    if (known) return known;
    const c = await authenticate(req.headers.get('authorization'));
    callers.set(req, c);
    return c;
  }

  /** The caller, when `uploadId` is an upload of theirs; throws a tus 404 otherwise. */
  async function uploader(authorization: string | null, uploadId: string): Promise<Caller> {
    const caller = await authenticate(authorization);
    if (!isUuid(uploadId) || !(await repo.findOwned(caller.user.id, uploadId)))
      throw tusError(404, '上传记录不存在');
    return caller;
  }

  /** Completion answer: the new file's iuid (and, for a version upload, its number) for the client. */
  async function finish(caller: Caller, upload: Upload): Promise<Record<string, string>> {
    const row = await repo.findOwned(caller.user.id, upload.id);
    if (row?.versionOf) {
      const n = await ingestVersion(caller, upload, row);
      return {
        'x-file-iuid': row.versionOf,
        'x-file-version': String(n),
        'access-control-expose-headers': 'x-file-iuid, x-file-version',
      };
    }
    const fileId = await ingest(caller, upload);
    return { 'x-file-iuid': fileId, 'access-control-expose-headers': 'x-file-iuid' };
  }

  /** Turn a finished version upload into the file's new current version (see versions.service). */
  async function ingestVersion(
    caller: Caller,
    upload: Upload,
    row: NonNullable<Awaited<ReturnType<typeof repo.findOwned>>>,
  ): Promise<number> {
    // The reservation is released before charging, so the real size is checked against the quota.
    await repo.remove(upload.id);
    const dropBytes = async () => {
      await datastore.remove(upload.id).catch(() => undefined);
    };
    let added: Awaited<ReturnType<typeof versions.addFromUpload>>;
    try {
      added = await versions.addFromUpload(
        caller,
        {
          fileId: row.versionOf!,
          fileName: row.fileName,
          sizeBytes: upload.offset,
          status: initialStatus(suffixOf(row.fileName)),
        },
        async (key) => {
          await ctx.storage.importFile(key, path.join(tusDir(ctx), upload.id));
          await rm(path.join(tusDir(ctx), `${upload.id}.json`), { force: true });
        },
      );
    } catch (err) {
      await dropBytes();
      if (err instanceof AppError) throw tusError(err.status, err.message, err.code);
      throw err;
    }
    if (added === 'quota') {
      await dropBytes();
      throw tusError(413, '空间不足，上传失败，请清理文件或扩容后重试', ResultCode.refused);
    }
    if (!added) {
      await dropBytes();
      throw tusError(404, '文件不存在或已被删除');
    }
    await recordCompleted(
      caller,
      row.fileName,
      upload.offset,
      row.versionOf!,
      await files.spaces.resolve(caller, row.spaceId ?? ''),
    );
    return added.version;
  }

  /**
   * The completed-transfer record of the panel's 已完成 tab (000 §3). The file already exists, so a
   * failure here is logged and does not fail the upload.
   */
  async function recordCompleted(
    caller: Caller,
    fileName: string,
    sizeBytes: number,
    fileId: string,
    area: SpaceAccess | null,
  ): Promise<void> {
    try {
      await transfers.record({
        ownerId: caller.user.id,
        fileName,
        sizeBytes,
        fileId,
        // The 已完成 tab's location tag (000 §3): source type, and the knowledge-base type for type 3.
        sourceType: area?.sourceType,
        knowledgeBaseType: area?.sourceType === 3 ? area.kind : undefined,
      });
    } catch (err) {
      ctx.log.error({ err, fileId }, 'transfer record not written');
    }
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

  /** The space policy's answer for an upload, as a tus error when refused. */
  async function uploadAccess(caller: Caller, spaceId: string): Promise<SpaceAccess> {
    try {
      return await files.spaces.require(caller, spaceId, 'upload');
    } catch (err) {
      if (err instanceof AppError) throw tusError(err.status, err.message, err.code);
      throw err;
    }
  }

  /** Turn a finished upload into a file row of its space and queue its conversion. */
  async function ingest(caller: Caller, upload: Upload): Promise<string> {
    const row = await repo.findOwned(caller.user.id, upload.id);
    if (!row) throw tusError(404, '上传记录不存在');
    const size = upload.offset;
    const suffix = suffixOf(row.fileName);
    const status = initialStatus(suffix);
    // The reservation is released before charging, so the real size is checked against the quota.
    await repo.remove(upload.id);
    const dropBytes = () => datastore.remove(upload.id).catch(() => undefined);
    const access = await uploadAccess(caller, row.spaceId ?? '').catch(async (err: unknown) => {
      await dropBytes();
      throw err;
    });
    const fileId = randomUUID();
    let file = null;
    for (let attempt = 0; attempt < 3 && !file; attempt++) {
      const name = await freeName(access.id, row.folderId, row.fileName);
      try {
        file = await filesRepo.insertFileCharged({
          id: fileId,
          spaceId: access.id,
          parentId: row.folderId,
          name,
          suffix,
          sizeBytes: size,
          storageKey: originalKey(access.id, fileId),
          statusType: status.statusType,
          statusMsg: status.statusMsg,
          sourceType: access.sourceType,
          uploaderId: caller.user.id,
          account: access.quota,
        });
        if (!file) {
          await dropBytes();
          throw tusError(413, '空间不足，上传失败，请清理文件或扩容后重试', ResultCode.refused);
        }
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    if (!file) throw tusError(409, '该位置已存在同名文件');
    try {
      await ctx.storage.importFile(originalKey(access.id, fileId), path.join(tusDir(ctx), upload.id));
      await rm(path.join(tusDir(ctx), `${upload.id}.json`), { force: true });
    } catch (err) {
      await filesRepo.deleteTree(access.id, fileId);
      throw err;
    }
    if (status.convert) await ctx.enqueueConversion(fileId);
    await ctx.enqueueThumbnail(file); // images and PDFs (issue 14)
    emitStatus(ctx, file);
    await requeueWaitingModels(ctx, file); // a .bin/.mtl/texture a model of this folder waits for (issue 13)
    await recordCompleted(caller, file.name, size, fileId, access);
    return fileId;
  }

  const locker = new MemoryLocker(); // shared by @tus/server and the PATCH path
  const tus = new Server({
    path: '/api/files/uploads',
    datastore,
    locker,
    relativeLocation: true,
    maxSize: ctx.config.maxUploadBytes,
    namingFunction: () => randomUUID(),
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST') await callerOf(req);
      else callers.set(req, await uploader(req.headers.get('authorization'), uploadId));
    },
    async onUploadCreate(req, upload) {
      const caller = await callerOf(req);
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
      return {
        metadata: {
          filename: name,
          folderId: folderId ?? '',
          spaceId: access.id,
          ownerId: caller.user.id,
          ...(versionOf ? { [VERSION_OF_METADATA]: versionOf } : {}),
        },
      };
    },
    async onUploadFinish(req, upload) {
      return { status_code: 204, headers: await finish(await callerOf(req), upload) };
    },
  });
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => void repo.remove(id));

  return {
    tus,
    /** tus PATCH on the Node request (see tus-patch.ts); answers on `res`, never throws. */
    patch: (req: IncomingMessage, res: ServerResponse, uploadId: string) =>
      handleTusPatch(req, res, uploadId, {
        store: datastore,
        locker,
        authorize: (r, id) => uploader(r.headers.authorization ?? null, id),
        finish,
        logError: (err) => ctx.log.error({ err }, 'tus PATCH failed'),
        // Per-user limit of concurrent uploads across tabs, devices and API processes (upload-slots.ts).
        slots: {
          acquire: (caller, id) => ctx.uploadSlots.acquire(caller.user.id, id),
          retryAfterSeconds: ctx.uploadSlots.retryAfterSeconds,
        },
      }),
    /** Cancel an upload (000 §7 Getfragmentdelete): deletes the fragments and the reservation. @throws 404. */
    async cancel(caller: Caller, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.findOwned(caller.user.id, id)))
        throw new AppError(404, '上传记录不存在');
      await datastore.remove(id).catch(() => undefined);
      await repo.remove(id);
    },
    /** Remove expired unfinished uploads (fragments and records). @returns how many records were removed. */
    async cleanupExpired(): Promise<number> {
      const ids = await repo.removeExpired(new Date());
      for (const id of ids) await datastore.remove(id).catch(() => undefined);
      await datastore.deleteExpired().catch(() => 0);
      return ids.length;
    },
  };
}
export type UploadsService = ReturnType<typeof uploadsService>;
