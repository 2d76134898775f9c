/**
 * SQL for project members (spec 001 §3 Project; issue 5): `project_members` rows with roles
 * manager | editor | viewer. A project always keeps one manager: changes that would demote or remove
 * the last one throw LastManager; each change locks the project row first (projects.repository.ts
 * `lockProject`), so two concurrent changes cannot both pass that check.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ProjectRoleValue } from '@bimdrive/contracts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { projectMembers, spaces } from '../../db/schema/spaces.ts';
import { isUuid } from '../../lib/ids.ts';
import { lockProject } from './projects.repository.ts';

/** A member row before presentation. */
export interface ProjectMemberDb {
  userId: string;
  userName: string;
  phone: string;
  role: ProjectRoleValue;
  isCreator: boolean;
  createdAt: Date;
}

/** Thrown when a change would leave a project without a manager (400 by the service). */
export class LastManager extends Error {}

/** Repository of project members. */
export function projectMembersRepository(db: Db) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

  /** How many managers a project has (inside a transaction that locked the project). */
  async function managerCount(tx: Tx, projectId: string): Promise<number> {
    const [r] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.role, 'manager')));
    return Number(r?.n ?? 0);
  }

  return {
    /** Members of a project: managers, editors, viewers, each by join time. */
    async members(projectId: string): Promise<ProjectMemberDb[]> {
      const rows = await db
        .select({
          userId: projectMembers.userId,
          userName: users.name,
          phone: users.phone,
          role: projectMembers.role,
          creatorId: spaces.creatorId,
          createdAt: projectMembers.createdAt,
        })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .innerJoin(spaces, eq(spaces.id, projectMembers.projectId))
        .where(eq(projectMembers.projectId, projectId))
        .orderBy(
          sql`case ${projectMembers.role} when 'manager' then 0 when 'editor' then 1 else 2 end`,
          asc(projectMembers.createdAt),
          asc(users.name),
        );
      return rows.map((r) => ({
        userId: r.userId,
        userName: r.userName,
        phone: r.phone,
        role: r.role as ProjectRoleValue,
        isCreator: r.creatorId === r.userId,
        createdAt: r.createdAt,
      }));
    },

    /** A user's company, or undefined when the user does not exist. */
    async companyOf(userId: string): Promise<{ corpId: string | null } | undefined> {
      if (!isUuid(userId)) return undefined;
      const [u] = await db.select({ corpId: users.corpId }).from(users).where(eq(users.id, userId)).limit(1);
      return u;
    },

    /**
     * Add a member or change their role. @throws LastManager when it would demote the last manager.
     */
    async setMember(projectId: string, userId: string, role: ProjectRoleValue): Promise<void> {
      await db.transaction(async (tx) => {
        await lockProject(tx, projectId);
        const [cur] = await tx
          .select({ role: projectMembers.role })
          .from(projectMembers)
          .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
        if (cur?.role === 'manager' && role !== 'manager' && (await managerCount(tx, projectId)) <= 1)
          throw new LastManager();
        await tx
          .insert(projectMembers)
          .values({ projectId, userId, role })
          .onConflictDoUpdate({ target: [projectMembers.projectId, projectMembers.userId], set: { role } });
      });
    },

    /**
     * Remove a member. @returns false when they were not a member. @throws LastManager for the last
     * manager.
     */
    async removeMember(projectId: string, userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockProject(tx, projectId);
        const [cur] = await tx
          .select({ role: projectMembers.role })
          .from(projectMembers)
          .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
        if (!cur) return false;
        if (cur.role === 'manager' && (await managerCount(tx, projectId)) <= 1) throw new LastManager();
        await tx
          .delete(projectMembers)
          .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
        return true;
      });
    },
  };
}
