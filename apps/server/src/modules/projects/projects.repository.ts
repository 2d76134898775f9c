/**
 * SQL for projects (spec 001 §2 project group, §3 Project; issue 5): projects are `spaces` rows of
 * kind 'project' with members (`project_members`), collections (`project_collections`) and visits
 * (`project_visits`); member rows are in project-members.repository.ts. The caller's right to a project is decided before (spaces/space-access.ts);
 * the list SQL repeats the visibility rule of `visibleSpaceIds` so one query answers a page.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ProjectRoleValue, ProjectScopeValue } from '@bimdrive/contracts';
import { rowsOf, type Db } from '../../db/client.ts';
import { companies } from '../../db/schema/accounts.ts';
import { files } from '../../db/schema/files.ts';
import { projectCollections, projectMembers, projectVisits, spaces } from '../../db/schema/spaces.ts';
import { escapeLike } from '../files/file-filters.ts';
import { isUuid } from '../../lib/ids.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import type { Viewer } from '../spaces/spaces.repository.ts';
import { quotaRepository } from '../quota/quota.repository.ts';

/** A project row of the lists, before presentation. */
export interface ProjectRowDb {
  id: string;
  name: string;
  creatorName: string;
  /** The caller's member role, or null (a company administrator who is not a member). */
  memberRole: ProjectRoleValue | null;
  memberCount: number;
  fileCount: number;
  usedBytes: number;
  collected: boolean;
  createdAt: Date;
  /** The later of the project's own change and its newest file change. */
  updatedAt: Date;
  visitedAt: Date | null;
}

/** A node of a project's folder tree, before nesting. `path` holds the names from the root down. */
export interface TreeRowDb {
  id: string;
  parentId: string | null;
  kind: number;
  name: string;
  suffix: string;
  derivedKey: string | null;
  path: string;
}

/** Thrown inside transactions when the name is taken in the company (turned into 409 by the service). */
export class ProjectNameTaken extends Error {}

