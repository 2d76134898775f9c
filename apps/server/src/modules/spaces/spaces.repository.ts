/**
 * SQL for spaces (file areas other than the personal space; schema `spaces`, `project_members`) and
 * the SQL fragment of "spaces a user may view", used by favourites and search across areas.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { projectMembers, spaces } from '../../db/schema/spaces.ts';
import type { LibraryKindValue } from '@bimdrive/contracts';
import { isUuid } from '../../lib/ids.ts';

export type SpaceRow = typeof spaces.$inferSelect;

/** Who asks, as the visibility SQL needs it. */
export interface Viewer {
  userId: string;
  corpId: string | null;
  isCorpAdmin: boolean;
}

/**
 * Ids of every space `v` may view (see contracts/spaces.ts), their personal space included, as an
 * `IN (…)` operand: `sql\`${files.spaceId} in ${visibleSpaceIds(v)}\``.
 */
export function visibleSpaceIds(v: Viewer): SQL {
  const corp = v.corpId ? sql`${v.corpId}::uuid` : sql`null::uuid`;
  return sql`(
    select ${v.userId}::uuid
    union all
    select s.id from spaces s where s.kind in ('StandardInfo', 'component', 'blueprint')
      or (s.kind = 'Company' and s.company_id = ${corp})
      or (s.kind = 'Mine' and s.creator_id = ${v.userId})
      or (s.kind = 'project' and s.company_id = ${corp} and (${v.isCorpAdmin}
          or exists (select 1 from project_members m where m.project_id = s.id and m.user_id = ${v.userId})))
  )`;
}

/** Repository of spaces. */
export function spacesRepository(db: Db) {
  return {
    /**
     * Who is told about a project's or Company base's files (realtime/file-events.ts): the project's
     * members and the company's administrators, or every member of the company.
     * @returns user ids, each once.
     */
    async noticeRecipients(s: Pick<SpaceRow, 'id' | 'kind' | 'companyId'>): Promise<string[]> {
      if (!s.companyId) return [];
      const project = s.kind === 'project';
      const memberIds = project
        ? (
            await db
              .select({ id: projectMembers.userId })
              .from(projectMembers)
              .where(eq(projectMembers.projectId, s.id))
          ).map((r) => r.id)
        : [];
      const company = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.corpId, s.companyId), project ? eq(users.isCorpAdmin, true) : undefined));
      return [...new Set([...memberIds, ...company.map((r) => r.id)])];
    },

    /** A space by id, or undefined (also for malformed ids). */
    async find(id: string): Promise<SpaceRow | undefined> {
      if (!isUuid(id)) return undefined;
      return (await db.select().from(spaces).where(eq(spaces.id, id)).limit(1))[0];
    },

    /** The role of a user in a project, or undefined when not a member. */
    async memberRole(projectId: string, userId: string): Promise<string | undefined> {
      const [r] = await db
        .select({ role: projectMembers.role })
        .from(projectMembers)
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
        .limit(1);
      return r?.role;
    },

    /**
     * The knowledge base or public library of a kind for its scope (`Company`: the company; `Mine`:
     * the user; others: everyone), created on first use (race-free through the unique indexes).
     */
    async library(kind: LibraryKindValue, scope: { companyId?: string; userId?: string }): Promise<SpaceRow> {
      const where =
        kind === 'Company'
          ? and(eq(spaces.kind, kind), eq(spaces.companyId, scope.companyId!))
          : kind === 'Mine'
            ? and(eq(spaces.kind, kind), eq(spaces.creatorId, scope.userId!))
            : eq(spaces.kind, kind);
      const found = (await db.select().from(spaces).where(where).limit(1))[0];
      if (found) return found;
      await db
        .insert(spaces)
        .values({
          kind,
          companyId: kind === 'Company' ? scope.companyId! : null,
          creatorId: kind === 'Mine' ? scope.userId! : null,
        })
        .onConflictDoNothing();
      return (await db.select().from(spaces).where(where).limit(1))[0]!;
    },
  };
}
export type SpacesRepository = ReturnType<typeof spacesRepository>;
