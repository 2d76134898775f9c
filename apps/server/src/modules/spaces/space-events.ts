/**
 * Real-time notices about a space's files (000 §7 events; issue 5 status events): sent to whoever may
 * view the space, under the event name its tables listen to.
 * - personal space, projects → `projectFileStatusInfo` (HubEvents.fileStatus)
 * - knowledge bases (StandardInfo, Company, Mine) → `KnowledgeBaseStatusInfo`
 * - public drawing library → `DrawingFileStatusInfo`; public component library → `publiclibraryStatusInfo`
 * Recipients: the owner (personal, Mine), the project's members and the company's administrators, the
 * company (Company base), every signed-in user (StandardInfo and the public libraries).
 */
import { and, eq } from 'drizzle-orm';
import { HubEvents } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { projectMembers, spaces, users } from '../../db/schema.ts';

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
    const [s] = await ctx.db.select().from(spaces).where(eq(spaces.id, spaceId)).limit(1);
    const name = event === 'status' ? statusEventOf(s?.kind) : event;
    if (!s) return ctx.hub.toUser(spaceId, name, payload);
    if (s.kind === 'Mine' && s.creatorId) return ctx.hub.toUser(s.creatorId, name, payload);
    if (s.kind === 'project' || s.kind === 'Company') {
      if (!s.companyId) return;
      const memberIds =
        s.kind === 'project'
          ? (
              await ctx.db
                .select({ id: projectMembers.userId })
                .from(projectMembers)
                .where(eq(projectMembers.projectId, s.id))
            ).map((r) => r.id)
          : [];
      const others = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.corpId, s.companyId), s.kind === 'project' ? eq(users.isCorpAdmin, true) : undefined),
        );
      return ctx.hub.toUsers([...new Set([...memberIds, ...others.map((r) => r.id)])], name, payload);
    }
    ctx.hub.toSignedIn(name, payload);
  } catch (err) {
    ctx.log.error({ err, spaceId }, 'space notice not sent');
  }
}
