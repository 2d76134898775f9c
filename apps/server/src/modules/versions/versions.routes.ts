/**
 * Routes of file versions (issue 5; 001 §7 `FileVersionAdd` names the group `/api/ProjectFile/…`).
 * Uploading a version is tus creation at `FileVersionAdd` (uploads.routes.ts); here the list, making a
 * version current and deleting one. Downloads and previews of a version are `GetossFile` and
 * `GetPreviewInfo` with `version=` (files.routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, FileVersionBody, FileVersionList, LowerIuidQuery } from '@bimdrive/contracts';
import { ok, okSchema, tabIdOf } from '../../lib/http.ts';
import { callerOf } from '../auth/route-auth.ts';
import type { Services } from '../../services.ts';

/** Register the version routes. */
export function versionsRoutes(s: Pick<Services, 'versions'>): FastifyPluginAsyncZod {
  const { versions } = s;
  const tags = ['versions'];
  return async (app) => {
    app.get(
      Api.versionList,
      { schema: { tags, querystring: LowerIuidQuery, response: okSchema(FileVersionList) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(await versions.list(caller, req.query.iuid));
      },
    );

    app.post(
      Api.versionSetCurrent,
      { schema: { tags, body: FileVersionBody, response: okSchema(FileVersionList) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(
          // -120 while the current version is open in a viewer (001 §8)
          await versions.setCurrent(caller, req.body.IUID, req.body.version, tabIdOf(req)),
          '操作成功',
        );
      },
    );

    app.post(
      Api.versionDelete,
      { schema: { tags, body: FileVersionBody, response: okSchema(FileVersionList) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(await versions.remove(caller, req.body.IUID, req.body.version), '删除成功');
      },
    );
  };
}
