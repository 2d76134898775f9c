/**
 * Routes of the four list-add confirmations (spec 001 §7; `Api.projectFileListAdd`,
 * `drawingFileListAdd`, `knowledgeBaseListAdd`, `publicLibraryFileListAdd`): body `ListAddBody`,
 * answer `FileRow[]`. Authenticated; the rules are in list-add.service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Api, FileRow, ListAddBody } from '@bimdrive/contracts';
import { type ListAddTarget } from './list-add.service.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
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
    const route = callerRoutes(app, tags);
    for (const [path, target] of targets) {
      route.post(path, ListAddBody, z.array(FileRow), (caller, body) =>
        service.confirm(
          caller,
          target,
          body.list.map((e) => e.IUID),
        ),
      );
    }
  };
}
