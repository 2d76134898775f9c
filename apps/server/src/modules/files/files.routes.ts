/** Routes of 我的文件 (spec 001 §2–§5, §7; paths the spec leaves open designed in its style). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Api,
  FileRow,
  FolderAddBody,
  IuidBody,
  IuidQuery,
  ListData,
  ListQuery,
  PreviewInfo,
  RenameBody,
  VersionedIuidQuery,
} from '@bimdrive/contracts';
import { ok, okNull, okSchema, tabIdOf } from '../../lib/http.ts';
import { callerOf } from '../auth/route-auth.ts';
import type { Services } from '../../services.ts';

/** Register the personal-file routes. */
export function filesRoutes(s: Pick<Services, 'files' | 'versions'>): FastifyPluginAsyncZod {
  const { files, versions } = s;
  const tags = ['files'];
  return async (app) => {
    app.get(
      Api.myDocumentList,
      { schema: { tags, querystring: ListQuery, response: okSchema(ListData) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(await files.list(caller, req.query));
      },
    );

    app.post(
      Api.folderAdd,
      { schema: { tags, body: FolderAddBody, response: okSchema(FileRow) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(
          await files.addFolder(caller, req.body.parentIUID, req.body.fileName, req.body.spaceId),
          '添加成功',
        );
      },
    );

    app.post(Api.rename, { schema: { tags, body: RenameBody, response: okSchema(FileRow) } }, async (req) => {
      const caller = callerOf(req);
      return ok(await files.rename(caller, req.body.IUID, req.body.fileName), '编辑成功');
    });

    app.post(Api.delete, { schema: { tags, body: IuidBody, response: okNull } }, async (req) => {
      const caller = callerOf(req);
      await files.remove(caller, req.body.IUID, tabIdOf(req)); // -120 while a model is open (001 §8)
      return ok(null, '删除成功');
    });

    app.get(
      Api.fileInfo,
      { schema: { tags, querystring: IuidQuery, response: okSchema(FileRow) } },
      async (req) => {
        const caller = callerOf(req);
        return ok(await files.info(caller, req.query.IUID));
      },
    );

    app.get(
      Api.ossFile,
      { schema: { tags, querystring: VersionedIuidQuery, response: okSchema(z.string()) } },
      async (req) => {
        const caller = callerOf(req);
        // With `version=`, that version's original (issue 5 versions).
        if (req.query.version !== undefined)
          return ok(await versions.downloadUrl(caller, req.query.IUID, req.query.version));
        return ok(await files.downloadUrl(caller, req.query.IUID));
      },
    );

    app.get(
      Api.preview,
      { schema: { tags, querystring: VersionedIuidQuery, response: okSchema(PreviewInfo) } },
      async (req) => {
        const caller = callerOf(req);
        // With `version=`, that version's own derived model (issue 5 versions).
        if (req.query.version !== undefined)
          return ok(await versions.preview(caller, req.query.IUID, req.query.version));
        return ok(await files.preview(caller, req.query.IUID));
      },
    );
  };
}
