/**
 * The real-time notices about files, in one place (000 §7 events; issue 5 status and version events;
 * issue 17: every feature calls these, none builds its own). A notice goes to whoever may view the
 * file's space, under the event name that space's tables listen to:
 * - personal space, projects → `projectFileStatusInfo` (HubEvents.fileStatus)
 * - knowledge bases (StandardInfo, Company, Mine) → `KnowledgeBaseStatusInfo`
 * - public drawing library → `DrawingFileStatusInfo`; public component library → `publiclibraryStatusInfo`
 * Recipients: the owner (personal, Mine), the project's members and the company's administrators, the
 * company (Company base), every signed-in user (StandardInfo and the public libraries).
 * Account and company notices (AccountExit, companyApply, paySuccess…) go straight through `ctx.hub`.
 */
import { HubEvents, type FileStatusEventValue, type FileVersionEventValue } from '@bimdrive/contracts';
import type { AppContext } from '../app-context.ts';
import type { FileRowDb } from '../modules/files/files.repository.ts';
import { spacesRepository } from '../modules/spaces/spaces.repository.ts';

/** The status event name of a space kind (undefined kind = personal). */
export function statusEventOf(kind: string | undefined): string {
  switch (kind) {
    case 'StandardInfo':
    case 'Company':
    case 'Mine':
      return HubEvents.knowledgeBaseStatus;
    case 'blueprint':
      return HubEvents.drawingFileStatus;
    case 'component':
      return HubEvents.publicLibraryStatus;
    default:
      return HubEvents.fileStatus;
  }
}

/**
 * Emit `event` (or, when `event` is 'status', the space's status event) about a file of `spaceId` to
 * everyone who may view the space. Never throws: a notice that cannot be sent is logged.
 */
export async function emitToSpace(
  ctx: AppContext,
  spaceId: string,
  event: string | 'status',
  payload: unknown,
): Promise<void> {
  try {
    const repo = spacesRepository(ctx.db);
    const s = await repo.find(spaceId);
    const name = event === 'status' ? statusEventOf(s?.kind) : event;
    if (!s) return ctx.hub.toUser(spaceId, name, payload); // the personal space's id is its owner's
    if (s.kind === 'Mine' && s.creatorId) return ctx.hub.toUser(s.creatorId, name, payload);
    if (s.kind === 'project' || s.kind === 'Company')
      return ctx.hub.toUsers(await repo.noticeRecipients(s), name, payload);
    ctx.hub.toSignedIn(name, payload);
  } catch (err) {
    ctx.log.error({ err, spaceId }, 'space notice not sent');
  }
}

/** Push a file's status to everyone who may view its space, without waiting. */
export function emitStatus(ctx: AppContext, f: FileRowDb): void {
  const payload: FileStatusEventValue = {
    iuid: f.id,
    parentIUID: f.parentId ?? '',
    statusType: f.statusType,
    progress: f.progress,
    statusMsg: f.statusMsg,
  };
  void emitToSpace(ctx, f.spaceId, 'status', payload);
}

/**
 * Push `FileVersionInfo` to everyone who may view the file's space: version `version` was added, made
 * current, deleted, or its conversion status changed. A small "this changed" notice; clients refetch
 * the version list.
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
