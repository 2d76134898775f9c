/**
 * Uploads over tus 1.0 into a folder of any file area: creation (POST, also with the whole body or
 * an empty file) and OPTIONS through `@tus/server`; PATCH, HEAD and DELETE on the Node request
 * (tus-patch.ts); the bytes in a `TusUploadStore` (tus-file-store.ts; local disk by default); one
 * locker per upload shared by all of them (in memory, or Redis across API nodes: redis-locker.ts).
 * - Creation: the caller is authenticated; metadata `spaceId` names the area ('' = 我的文件) and the
 *   space policy must let them upload there (404 unknown/invisible, 403 role; 403 when the paying
 *   personal or company service has ended, 000 §8); the name is checked (001 §5), the folder must be
 *   in that space, and the paying account's quota (space-access.ts) is reserved atomically
 *   (used + in-progress + size ≤ quota) or the request is refused with 413 and nothing is kept. The
 *   metadata is kept as sent (HEAD answers it unchanged). Lengths cannot be deferred (the quota is
 *   reserved at creation), so `creation-defer-length` is not offered.
 * - Where uploads in progress live: a folder beside the storage folder on local disk, or the bucket
 *   with STORAGE=s3 (tus-s3-store.ts: an S3 multipart upload created at the key of step 2 below, so
 *   the bytes are never copied and no node's disk holds them; any API node continues any upload).
 * - PATCH/HEAD/DELETE: only the uploader may touch an upload; others get 404.
 * - Finishing (when the last byte arrives, and again on recovery) is ordered and idempotent, so a
 *   crash at any point leaves either a complete file or an upload that finishes later, never a file
 *   row without bytes nor bytes without a row that stay:
 *   1. `completed`: the store records that every byte arrived (HEAD answers offset = length from now on);
 *   2. `moved`: the space policy is asked again (refused → the upload is dropped), and the bytes move
 *      into object storage under a key made from the upload id (`files/<space>/<upload id>/original`,
 *      or `…/<file>/u<upload id>/original` for a version): a rename on local disk;
 *   3. `committed`: one transaction charges the quota for the real size and adds the file row whose
 *      id is the upload id (or the version row with that id; versions.service `commitUpload`), which
 *      also ends the upload's reservation (uploads.repository.ts). Over the quota → 413 and the upload
 *      is dropped; a name already taken gets " (1)", " (2)", …;
 *   4. `announced`: conversion and thumbnail queued, status pushed, companions requeued, the
 *      completed-transfer record written (modules/transfers, 000 §3), then the store marks the upload
 *      finished with its result.
 *   A step found done is skipped: the file row with the upload's id means 3 happened; bytes no longer
 *   in the store but at their key mean 2 happened. HEAD and PATCH of a complete upload, and the sweep,
 *   run finishing again, so an interrupted one completes. The answer carries `x-file-iuid` (and
 *   `x-file-version` for a version), also on the HEAD of a finished upload.
 * - A finished upload still answers HEAD (offset = length) and DELETE until it expires; DELETE and
 *   `Getfragmentdelete` forget it and leave the file alone. Of an unfinished upload they remove the
 *   bytes and the reservation.
 * - The sweep (at start-up and in the scheduled `uploads-cleanup` job) forgets expired uploads
 *   (removing the bytes of unfinished ones), finishes complete uploads whose finishing was cut short,
 *   and removes store entries and records without their counterpart older than a day.
 * - A new version of a file (issue 5, `FileVersionAdd`): metadata `versionOf` names a file the caller
 *   may edit in a space they may upload to; creation also checks the suffix family and reserves quota
 *   the same way; finishing adds the version instead of a new file, and answers `x-file-iuid` (the
 *   same file) and `x-file-version`.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Server } from '@tus/server';
import { ERRORS } from '@tus/utils';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
import { originalKey, versionUploadKey } from '../../storage/local-storage.ts';
import { isS3Storage } from '../../storage/s3-storage.ts';
import { converterFor } from '../../converters/registry.ts';
import { authRepository } from '../auth/auth.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Caller } from '../auth/caller.ts';
import { isUuid } from '../../lib/ids.ts';
import { filesRepository, type FileRowDb } from '../files/files.repository.ts';
import { checkName, isUniqueViolation, type FilesService } from '../files/files.service.ts';
import { uploadsRepository, type UploadRow } from './uploads.repository.ts';
import type { VersionsService } from '../versions/versions.service.ts';
import type { TransfersService } from '../transfers/transfers.service.ts';
import type { SpaceAccess } from '../spaces/space-access.ts';
import { emitStatus } from '../../realtime/file-events.ts';
import { requeueWaitingModels } from '../conversions/companion-requeue.ts';
import {
  FastFileStore,
  METADATA_HEADER_FIELD,
  type FinishedUpload,
  type TusUploadStore,
} from './tus-file-store.ts';
import { S3TusStore } from './tus-s3-store.ts';
import {
  expiresHeader,
  handleTusDelete,
  handleTusHead,
  handleTusPatch,
  type TusRequestDeps,
} from './tus-patch.ts';

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

/** The steps of finishing an upload, in order (see the module comment). */
export type FinishStep = 'completed' | 'moved' | 'committed' | 'announced';

