/**
 * Name search across every area the caller may see (issue 5 "Search by file name … across all areas
 * they may see"): the personal space 我的文件 (source type 2), the projects the caller may view (1),
 * the knowledge bases and public libraries they may view (3), and 我的收藏. One query
 * (search.repository.ts) unions the areas' hits, keeps each file once (in the first area of
 * `SEARCH_AREAS` that holds it), and pages the result with folders first, then by name, then id
 * (stable pages). Every area only selects files the caller may see, so another user's matching files
 * never appear. The file lists' sort and filters apply to the hits too.
 */
import {
  locateUrl,
  SourceType,
  type SearchAreaValue,
  type SearchDataValue,
  type SearchQueryValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../auth/caller.ts';
import { pickFileFilters } from '../files/file-filters.ts';
import { presentFile } from '../files/files.presenter.ts';
import type { FilesService } from '../files/files.service.ts';
import { viewerOf } from '../spaces/space-access.ts';
import { THUMB_KEY_LABEL, thumbSigner } from '../thumbnails/thumb-urls.ts';
import { searchRepository } from './search.repository.ts';

/** The searchable areas in priority order (a file in several is shown in the first), with their 001 §3 source type. */
export const SEARCH_AREAS: ReadonlyArray<{ area: SearchAreaValue; sourceType: number }> = [
  { area: 'myDocument', sourceType: SourceType.personal },
  { area: 'project', sourceType: SourceType.enterprise },
  { area: 'library', sourceType: SourceType.knowledgeBase },
  // Collected files the caller may still view (their own areas come first above).
  { area: 'myCollection', sourceType: SourceType.personal },
];

/** Search service bound to the app context and the files service (hit locations). */
export function searchService(ctx: AppContext, deps: { files: FilesService }) {
  const repo = searchRepository(ctx.db);
  const thumbKey = ctx.secretKey(THUMB_KEY_LABEL);

  return {
    /**
     * One page of files whose name contains `keyword` (case-insensitive, wildcards literal) in the
     * chosen areas (all when `areas` is empty or absent), sorted and filtered as the file lists.
     * Each hit carries its area, the area's source type, its folder's display path and the route
     * that opens its folder with the row highlighted.
     */
    async search(caller: Caller, q: SearchQueryValue): Promise<SearchDataValue> {
      const chosen = SEARCH_AREAS.filter((a) => !q.areas?.length || q.areas.includes(a.area));
      const { hits, count } = await repo.page({
        viewer: viewerOf(ctx, caller),
        areas: chosen.map((a) => a.area),
        keyword: q.keyword.trim(),
        filters: pickFileFilters(q),
        sort: q.sort ?? 'fileName',
        order: q.order,
        offset: (q.page - 1) * q.rows,
        limit: q.rows,
      });
      if (hits.length === 0) return { list: [], count };

      const loaded = await repo.filesWithCollected(
        hits.map((h) => h.id),
        caller.user.id,
      );
      const byId = new Map(loaded.map((r) => [r.file.id, r]));
      const where = await deps.files.locationsAcross(
        caller,
        hits.flatMap((h) => byId.get(h.id)?.file ?? []),
      );
      const list = hits.flatMap((h) => {
        const r = byId.get(h.id);
        const area = chosen.find((a) => a.area === h.area);
        if (!r || !area) return [];
        const { fullPath, kind } = where(r.file);
        return [
          {
            ...presentFile(r.file, {
              collected: r.collected,
              fullPath,
              thumb: thumbSigner(thumbKey, caller),
            }),
            area: h.area,
            sourceType: area.sourceType,
            locateUrl: locateUrl({ iuid: r.file.id, spaceId: r.file.spaceId, spaceKind: kind }),
          },
        ];
      });
      return { list, count };
    },
  };
}
export type SearchService = ReturnType<typeof searchService>;
