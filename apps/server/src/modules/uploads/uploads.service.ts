/**
 * Uploads over tus 1.0 into a folder of any file area: creation (POST, also with the whole body or
 * an empty file) and OPTIONS through `@tus/server`; PATCH, HEAD and DELETE on the Node request
 * (tus-patch.ts); the bytes in a `TusUploadStore` (tus-file-store.ts; local disk by default); one
 * locker per upload shared by all of them (in memory, or Redis across API nodes: redis-locker.ts).
 * This module wires the parts together; each part's module tells its rules:
 * - Creation (upload-creation.ts): the caller is authenticated here; the area's space policy, the
 *   name, the folder and the atomic quota reservation (413 and nothing kept when over the quota).
 *   Lengths cannot be deferred (the quota is reserved at creation), so `creation-defer-length` is
 *   not offered. A new version of a file (issue 5, `FileVersionAdd`): metadata `versionOf`.
 * - Where uploads in progress live: a folder beside the storage folder on local disk, or the bucket
 *   with STORAGE=s3 (tus-s3-store.ts: an S3 multipart upload created at the key of finishing step 2,
 *   upload-removal.ts `targetKey`, so the bytes are never copied and no node's disk holds them; any
 *   API node continues any upload).
 * - PATCH/HEAD/DELETE: only the uploader may touch an upload; others get 404.
 * - Finishing (upload-finishing.ts, steps 2 and 3 in upload-commit.ts): when the last byte arrives,
 *   and again on recovery; ordered and idempotent, so a crash at any point leaves either a complete
 *   file or an upload that finishes later. The answer carries `x-file-iuid` (and `x-file-version`
 *   for a version), also on the HEAD of a finished upload.
 * - A finished upload still answers HEAD (offset = length) and DELETE until it expires; DELETE and
 *   `Getfragmentdelete` forget it and leave the file alone. Of an unfinished upload they remove the
 *   bytes and the reservation (upload-removal.ts).
 * - The sweep (upload-sweep.ts; at start-up and in the scheduled `uploads-cleanup` job) forgets
 *   expired uploads (removing the bytes of unfinished ones), finishes complete uploads whose
 *   finishing was cut short, and removes store entries and records without their counterpart older
 *   than a day.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Server } from '@tus/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { isS3Storage } from '../../storage/s3-storage.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Caller } from '../auth/caller.ts';
import { isUuid } from '../../lib/ids.ts';
import { filesRepository } from '../files/files.repository.ts';
import type { FilesService } from '../files/files.service.ts';
import { uploadsRepository } from './uploads.repository.ts';
import type { VersionsService } from '../versions/versions.service.ts';
import type { TransfersService } from '../transfers/transfers.service.ts';
import { FastFileStore, type TusUploadStore } from './tus-file-store.ts';
import { S3TusStore } from './tus-s3-store.ts';
import {
  expiresHeader,
  handleTusDelete,
  handleTusHead,
  handleTusPatch,
  type TusRequestDeps,
} from './tus-patch.ts';
import { tusError, withLock, type FinishStep, type UploadsDeps } from './upload-deps.ts';
import { uploadCreation } from './upload-creation.ts';
import { targetKey, uploadRemoval } from './upload-removal.ts';
import { uploadFinishing } from './upload-finishing.ts';
import { uploadSweep } from './upload-sweep.ts';

/** Where unfinished tus uploads live (same disk as storage, so completion is a rename). */
export const tusDir = (ctx: AppContext) => path.join(ctx.config.storageDir, 'tus');

/** Uploads service: the tus server, the Node-level tus requests, cancel, finishing and the sweep. */
export function uploadsService(
  ctx: AppContext,
  deps: { auth: AuthService; files: FilesService; versions: VersionsService; transfers: TransfersService },
) {
  const { auth, files, versions, transfers } = deps;
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
  const parts: UploadsDeps = {
    ctx,
    repo,
    filesRepo: filesRepository(ctx.db),
    datastore,
    files,
    versions,
    transfers,
    step: async (s, id) => faults.afterStep?.(s, id),
  };
  const creation = uploadCreation(parts);
  const removal = uploadRemoval(parts);
  const { finish } = uploadFinishing(parts, removal);
  const { forget } = removal;
  const sweep = uploadSweep(parts, locker, removal, finish);

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

  /** The caller of a tus request made through `@tus/server`, authenticated once per request. */
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
      await creation.create(await callerOf(req), req, upload);
      return {};
    },
    // Creation with the whole body, or of an empty file: finished before the 201, which keeps its Location.
    async onUploadFinish(req, upload) {
      const caller = await callerOf(req);
      const headers = await withLock(locker, upload.id, () => finish(caller, upload.id));
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
      await withLock(locker, id, async () => {
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
