/**
 * Routes of projects (spec 001 §2 project group, §7 GetProject / GetProjectFileTree; issue 5):
 * list (five scopes), create, rename, delete, info (records the visit), collect, members, and the
 * project tree calls of the model viewer. Every route authenticates first; the service asks the space
 * policy. Shapes: contracts/projects.ts; paths: `Api.project*`, `Api.getProject`, `Api.projectFileTree`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Api,
  GetProjectBody,
  ProjectBrief,
  ProjectCreateBody,
  ProjectFileTreeQuery,
  ProjectIuidBody,
  ProjectIuidQuery,
  ProjectList,
  ProjectListQuery,
  ProjectMember,
  ProjectMemberRemoveBody,
  ProjectMemberSetBody,
  ProjectRenameBody,
  ProjectRow,
  ProjectTreeNode,
} from '@bimdrive/contracts';
import { acceptFormBodies, ok, okSchema } from '../../lib/http.ts';
import { callerOf } from '../auth/route-auth.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

const tags = ['projects'];

/** Register the project routes. */
export function projectsRoutes(s: Pick<Services, 'projects'>): FastifyPluginAsyncZod {
  const { projects } = s;
  return async (app) => {
    const route = callerRoutes(app, tags);
    // GetProject is sent as a form (001 §7).
    acceptFormBodies(app);

    route.get(Api.projectList, ProjectListQuery, ProjectList, (caller, q) => projects.list(caller, q));

    route.post(
      Api.projectCreate,
      ProjectCreateBody,
      ProjectRow,
      (caller, body) => projects.create(caller, body.projectName),
      '创建成功',
    );

    route.post(
      Api.projectRename,
      ProjectRenameBody,
      ProjectRow,
      (caller, body) => projects.rename(caller, body.iuid, body.projectName),
      '修改成功',
    );

    route.act(Api.projectDelete, ProjectIuidBody, '删除成功', (caller, body) =>
      projects.remove(caller, body.iuid),
    );

    route.get(Api.projectInfo, ProjectIuidQuery, ProjectRow, (caller, q) => projects.info(caller, q.iuid));

    for (const [path, on] of [
      [Api.projectCollect, true],
      [Api.projectUncollect, false],
    ] as const) {
      route.act(path, ProjectIuidBody, on ? '收藏成功' : '已取消收藏', (caller, body) =>
        projects.collect(caller, body.iuid, on),
      );
    }

    route.get(Api.projectMembers, ProjectIuidQuery, z.array(ProjectMember), (caller, q) =>
      projects.members(caller, q.iuid),
    );

    route.post(
      Api.projectMemberSet,
      ProjectMemberSetBody,
      z.array(ProjectMember),
      (caller, { iuid, userId, role }) => projects.setMember(caller, iuid, userId, role),
      '设置成功',
    );

    route.post(
      Api.projectMemberRemove,
      ProjectMemberRemoveBody,
      z.array(ProjectMember),
      (caller, body) => projects.removeMember(caller, body.iuid, body.userId),
      '已移除',
    );

    route.post(Api.getProject, GetProjectBody.nullish(), z.array(ProjectBrief), (caller, body) =>
      projects.briefs(caller, (body ?? GetProjectBody.parse({})).type),
    );

    app.post(
      Api.projectFileTree,
      { schema: { tags, querystring: ProjectFileTreeQuery, response: okSchema(z.array(ProjectTreeNode)) } },
      async (req) => ok(await projects.tree(callerOf(req), req.query)),
    );
  };
}
