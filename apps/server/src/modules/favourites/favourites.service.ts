/**
 * Favourites (spec 001 §7 DrawingCollection / DrawingCollectionDe; 我的收藏 at /myCollection and
 * /myCollectionKnowledgeBase). Anyone who may view a file's space may collect it; the lists show only
 * what the caller may still view.
 */
import type { ListDataValue, ListQueryValue } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../auth/caller.ts';
import { pickFileFilters } from '../files/file-filters.ts';
import { presentFile } from '../files/files.presenter.ts';
import type { FilesService } from '../files/files.service.ts';
import { viewerOf } from '../spaces/space-access.ts';
import { THUMB_KEY_LABEL, thumbSigner } from '../thumbnails/thumb-urls.ts';
import { favouritesRepository, type FavouriteGroup } from './favourites.repository.ts';

/** Favourites service bound to the app context and the files service (access and locations). */
export function favouritesService(ctx: AppContext, deps: { files: FilesService }) {
  const repo = favouritesRepository(ctx.db);
  const thumbKey = ctx.secretKey(THUMB_KEY_LABEL);

  return {
    /** Collect a file or folder the caller may view (idempotent). @throws 404 (files.requireFile). */
    async collect(caller: Caller, id: string): Promise<void> {
      const f = await deps.files.requireFile(caller, id, 'view');
      await repo.add(caller.user.id, f.id);
    },

    /** Un-collect a file or folder the caller may view (idempotent). @throws 404 (files.requireFile). */
    async uncollect(caller: Caller, id: string): Promise<void> {
      const f = await deps.files.requireFile(caller, id, 'view');
      await repo.remove(caller.user.id, f.id);
    },

    /**
     * One page of the caller's collected rows they may still view, of one group (`files`: personal
     * space and projects; `libraries`: knowledge bases and public libraries), with each row's display
     * path and space kind; `title` names the list's breadcrumb (我的收藏).
     */
    async list(
      caller: Caller,
      group: FavouriteGroup,
      q: ListQueryValue,
      title: string,
    ): Promise<ListDataValue> {
      const { rows, count } = await repo.list(viewerOf(ctx, caller), group, (q.page - 1) * q.rows, q.rows, {
        sort: q.sort,
        order: q.order,
        filters: pickFileFilters(q),
      });
      const where = await deps.files.locationsAcross(caller, rows);
      return {
        list: rows.map((r) => {
          const { fullPath, kind } = where(r);
          return {
            ...presentFile(r, { collected: true, fullPath, thumb: thumbSigner(thumbKey, caller) }),
            spaceKind: kind,
          };
        }),
        count,
        breadcrumbs: [{ iuid: '', fileName: title }],
      };
    },
  };
}
export type FavouritesService = ReturnType<typeof favouritesService>;
