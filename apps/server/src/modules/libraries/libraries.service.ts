/**
 * Knowledge bases and public libraries (issue 5; spec 001 §2 library group, §3 source type 3 and the
 * knowledge-base types, §7 KnowledgeBaseCollection(De), publiclibraryCollection(De)).
 *
 * A library is a space created on first use (`spaceAccessService.library`); its files are ordinary
 * file rows, listed, uploaded and changed through the files API, which asks the same space policy.
 * This service answers which library a caller has of a kind, and collects / uncollects a file of a
 * library into the favourites table shared with 我的收藏 (the libraries' list is
 * `Api.myCollectionKnowledgeBaseList`).
 */
import {
  KNOWLEDGE_BASE_KINDS,
  PUBLIC_LIBRARY_KINDS,
  type LibraryKindValue,
  type SpaceKindValue,
  type SpaceSummaryValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { favouritesRepository } from '../favourites/favourites.repository.ts';
import type { FilesService } from '../files/files.service.ts';
import type { SpaceAccessService } from '../spaces/space-access.ts';

/** Which group of libraries a collect endpoint serves. */
export type LibraryGroup = 'knowledgeBase' | 'publicLibrary';

const KINDS_OF_GROUP: Record<LibraryGroup, readonly SpaceKindValue[]> = {
  knowledgeBase: KNOWLEDGE_BASE_KINDS,
  publicLibrary: PUBLIC_LIBRARY_KINDS,
};

/** Libraries service bound to the app context. */
export function librariesService(ctx: AppContext, deps: { spaces: SpaceAccessService; files: FilesService }) {
  const { spaces, files } = deps;
  const favourites = favouritesRepository(ctx.db);

  return {
    /**
     * The caller's library of `kind` (created on first use) with their rights.
     * @throws 403 for `Company` without a company or in the personal edition.
     */
    async get(caller: Caller, kind: LibraryKindValue): Promise<SpaceSummaryValue> {
      return spaces.summary(await spaces.library(caller, kind));
    },

    /**
     * Collect (`on`) or uncollect a file or folder of a library of `group` the caller may view.
     * @throws 404 when the file is missing, not viewable, or in another kind of area.
     */
    async setCollected(caller: Caller, group: LibraryGroup, fileId: string, on: boolean): Promise<void> {
      const { file, access } = await files.requireFileAccess(caller, fileId, 'view');
      if (!KINDS_OF_GROUP[group].includes(access.kind)) throw notFound();
      if (on) await favourites.add(caller.user.id, file.id);
      else await favourites.remove(caller.user.id, file.id);
    },
  };
}
export type LibrariesService = ReturnType<typeof librariesService>;
