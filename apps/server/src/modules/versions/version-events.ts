/** The `FileVersionInfo` hub notice (000 §7; issue 5 versions). */
import { HubEvents, type FileVersionEventValue } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import type { FileRowDb } from '../files/files.repository.ts';

/**
 * Push `FileVersionInfo` to a file's owner: version `version` was added, made current, deleted, or
 * its conversion status changed. A small "this changed" notice; clients refetch the version list.
 */
export function emitVersion(
  ctx: AppContext,
  file: Pick<FileRowDb, 'id' | 'ownerId' | 'parentId' | 'versionNo'>,
  version: number,
  action: FileVersionEventValue['action'],
): void {
  const payload: FileVersionEventValue = {
    iuid: file.id,
    parentIUID: file.parentId ?? '',
    version,
    currentVersion: file.versionNo,
    action,
  };
  ctx.hub.toUser(file.ownerId, HubEvents.fileVersion, payload);
}