/** Age after which store entries and records without their counterpart are removed by the sweep. */
const ORPHAN_AGE_MS = 24 * 3600 * 1000;

/** What one sweep did. */
export interface SweepResult {
  /** Expired upload records forgotten (with the bytes of unfinished ones). */
  expired: number;
  /** Complete uploads whose interrupted finishing was run again. */
  finished: number;
  /** Store entries and records removed for lack of their counterpart. */
  orphans: number;
}

/** Uploads service: the tus server, the Node-level tus requests, cancel, finishing and the sweep. */
export function uploadsService(
  ctx: AppContext,
  deps: { auth: AuthService; files: FilesService; versions: VersionsService; transfers: TransfersService },
) {
  const { auth, files, versions, transfers } = deps;
  const users = authRepository(ctx.db);
  const filesRepo = filesRepository(ctx.db);
  const repo = uploadsRepository(ctx.db);
  const callers = new WeakMap<object, Caller>();
  const expirationPeriodInMilliseconds = ctx.config.uploadExpiryHours * 3600 * 1000;
  // STORAGE=s3: uploads in progress live in the bucket (tus-s3-store.ts), their multipart upload at
  // the key the bytes end at, so finishing moves nothing; on local disk, beside the storage folder.
  const datastore: TusUploadStore = isS3Storage(ctx.storage)
    ? new S3TusStore({
        storage: ctx.storage,
        expirationPeriodInMilliseconds,
        targetKeyOf: async (id) => {
          const row = await repo.findById(id);
          return row ? targetKey(row) : null;
        },
      })
    : new FastFileStore({ directory: tusDir(ctx), expirationPeriodInMilliseconds });
  const locker = ctx.uploadLocker;
  /** Test hook: runs after each finishing step; a throw there stands for a crash at that point. */
  const faults: { afterStep?: (step: FinishStep, uploadId: string) => void | Promise<void> } = {};
  const step = async (s: FinishStep, id: string) => faults.afterStep?.(s, id);

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

  /** Run `fn` holding the tus lock of upload `id` (the same lock PATCH, HEAD and DELETE take). */
  async function withLock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const lock = locker.newLock(id);
    await lock.lock(new AbortController().signal, () => undefined);
    try {
      return await fn();
    } finally {
      await lock.unlock();
    }
  }

  /** The response headers naming what an upload became. */
  function answerOf(done: FinishedUpload): Record<string, string> {
    if (done.version === undefined)
      return { 'x-file-iuid': done.fileId, 'access-control-expose-headers': 'x-file-iuid' };
    return {
      'x-file-iuid': done.fileId,
      'x-file-version': String(done.version),
      'access-control-expose-headers': 'x-file-iuid, x-file-version',
    };
  }

  /** Object-storage key of an upload's bytes once moved (known before the file or version exists). */
  function targetKey(row: UploadRow): string {
    const spaceId = row.spaceId ?? '';
    return row.versionOf ? versionUploadKey(spaceId, row.versionOf, row.id) : originalKey(spaceId, row.id);
  }

  /**
   * Drop an unfinished upload: its bytes (in the store, or already moved to their key), its store
   * record and its record with the reservation. Never touches a file or version already made of it.
   */
  async function discard(row: UploadRow): Promise<void> {
    if (!(await repo.finishedOf(row.id)))
      await ctx.storage.deletePrefix(targetKey(row).replace(/\/original$/, '')).catch(() => undefined);
    await datastore.remove(row.id).catch(() => undefined);
    await repo.remove(row.id);
  }

  /** Forget an upload: a finished one keeps its file; an unfinished one is dropped whole. */
  async function forget(row: UploadRow): Promise<void> {
    if (await repo.finishedOf(row.id)) {
      await datastore.remove(row.id).catch(() => undefined);
      await repo.remove(row.id);
    } else await discard(row);
  }

  /**
   * A refusal at finishing (the space policy, a name conflict of a version) as a tus error, after
   * dropping the upload; any other error (e.g. the database away) leaves it to be finished later.
   */
  async function refuse(row: UploadRow, err: unknown): Promise<never> {
    if (!(err instanceof AppError)) throw err;
    await discard(row);
    throw tusError(err.status, err.message, err.code, err.data);
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

  /** Steps 2 and 3 of finishing: bytes into place, then the one transaction. */
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

  /** Step 4 of finishing: queue the jobs, push the status, record the transfer. */
  async function announce(caller: Caller, row: UploadRow, done: FinishedUpload, size: number): Promise<void> {
    const file = await filesRepo.findById(done.fileId);
    if (!file) return; // deleted meanwhile
    const area = await files.spaces.resolve(caller, file.spaceId).catch(() => null);
    if (done.version !== undefined) {
      await versions.announceUpload(file, done.version, initialStatus(suffixOf(row.fileName)).convert);
      await recordCompleted(caller, row.fileName, size, file.id, area);
      return;
    }
    if (initialStatus(file.suffix).convert && file.statusType === StatusType.queued)
      await ctx.enqueueConversion(file.id);
    await ctx.enqueueThumbnail(file); // images and PDFs (issue 14)
    emitStatus(ctx, file);
    await requeueWaitingModels(ctx, file); // a .bin/.mtl/texture a model of this folder waits for (issue 13)
    await recordCompleted(caller, file.name, size, file.id, area);
  }

  /**
   * Finish complete upload `id` of `caller` (see "Finishing" in the module comment); the caller holds
   * its lock. Idempotent: a finished upload answers its result at once.
   * @returns the response headers naming the file (and version). @throws a tus failure.
   */
  async function finish(caller: Caller, id: string): Promise<Record<string, string>> {
    const row = await repo.findOwned(caller.user.id, id);
    if (!row) throw tusError(404, '上传记录不存在');
    const info = await datastore.info(id);
    if (!info) throw ERRORS.FILE_NO_LONGER_EXISTS;
    if (info.finished) return answerOf(info.finished);
    const size = info.upload.size;
    if (size === undefined || info.upload.offset !== size) throw ERRORS.INVALID_OFFSET;
    let done = await repo.finishedOf(id);
    if (!done) {
      await datastore.markCompleted(id);
      await step('completed', id);
      done = await commit(caller, row, size);
      await step('committed', id);
    }
    await announce(caller, row, done, size);
    await repo.releaseReservation(id);
    await datastore.markFinished(id, done);
    await step('announced', id);
    return answerOf(done);
  }

  /** tus termination and cancel: forget a finished upload, drop an unfinished one. */
  async function terminate(caller: Caller, id: string): Promise<void> {
    const row = await repo.findOwned(caller.user.id, id);
    if (!row) throw tusError(404, '上传记录不存在');
    await forget(row);
  }

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
      // HEAD answers the metadata exactly as sent (tus creation); the store keeps the header with the upload.
      const header = req.headers.get('upload-metadata');
      if (header) Object.assign(upload, { [METADATA_HEADER_FIELD]: header });
      return {};
    },
    // Creation with the whole body, or of an empty file: finished before the 201, which keeps its Location.
    async onUploadFinish(req, upload) {
      const caller = await callerOf(req);
      const headers = await withLock(upload.id, () => finish(caller, upload.id));
      const expires = expiresHeader(datastore, upload);
      return {
        headers: {
          ...headers,
          'Upload-Offset': String(upload.offset),
          ...(expires ? { 'Upload-Expires': expires } : {}),
        },
      };
    },
  });

  const requestDeps: TusRequestDeps<Caller> = {
    store: datastore,
    locker,
    authorize: (r, id) => uploader(r.headers.authorization ?? null, id),
    finish,
    terminate,
    logError: (err) => ctx.log.error({ err }, 'tus request failed'),
    // Per-user limit of concurrent uploads across tabs, devices and API processes (upload-slots.ts).
    slots: {
      acquire: (caller, id) => ctx.uploadSlots.acquire(caller.user.id, id),
      retryAfterSeconds: ctx.uploadSlots.retryAfterSeconds,
    },
  };

  /**
   * The sweep (module comment): forget expired uploads, finish complete ones whose finishing was cut
   * short, remove store entries and records without their counterpart older than a day.
   */
  async function sweep(now = new Date()): Promise<SweepResult> {
    const result: SweepResult = { expired: 0, finished: 0, orphans: 0 };
    const dayAgo = now.getTime() - ORPHAN_AGE_MS;
    const logged = (what: string, id: string) => (err: unknown) =>
      ctx.log.warn({ err, uploadId: id }, `upload sweep: ${what} failed`);
    for (const row of await repo.expired(now)) {
      await withLock(row.id, () => forget(row)).then(() => result.expired++, logged('expiry', row.id));
    }
    const rows = await repo.all();
    for (const row of rows) {
      const info = await datastore.info(row.id).catch(() => null);
      if (!info) {
        if (row.createdAt.getTime() < dayAgo && !(await repo.finishedOf(row.id)))
          await withLock(row.id, () => discard(row)).then(() => result.orphans++, logged('orphan', row.id));
        continue;
      }
      if (info.finished || info.upload.offset !== info.upload.size) continue;
      const user = await users.findUserById(row.ownerId);
      if (!user) continue;
      await withLock(row.id, () => finish({ user, sessionId: '' }, row.id)).then(
        () => result.finished++,
        logged('finishing', row.id),
      );
    }
    const known = new Set((await repo.all()).map((r) => r.id));
    for (const entry of await datastore.list()) {
      if (known.has(entry.id) || entry.modifiedAt.getTime() >= dayAgo) continue;
      await datastore.remove(entry.id).then(() => result.orphans++, logged('orphan', entry.id));
    }
    // S3: multipart uploads no record names (a crash before recording one, an import cut short).
    if (datastore.abortStaleMultipartUploads)
      result.orphans += await datastore
        .abortStaleMultipartUploads(new Date(dayAgo))
        .catch((err: unknown) => (logged('multipart', '-')(err), 0));
    return result;
  }

  return {
    tus,
    /** Failure injection for tests (see `FinishStep`). */
    faults,
    /** tus PATCH on the Node request (see tus-patch.ts); answers on `res`, never throws. */
    patch: (req: IncomingMessage, res: ServerResponse, uploadId: string) =>
      handleTusPatch(req, res, uploadId, requestDeps),
    /** tus HEAD on the Node request; answers on `res`, never throws. */
    head: (req: IncomingMessage, res: ServerResponse, uploadId: string) =>
      handleTusHead(req, res, uploadId, requestDeps),
    /** tus DELETE (termination) on the Node request; answers on `res`, never throws. */
    terminate: (req: IncomingMessage, res: ServerResponse, uploadId: string) =>
      handleTusDelete(req, res, uploadId, requestDeps),
    /** Cancel an upload (000 §7 Getfragmentdelete), as tus termination. @throws 404. */
    async cancel(caller: Caller, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.findOwned(caller.user.id, id)))
        throw new AppError(404, '上传记录不存在');
      await withLock(id, async () => {
        const row = await repo.findOwned(caller.user.id, id);
        if (row) await forget(row);
      });
    },
    sweep,
    /** The scheduled clean-up: the sweep. @returns how many expired upload records were removed. */
    async cleanupExpired(): Promise<number> {
      return (await sweep()).expired;
    },
  };
}
export type UploadsService = ReturnType<typeof uploadsService>;
