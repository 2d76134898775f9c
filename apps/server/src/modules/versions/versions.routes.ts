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
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Register the version routes. */
export function versionsRoutes(s: Pick<Services, 'versions'>): FastifyPluginAsyncZod {
  const { versions } = s;
  const tags = ['versions'];
  return async (app) => {
    const route = callerRoutes(app, tags);
    route.get(Api.versionList, LowerIuidQuery, FileVersionList, (caller, q) => versions.list(caller, q.iuid));

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

    route.post(
      Api.versionDelete,
      FileVersionBody,
      FileVersionList,
      (caller, body) => versions.remove(caller, body.IUID, body.version),
      '删除成功',
    );
  };
}
