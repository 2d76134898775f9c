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
import { ok, okNull, okSchema } from '../../lib/http.ts';
import { callerOf } from '../auth/route-auth.ts';
import type { Services } from '../../services.ts';

const tags = ['projects'];

/** Register the project routes. */
export function projectsRoutes(s: Pick<Services, 'projects'>): FastifyPluginAsyncZod {
  const { projects } = s;
  return async (app) => {
    // GetProject is sent as a form (001 §7); scoped to this plugin.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get(
      Api.projectList,
      { schema: { tags, querystring: ProjectListQuery, response: okSchema(ProjectList) } },
      async (req) => ok(await projects.list(callerOf(req), req.query)),
    );

    app.post(
      Api.projectCreate,
      { schema: { tags, body: ProjectCreateBody, response: okSchema(ProjectRow) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(await projects.create(caller, req.body.projectName), '创建成功');
      },
    );

    app.post(
      Api.projectRename,
      { schema: { tags, body: ProjectRenameBody, response: okSchema(ProjectRow) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(await projects.rename(caller, req.body.iuid, req.body.projectName), '修改成功');
      },
    );

    app.post(
      Api.projectDelete,
      { schema: { tags, body: ProjectIuidBody, response: okNull } },
      async (req) => {
        await projects.remove(callerOf(req), req.body.iuid);
        return ok(null, '删除成功');
      },
    );

    app.get(
      Api.projectInfo,
      { schema: { tags, querystring: ProjectIuidQuery, response: okSchema(ProjectRow) } },
      async (req) => ok(await projects.info(callerOf(req), req.query.iuid)),
    );

    for (const [path, on] of [
      [Api.projectCollect, true],
      [Api.projectUncollect, false],
    ] as const) {
      app.post(path, { schema: { tags, body: ProjectIuidBody, response: okNull } }, async (req) => {
        await projects.collect(callerOf(req), req.body.iuid, on);
        return ok(null, on ? '收藏成功' : '已取消收藏');
      });
    }

    app.get(
      Api.projectMembers,
      { schema: { tags, querystring: ProjectIuidQuery, response: okSchema(z.array(ProjectMember)) } },
      async (req) => ok(await projects.members(callerOf(req), req.query.iuid)),
    );

    app.post(
      Api.projectMemberSet,
      { schema: { tags, body: ProjectMemberSetBody, response: okSchema(z.array(ProjectMember)) } },
      async (req) => {
        const caller = callerOf(req);
        const { iuid, userId, role } = req.body;
        return ok(await projects.setMember(caller, iuid, userId, role), '设置成功');
      },
    );

    app.post(
      Api.projectMemberRemove,
      { schema: { tags, body: ProjectMemberRemoveBody, response: okSchema(z.array(ProjectMember)) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(await projects.removeMember(caller, req.body.iuid, req.body.userId), '已移除');
      },
    );

    app.post(
      Api.getProject,
      { schema: { tags, body: GetProjectBody.nullish(), response: okSchema(z.array(ProjectBrief)) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(await projects.briefs(caller, (req.body ?? GetProjectBody.parse({})).type));
      },
    );

    app.post(
      Api.projectFileTree,
      { schema: { tags, querystring: ProjectFileTreeQuery, response: okSchema(z.array(ProjectTreeNode)) } },
      async (req) => ok(await projects.tree(callerOf(req), req.query)),
    );
  };
}
