/**
 * Completed-transfer records (spec 000 §2 File-transfer panel, §3 "Completed upload record", §7
 * GetTransmissionData / DeleteTransmissionDataById / DeleteAllTransmissionData, §9 page size 6).
 * - `record` is called by the uploads service when an upload or a version upload completes.
 * - Lists and deletes act only on the caller's own records; deleting a record never touches the file.
 */
import {
  SourceType,
  TransferFileType,
  type TransmissionListValue,
  type TransmissionQueryValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Caller } from '../auth/caller.ts';
import { transfersRepository } from './transfers.repository.ts';

/** What a completed upload records. `sizeBytes` in bytes; `sourceType` defaults to 2 (my space). */
export interface CompletedUpload {
  ownerId: string;
  fileName: string;
  sizeBytes: number;
  /** The file created, or the file a version was added to. */
  fileId: string;
  sourceType?: number;
  knowledgeBaseType?: string;
}

/** Transfer-records service. */
export function transfersService(ctx: AppContext) {
  const repo = transfersRepository(ctx.db);
  return {
    /** Record a completed upload (fileType 2). */
    async record(u: CompletedUpload): Promise<void> {
      await repo.insert({
        ownerId: u.ownerId,
        fileName: u.fileName,
        sizeBytes: u.sizeBytes,
        fileType: TransferFileType.complete,
        sourceType: u.sourceType ?? SourceType.personal,
        mainIuid: u.fileId,
        knowledgeBaseType: u.knowledgeBaseType ?? '',
      });
    },
    /** One page of the caller's completed uploads, newest first (000 §7 GetTransmissionData). */
    async list(caller: Caller, q: TransmissionQueryValue): Promise<TransmissionListValue> {
      const { rows, count } = await repo.page(
        caller.user.id,
        TransferFileType.complete,
        (q.page - 1) * q.rows,
        q.rows,
      );
      return {
        count,
        list: rows.map((r) => ({
          iuid: r.id,
          fileName: r.fileName,
          fileSize: r.sizeBytes,
          fileType: r.fileType,
          sourceType: r.sourceType,
          mainIUID: r.mainIuid,
          knowledgeBaseType: r.knowledgeBaseType,
          time: formatDateTime(r.createdAt),
        })),
      };
    },
    /** Delete one of the caller's records (000 §7 DeleteTransmissionDataById). @throws 404 when not theirs. */
    async remove(caller: Caller, id: string): Promise<void> {
      if (!(await repo.removeOwned(caller.user.id, id))) throw new AppError(404, '记录不存在或已被删除');
    },
    /** Delete all the caller's records (000 §7 DeleteAllTransmissionData). @returns how many. */
    async removeAll(caller: Caller): Promise<number> {
      return repo.removeAll(caller.user.id);
    },
  };
}
export type TransfersService = ReturnType<typeof transfersService>;
