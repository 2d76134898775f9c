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
import { ok, okNull, tabIdOf } from '../../lib/http.ts';
import { callerOf } from '../auth/route-auth.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Register the personal-file routes. */
export function filesRoutes(s: Pick<Services, 'files' | 'versions'>): FastifyPluginAsyncZod {
  const { files, versions } = s;
  const tags = ['files'];
  return async (app) => {
    const route = callerRoutes(app, tags);
    route.get(Api.myDocumentList, ListQuery, ListData, (caller, q) => files.list(caller, q));

    route.post(
      Api.folderAdd,
      FolderAddBody,
      FileRow,
      (caller, body) => files.addFolder(caller, body.parentIUID, body.fileName, body.spaceId),
      '添加成功',
    );

    route.post(
      Api.rename,
      RenameBody,
      FileRow,
      (caller, body) => files.rename(caller, body.IUID, body.fileName),
      '编辑成功',
    );

    app.post(Api.delete, { schema: { tags, body: IuidBody, response: okNull } }, async (req) => {
      const caller = callerOf(req);
      await files.remove(caller, req.body.IUID, tabIdOf(req)); // -120 while a model is open (001 §8)
      return ok(null, '删除成功');
    });

    route.get(Api.fileInfo, IuidQuery, FileRow, (caller, q) => files.info(caller, q.IUID));

    // With `version=`, that version's original (issue 5 versions).
    route.get(Api.ossFile, VersionedIuidQuery, z.string(), (caller, q) =>
      q.version !== undefined
        ? versions.downloadUrl(caller, q.IUID, q.version)
        : files.downloadUrl(caller, q.IUID),
    );

    // With `version=`, that version's own derived model (issue 5 versions).
    route.get(Api.preview, VersionedIuidQuery, PreviewInfo, (caller, q) =>
      q.version !== undefined ? versions.preview(caller, q.IUID, q.version) : files.preview(caller, q.IUID),
    );
  };
}
