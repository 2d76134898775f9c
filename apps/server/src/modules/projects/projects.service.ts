/**
 * Projects of a company (spec 001 §2 project group, §3 Project and Project file tree node, §7
 * GetProject / GetProjectFileTree; issue 5 "Projects and company space").
 *
 * A project is a space of kind 'project' (contracts/spaces.ts): its company is the creator's, its
 * members have a role (manager | editor | viewer) and a company administrator acts as manager in every
 * project of the company. Every call asks the space policy (spaces/space-access.ts) first: a project
 * the caller may not view answers 404 like a missing one (other companies, non-members), an action
 * their role does not allow answers 403 `NO_RIGHT_MESSAGE`. The policy reads `project_members` on each
 * request, so removing a member cuts their access at once.
 */
import {
  type ProjectBriefValue,
  type ProjectListQueryValue,
  type ProjectListValue,
  type ProjectMemberValue,
  type ProjectRoleValue,
  type ProjectRowValue,
  type ProjectTreeNodeValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { fileFolderKey } from '../../storage/local-storage.ts';
import type { Caller } from '../auth/caller.ts';
import { PERSONAL_EDITION_MSG } from '../service-state/service-state.service.ts';
import { isUuid } from '../../lib/ids.ts';
import { filesRepository } from '../files/files.repository.ts';
import {
  viewerOf,
  type SpaceAccess,
  type SpaceAction,
  type SpaceAccessService,
} from '../spaces/space-access.ts';
import { LastManager, projectMembersRepository, type ProjectMemberDb } from './project-members.repository.ts';
import {
  ProjectNameTaken,
  projectsRepository,
  type ProjectRowDb,
  type TreeRowDb,
} from './projects.repository.ts';

/** 409 message of a project name already used in the company (any case). */
export const PROJECT_NAME_TAKEN_MSG = '已存在同名项目';
/** 400 message of removing or demoting a project's last manager. */
export const LAST_MANAGER_MSG = '项目至少需要一位管理者';
/** 404 message of a project the caller may not see. */
export const PROJECT_NOT_FOUND_MSG = '项目不存在或您无权访问';
/** The personal space's node in GetProject and its tree's root name (001 §3 "My space"). */
export const MY_SPACE_NAME = '我的空间';

/** Present a list row; a company administrator who is not a member acts as manager. */
export function presentProject(r: ProjectRowDb): ProjectRowValue {
  return {
    iuid: r.id,
    projectName: r.name,
    creatorName: r.creatorName,
    role: r.memberRole ?? 'manager',
    memberCount: r.memberCount,
    fileCount: r.fileCount,
    usedBytes: r.usedBytes,
    collectbit: r.collected,
    createTime: formatDateTime(r.createdAt),
    updateTime: formatDateTime(r.updatedAt),
    visitTime: r.visitedAt ? formatDateTime(r.visitedAt) : '',
  };
}

function presentMember(m: ProjectMemberDb): ProjectMemberValue {
  return { ...m, createTime: formatDateTime(m.createdAt) };
}

const byName = new Intl.Collator('zh-CN', { numeric: true }).compare;

/**
 * Nest tree rows under `rootParent` (folders first, then by name), each node's `filePath` being
 * `prefix/` + its path of names.
 */
export function nestTree(
  rows: TreeRowDb[],
  rootParent: string | null,
  prefix: string,
): ProjectTreeNodeValue[] {
  const children = new Map<string | null, TreeRowDb[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const build = (parent: string | null): ProjectTreeNodeValue[] =>
    (children.get(parent) ?? [])
      .sort((a, b) => a.kind - b.kind || byName(a.name, b.name))
      .map((r) => ({
        iuid: r.id,
        fileName: r.name,
        filePath: `${prefix}/${r.path}`,
        turnPath: r.kind === 2 ? (r.derivedKey ?? '') : '',
        fileType: r.kind,
        fileSuffix: r.suffix,
        children: r.kind === 1 ? build(r.id) : [],
      }));
  return build(rootParent);
}

/** Projects service bound to the app context. */
export function projectsService(ctx: AppContext, deps: { spaces: SpaceAccessService }) {
  const repo = projectsRepository(ctx.db);
  const memberRepo = projectMembersRepository(ctx.db);
  const files = filesRepository(ctx.db);
  const { spaces } = deps;

  /**
   * The caller's access to a project when it allows `action`.
   * @throws 404 when it is no project the caller may view (also other spaces' ids), 403 otherwise.
   */
  async function requireProject(caller: Caller, id: string, action: SpaceAction): Promise<SpaceAccess> {
    const a = isUuid(id) && id !== caller.user.id ? await spaces.resolve(caller, id) : null;
    if (!a || a.kind !== 'project') throw notFound(PROJECT_NOT_FOUND_MSG);
    spaces.check(a, action);
    return a;
  }

  /** The project row as the caller sees it. @throws 404. */
  async function rowOf(caller: Caller, id: string): Promise<ProjectRowValue> {
    const r = await repo.row(viewerOf(ctx, caller), id);
    if (!r) throw notFound(PROJECT_NOT_FOUND_MSG);
    return presentProject(r);
  }

  return {
    requireProject,

    /** One page of a scope (contracts/projects.ts), with its total count. */
    async list(caller: Caller, q: ProjectListQueryValue): Promise<ProjectListValue> {
      const viewer = viewerOf(ctx, caller);
      if (!viewer.corpId) return { list: [], count: 0 };
      await spaces.requireCompanyInUse(viewer.corpId); // a disabled company's projects: 403
      const keyword = q.keyword?.trim() || undefined;
      const [rows, count] = await Promise.all([
        repo.page(viewer, { scope: q.scope, keyword, offset: (q.page - 1) * q.rows, limit: q.rows }),
        repo.count(viewer, q.scope, keyword),
      ]);
      return { list: rows.map(presentProject), count };
    },

    /**
     * Create a project in the caller's company; the creator becomes its manager.
     * @throws 403 personal edition or no company, 409 `PROJECT_NAME_TAKEN_MSG`.
     */
    async create(caller: Caller, name: string): Promise<ProjectRowValue> {
      if (ctx.config.systemIsPersonal) throw forbidden(PERSONAL_EDITION_MSG);
      const companyId = caller.user.corpId;
      if (!companyId) throw forbidden('您还没有加入企业，不能创建项目');
      let id: string;
      try {
        id = await repo.create(companyId, caller.user.id, name);
      } catch (err) {
        if (err instanceof ProjectNameTaken) throw conflict(PROJECT_NAME_TAKEN_MSG);
        throw err;
      }
      return rowOf(caller, id);
    },

    /** Rename a project (manager). @throws 404, 403, 409. */
    async rename(caller: Caller, id: string, name: string): Promise<ProjectRowValue> {
      const a = await requireProject(caller, id, 'manage');
      try {
        await repo.rename(a.id, a.companyId!, name);
      } catch (err) {
        if (err instanceof ProjectNameTaken) throw conflict(PROJECT_NAME_TAKEN_MSG);
        throw err;
      }
      return rowOf(caller, a.id);
    },

    /**
     * Delete a project (manager; the web asks for confirmation): its files and their stored bytes,
     * the company quota they used, its members, collections and visits. @throws 404, 403.
     */
    async remove(caller: Caller, id: string): Promise<void> {
      const a = await requireProject(caller, id, 'manage');
      const deleted = await repo.remove(a.id, a.companyId!);
      for (const f of deleted) {
        if (f.kind === 2)
          await ctx.storage.deletePrefix(fileFolderKey(f.spaceId, f.id)).catch(() => undefined);
      }
    },

    /** A project's row; records the visit (最近浏览). @throws 404. */
    async info(caller: Caller, id: string): Promise<ProjectRowValue> {
      const a = await requireProject(caller, id, 'view');
      await repo.visit(a.id, caller.user.id);
      return rowOf(caller, a.id);
    },

    /** Collect or uncollect a project. @throws 404. */
    async collect(caller: Caller, id: string, on: boolean): Promise<void> {
      const a = await requireProject(caller, id, 'view');
      if (on) await repo.collect(a.id, caller.user.id);
      else await repo.uncollect(a.id, caller.user.id);
    },

    /** The members of a project (any member may see them). @throws 404. */
    async members(caller: Caller, id: string): Promise<ProjectMemberValue[]> {
      const a = await requireProject(caller, id, 'view');
      return (await memberRepo.members(a.id)).map(presentMember);
    },

    /**
     * Add a person of the project's company as a member, or change a member's role (manager).
     * @throws 404 project or a user outside the company, 403 not manager, 400 last manager.
     */
    async setMember(
      caller: Caller,
      id: string,
      userId: string,
      role: ProjectRoleValue,
    ): Promise<ProjectMemberValue[]> {
      const a = await requireProject(caller, id, 'manage');
      const target = await memberRepo.companyOf(userId);
      if (!target || target.corpId !== a.companyId) throw notFound('该用户不存在或不是本企业成员');
      try {
        await memberRepo.setMember(a.id, userId, role);
      } catch (err) {
        if (err instanceof LastManager) throw badRequest(LAST_MANAGER_MSG);
        throw err;
      }
      return (await memberRepo.members(a.id)).map(presentMember);
    },

    /** Remove a member (manager). @throws 404 project or not a member, 403, 400 last manager. */
    async removeMember(caller: Caller, id: string, userId: string): Promise<ProjectMemberValue[]> {
      const a = await requireProject(caller, id, 'manage');
      let removed: boolean;
      try {
        removed = isUuid(userId) && (await memberRepo.removeMember(a.id, userId));
      } catch (err) {
        if (err instanceof LastManager) throw badRequest(LAST_MANAGER_MSG);
        throw err;
      }
      if (!removed) throw notFound('该成员不在项目中');
      return (await memberRepo.members(a.id)).map(presentMember);
    },

    /**
     * GetProject (001 §7): type '1' the projects the caller may view, most recently visited first then
     * by name; type '2' the personal space as one node named `MY_SPACE_NAME` (its iuid the user's id).
     */
    async briefs(caller: Caller, type: '1' | '2'): Promise<ProjectBriefValue[]> {
      if (type === '2') return [{ iuid: caller.user.id, projectName: MY_SPACE_NAME }];
      const viewer = viewerOf(ctx, caller);
      if (!viewer.corpId) return [];
      return (await repo.briefs(viewer)).map((p) => ({ iuid: p.id, projectName: p.name }));
    },

    /**
     * GetProjectFileTree (001 §7, §3 Project file tree node): the folder tree of a project (type '1',
     * view right) or of the caller's personal space (type '2'); with `folderId` only that folder's
     * direct children (lazy loading). `filePath` is the display path from the space's name.
     * @throws 404 project not visible, or a folder not of that space.
     */
    async tree(
      caller: Caller,
      q: { type: '1' | '2'; iuid: string; folderId: string },
    ): Promise<ProjectTreeNodeValue[]> {
      const a = q.type === '2' ? spaces.personal(caller) : await requireProject(caller, q.iuid, 'view');
      const root = a.kind === 'personal' ? MY_SPACE_NAME : a.name;
      if (!q.folderId) return nestTree(await repo.tree(a.id, null), null, root);
      const chain = isUuid(q.folderId) ? await files.ancestors(a.id, q.folderId, { foldersOnly: true }) : [];
      if (chain.at(-1)?.id !== q.folderId) throw notFound('文件夹不存在或已被删除');
      const prefix = [root, ...chain.map((c) => c.name)].join('/');
      return nestTree(await repo.tree(a.id, q.folderId, { depth: 1 }), q.folderId, prefix);
    },
  };
}
export type ProjectsService = ReturnType<typeof projectsService>;
