/**
 * What the parts of the uploads service share (uploads.service.ts builds it once and hands it to
 * upload-creation.ts, upload-removal.ts, upload-commit.ts, upload-finishing.ts and upload-sweep.ts):
 * the app context, the repositories, the store of uploads in progress, the services that finishing
 * calls and the test hook run after each finishing step. Also what every part does alike: refuse
 * with a tus error (`tusError`, the envelope the web client shows) and hold an upload's tus lock
 * (`withLock`, the same lock PATCH, HEAD and DELETE take: tus-patch.ts).
 */
import type { Locker } from '@tus/utils';
import { ResultCode } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import type { FilesRepository } from '../files/files.repository.ts';
import type { FilesService } from '../files/files.service.ts';
import type { TransfersService } from '../transfers/transfers.service.ts';
import type { VersionsService } from '../versions/versions.service.ts';
import type { TusUploadStore } from './tus-file-store.ts';
import type { UploadsRepository } from './uploads.repository.ts';

/** The steps of finishing an upload, in order (upload-finishing.ts). */
export type FinishStep = 'completed' | 'moved' | 'committed' | 'announced';

/** What the parts of the uploads service share (see the module comment). */
export interface UploadsDeps {
  ctx: AppContext;
  repo: UploadsRepository;
  filesRepo: FilesRepository;
  /** Where the bytes of uploads in progress live (local disk, or the bucket with STORAGE=s3). */
  datastore: TusUploadStore;
  files: FilesService;
  versions: VersionsService;
  transfers: TransfersService;
  /** Test hook run after finishing step `s` of upload `id`; a throw there stands for a crash at that point. */
  step: (s: FinishStep, id: string) => Promise<void>;
}

/** A tus hook error: the status and an envelope body the web client shows (`错误:` + msg). */
export function tusError(status: number, msg: string, code: number = ResultCode.fail, data: unknown = null) {
  return { status_code: status, body: JSON.stringify({ code, msg, data }) };
}

/** Run `fn` holding the tus lock of upload `id` (the same lock PATCH, HEAD and DELETE take). */
export async function withLock<T>(locker: Locker, id: string, fn: () => Promise<T>): Promise<T> {
  const lock = locker.newLock(id);
  await lock.lock(new AbortController().signal, () => undefined);
  try {
    return await fn();
  } finally {
    await lock.unlock();
  }
}
