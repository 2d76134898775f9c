/**
 * Routes of the four list-add confirmations (spec 001 §7; `Api.projectFileListAdd`,
 * `drawingFileListAdd`, `knowledgeBaseListAdd`, `publicLibraryFileListAdd`): body `ListAddBody`,
 * answer `FileRow[]`. Authenticated; the rules are in list-add.service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Api, FileRow, ListAddBody } from '@bimdrive/contracts';
import { ok, okSchema } from '../../lib/http.ts';
import { type ListAddTarget } from './list-add.service.ts';
import { callerOf } from '../auth/route-auth.ts';
import type { Services } from '../../services.ts';

const tags = ['files'];

/** Register the list-add routes. */
export function listAddRoutes(s: Pick<Services, 'listAdd'>): FastifyPluginAsyncZod {
  const { listAdd: service } = s;
  const targets: Array<[string, ListAddTarget]> = [
    [Api.projectFileListAdd, 'project'],
    [Api.drawingFileListAdd, 'personal'],
    [Api.knowledgeBaseListAdd, 'knowledgeBase'],
    [Api.publicLibraryFileListAdd, 'publicLibrary'],
  ];
  return async (app) => {
    for (const [path, target] of targets) {
      app.post(
        path,
        { schema: { tags, body: ListAddBody, response: okSchema(z.array(FileRow)) } },
        async (req) => {
          const caller = callerOf(req);
          return ok(
            await service.confirm(
              caller,
              target,
              req.body.list.map((e) => e.IUID),
            ),
          );
        },
      );
    }
  };
}
