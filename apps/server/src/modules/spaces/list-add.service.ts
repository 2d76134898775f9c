/**
 * List-add confirmations (spec 001 §7 ProjectFileListAdd / DrawingFileListAdd / KnowledgeBaseListAdd /
 * publiclibraryFileListAdd; issue 5): after a batch of tus uploads completes, the upload component
 * confirms the created files into their area. Each endpoint accepts only files of its kind of area:
 * every named file must be one the caller uploaded, in a space of that kind the caller may still upload
 * to — otherwise the whole call answers 404 (nothing of other areas leaks). The answer is the files'
 * rows; each file's space gets its status notice so other viewers' tables refresh (realtime/file-events.ts).
 */
import type { FileRowValue, SpaceKindValue } from '@bimdrive/contracts';
import { KNOWLEDGE_BASE_KINDS, PUBLIC_LIBRARY_KINDS } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { presentFile } from '../files/files.presenter.ts';
import { THUMB_KEY_LABEL, thumbSigner } from '../thumbnails/thumb-urls.ts';
import type { FilesService } from '../files/files.service.ts';
import { emitStatus } from '../../realtime/file-events.ts';
import { filesRepository } from '../files/files.repository.ts';
import type { SpaceAccess } from './space-access.ts';

/** Which endpoint confirms which kinds of area. */
export const LIST_ADD_KINDS = {
  project: ['project'],
  personal: ['personal'],
  knowledgeBase: KNOWLEDGE_BASE_KINDS,
  publicLibrary: PUBLIC_LIBRARY_KINDS,
} as const satisfies Record<string, readonly SpaceKindValue[]>;
export type ListAddTarget = keyof typeof LIST_ADD_KINDS;

/** List-add service bound to the app context. */
export function listAddService(ctx: AppContext, deps: { files: FilesService }) {
  const repo = filesRepository(ctx.db);
  const filesSvc = deps.files;
  const spaces = filesSvc.spaces;

  return {
    /**
     * Confirm files into `target`'s kind of area. @returns their rows, in the order asked.
     * @throws 404 when any id is not a file the caller uploaded into such an area they may upload to.
     */
    async confirm(caller: Caller, target: ListAddTarget, ids: string[]): Promise<FileRowValue[]> {
      const kinds: readonly SpaceKindValue[] = LIST_ADD_KINDS[target];
      const rows = new Map((await repo.findByIds(ids)).map((r) => [r.id, r]));
      const access = new Map<string, SpaceAccess | null>();
      const picked = [];
      for (const id of new Set(ids)) {
        const f = rows.get(id);
        if (!f || f.kind !== 2 || f.uploaderId !== caller.user.id) throw notFound();
        if (!access.has(f.spaceId))
          access.set(f.spaceId, await spaces.require(caller, f.spaceId, 'upload').catch(() => null));
        const a = access.get(f.spaceId);
        if (!a || !kinds.includes(a.kind)) throw notFound();
        picked.push(f);
      }
      const where = await filesSvc.locationsAcross(caller, picked);
      for (const f of picked) emitStatus(ctx, f);
      const thumbKey = ctx.secretKey(THUMB_KEY_LABEL);
      return picked.map((f) =>
        presentFile(f, {
          collected: false,
          fullPath: where(f).fullPath,
          thumb: thumbSigner(thumbKey, caller),
        }),
      );
    },
  };
}
export type ListAddService = ReturnType<typeof listAddService>;
