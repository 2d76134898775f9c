/** The `FileVersionInfo` hub notice (000 §7; issue 5 versions). */
import { HubEvents, type FileVersionEventValue } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import { emitToSpace } from '../spaces/space-events.ts';

/**
 * Push `FileVersionInfo` to everyone who may view the file's space: version `version` was added, made current, deleted, or
 * its conversion status changed. A small "this changed" notice; clients refetch the version list.
 */
export function emitVersion(
  ctx: AppContext,
  file: Pick<FileRowDb, 'id' | 'spaceId' | 'parentId' | 'versionNo'>,
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
  void emitToSpace(ctx, file.spaceId, HubEvents.fileVersion, payload);
}