/** A transaction of `Db`. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Lock a project row (serialises deletion and member changes of one project). */
export async function lockProject(tx: Tx, projectId: string): Promise<void> {
  await tx.select({ id: spaces.id }).from(spaces).where(eq(spaces.id, projectId)).for('update');
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** Repository of projects. */
export function projectsRepository(db: Db) {
  /** Lock the company row so name checks and inserts of its projects run one at a time. */
  async function lockCompany(tx: Tx, companyId: string): Promise<void> {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  }

  async function nameTaken(tx: Tx, companyId: string, name: string, exceptId?: string): Promise<boolean> {
    const [r] = await tx
      .select({ id: spaces.id })
      .from(spaces)
      .where(
        and(
          eq(spaces.kind, 'project'),
          eq(spaces.companyId, companyId),
          sql`lower(${spaces.name}) = lower(${name})`,
          exceptId ? sql`${spaces.id} <> ${exceptId}` : undefined,
        ),
      )
      .limit(1);
    return !!r;
  }

  /**
   * The visible-projects filter of a viewer and a scope, on `s` (spaces), `m` (the viewer's
   * membership), `v` (the viewer's visit) and `c` (the viewer's collection).
   */
  function scopeWhere(viewer: Viewer, scope: ProjectScopeValue, keyword?: string, projectId?: string): SQL {
    const parts: SQL[] = [
      sql`s.kind = 'project'`,
      viewer.corpId ? sql`s.company_id = ${viewer.corpId}::uuid` : sql`false`,
      sql`(${viewer.isCorpAdmin} or m.user_id is not null)`,
    ];
    if (scope === 'lately') parts.push(sql`v.visited_at is not null`);
    if (scope === 'myCreated') parts.push(sql`s.creator_id = ${viewer.userId}::uuid`);
    if (scope === 'myParticipateIn')
      parts.push(sql`m.user_id is not null and s.creator_id is distinct from ${viewer.userId}::uuid`);
    if (scope === 'myCollectionProject') parts.push(sql`c.user_id is not null`);
    if (keyword) parts.push(sql`s.name ilike ${`%${escapeLike(keyword)}%`}`);
    if (projectId) parts.push(sql`s.id = ${projectId}::uuid`);
    return sql.join(parts, sql` and `);
  }

  const scopeFrom = (viewer: Viewer) => sql`spaces s
    left join project_members m on m.project_id = s.id and m.user_id = ${viewer.userId}::uuid
    left join project_visits v on v.project_id = s.id and v.user_id = ${viewer.userId}::uuid
    left join project_collections c on c.project_id = s.id and c.user_id = ${viewer.userId}::uuid`;

  const ORDER: Record<ProjectScopeValue, SQL> = {
    lately: sql`visited_at desc, name, id`,
    all: sql`created_at desc, id`,
    myCreated: sql`created_at desc, id`,
    myParticipateIn: sql`created_at desc, id`,
    myCollectionProject: sql`collected_at desc, id`,
  };

  /**
   * One page of projects plus the aggregates of those rows only (members, files, bytes, newest
   * change): the page is cut first, then each of its rows is aggregated once.
   */
  async function page(
    viewer: Viewer,
    opts: { scope: ProjectScopeValue; keyword?: string; projectId?: string; offset: number; limit: number },
  ): Promise<ProjectRowDb[]> {
    const order = ORDER[opts.scope];
    const res = await db.execute(sql`
      with pg as (
        select s.id, s.name, s.creator_id, s.created_at, s.updated_at, m.role as member_role,
          v.visited_at, c.created_at as collected_at, c.user_id is not null as collected
        from ${scopeFrom(viewer)}
        where ${scopeWhere(viewer, opts.scope, opts.keyword, opts.projectId)}
        order by ${order}
        limit ${opts.limit} offset ${opts.offset}
      )
      select pg.id::text as id, pg.name, coalesce(u.name, '') as creator_name, pg.member_role,
        (select count(*)::int from project_members pm where pm.project_id = pg.id) as member_count,
        coalesce(fs.file_count, 0)::int as file_count, coalesce(fs.used_bytes, 0)::float8 as used_bytes,
        pg.collected, pg.created_at, greatest(pg.updated_at, fs.newest) as updated_at, pg.visited_at
      from pg
      left join users u on u.id = pg.creator_id
      left join lateral (
        select count(*) filter (where f.kind = 2) as file_count,
          sum(f.size_bytes) filter (where f.kind = 2) as used_bytes, max(f.updated_at) as newest
        from files f where f.owner_id = pg.id
      ) fs on true
      order by ${order}`);
    return rowsOf<{
      id: string;
      name: string;
      creator_name: string;
      member_role: ProjectRoleValue | null;
      member_count: number;
      file_count: number;
      used_bytes: number;
      collected: boolean;
      created_at: unknown;
      updated_at: unknown;
      visited_at: unknown;
    }>(res).map((r) => ({
      id: r.id,
      name: r.name,
      creatorName: r.creator_name,
      memberRole: r.member_role,
      memberCount: Number(r.member_count),
      fileCount: Number(r.file_count),
      usedBytes: Number(r.used_bytes),
      collected: !!r.collected,
      createdAt: toDate(r.created_at),
      updatedAt: toDate(r.updated_at),
      visitedAt: r.visited_at == null ? null : toDate(r.visited_at),
    }));
  }

  return {
    page,

    /** How many projects a scope holds for the viewer (same filter as `page`). */
    async count(viewer: Viewer, scope: ProjectScopeValue, keyword?: string): Promise<number> {
      const res = await db.execute(
        sql`select count(*)::int as n from ${scopeFrom(viewer)} where ${scopeWhere(viewer, scope, keyword)}`,
      );
      return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
    },

    /** One project as the viewer sees it in the lists, or undefined when not visible. */
    async row(viewer: Viewer, projectId: string): Promise<ProjectRowDb | undefined> {
      if (!isUuid(projectId)) return undefined;
      return (await page(viewer, { scope: 'all', projectId, offset: 0, limit: 1 }))[0];
    },

    /** Every project the viewer may view as {id, name}, most recently visited first, then by name. */
    async briefs(viewer: Viewer): Promise<Array<{ id: string; name: string }>> {
      const res = await db.execute(sql`
        select s.id::text as id, s.name from ${scopeFrom(viewer)}
        where ${scopeWhere(viewer, 'all')}
        order by v.visited_at desc nulls last, s.name, s.id`);
      return rowsOf<{ id: string; name: string }>(res);
    },

    /**
     * Create a project of a company with its creator as manager, in one transaction.
     * @throws ProjectNameTaken when the company has a project of that name (any case).
     */
    async create(companyId: string, creatorId: string, name: string): Promise<string> {
      return db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        if (await nameTaken(tx, companyId, name)) throw new ProjectNameTaken();
        const [s] = await tx
          .insert(spaces)
          .values({ kind: 'project', name, companyId, creatorId })
          .returning({ id: spaces.id });
        await tx.insert(projectMembers).values({ projectId: s!.id, userId: creatorId, role: 'manager' });
        return s!.id;
      });
    },

    /** Rename a project. @throws ProjectNameTaken. */
    async rename(projectId: string, companyId: string, name: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        if (await nameTaken(tx, companyId, name, projectId)) throw new ProjectNameTaken();
        await tx.update(spaces).set({ name, updatedAt: new Date() }).where(eq(spaces.id, projectId));
      });
    },

    /**
     * Delete a project: every file row of it, the company's quota for their bytes (current sizes and
     * the other versions), then the space (members, collections and visits cascade).
     * @returns the deleted file rows, whose stored bytes the caller removes after the commit.
     */
    async remove(projectId: string, companyId: string): Promise<FileRowDb[]> {
      return db.transaction(async (tx) => {
        await lockProject(tx, projectId);
        const { deleted } = await quotaRepository(tx).deleteFreeing(
          { kind: 'company', id: companyId },
          eq(files.spaceId, projectId),
          () => tx.delete(files).where(eq(files.spaceId, projectId)).returning(),
        );
        await tx.delete(spaces).where(and(eq(spaces.id, projectId), eq(spaces.kind, 'project')));
        return deleted;
      });
    },

    /** Record that a user opened a project now (upsert). */
    async visit(projectId: string, userId: string): Promise<void> {
      await db
        .insert(projectVisits)
        .values({ projectId, userId, visitedAt: new Date() })
        .onConflictDoUpdate({
          target: [projectVisits.userId, projectVisits.projectId],
          set: { visitedAt: sql`now()` },
        });
    },

    /** Collect a project (idempotent). */
    async collect(projectId: string, userId: string): Promise<void> {
      await db.insert(projectCollections).values({ projectId, userId }).onConflictDoNothing();
    },

    /** Drop a collection (idempotent). */
    async uncollect(projectId: string, userId: string): Promise<void> {
      await db
        .delete(projectCollections)
        .where(and(eq(projectCollections.projectId, projectId), eq(projectCollections.userId, userId)));
    },

    /**
     * The folder tree of a space below `parentId` (null = root) in one recursive query: every row
     * with its '/'-joined path of names from `parentId` down (`depth` 1 = direct children only).
     */
    async tree(
      spaceId: string,
      parentId: string | null,
      opts: { depth?: number } = {},
    ): Promise<TreeRowDb[]> {
      const start = parentId ? sql`parent_id = ${parentId}::uuid` : sql`parent_id is null`;
      const deeper = opts.depth ? sql`and t.depth < ${opts.depth}` : sql``;
      const res = await db.execute(sql`
        with recursive t as (
          select id, parent_id, kind, name, suffix, derived_key, name::text as path, 1 as depth
          from files where owner_id = ${spaceId}::uuid and ${start}
          union all
          select f.id, f.parent_id, f.kind, f.name, f.suffix, f.derived_key, t.path || '/' || f.name, t.depth + 1
          from files f join t on f.parent_id = t.id
          where f.owner_id = ${spaceId}::uuid and t.kind = 1 ${deeper}
        ) select id::text as id, parent_id::text as parent_id, kind, name, suffix, derived_key, path from t`);
      return rowsOf<{
        id: string;
        parent_id: string | null;
        kind: number;
        name: string;
        suffix: string;
        derived_key: string | null;
        path: string;
      }>(res).map((r) => ({
        id: r.id,
        parentId: r.parent_id,
        kind: Number(r.kind),
        name: r.name,
        suffix: r.suffix,
        derivedKey: r.derived_key,
        path: r.path,
      }));
    },
  };
}
export type ProjectsRepository = ReturnType<typeof projectsRepository>;
