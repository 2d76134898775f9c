/**
 * Name search across every area the caller may see (issue 5 "Search by file name … across all areas
 * they may see"; areas in search.areas.ts). One query unions the areas' hit subqueries, keeps each
 * file once (in the first area that holds it), and pages the result with folders first, then by
 * name, then id (stable pages). Every hit comes from a provider that only selects files the caller
 * may see, so another user's matching files never appear. The file lists' sort and filters apply
 * to the hits too.
 */
import type { SearchAreaValue, SearchDataValue, SearchQueryValue } from '@bimdrive/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { favourites, files } from '../../db/schema.ts';
import type { Caller } from '../auth/auth.service.ts';
import { escapeLike, fileFilterConditions, fileOrderBy, pickFileFilters } from '../files/file-filters.ts';
import { presentFile } from '../files/files.presenter.ts';
import { THUMB_KEY_LABEL, thumbSigner } from '../thumbnails/thumb-urls.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import { searchAreaProviders } from './search.areas.ts';

/** Rows of a raw `execute` result (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Search service bound to the app context. */
export function searchService(ctx: AppContext) {
  const providers = searchAreaProviders(ctx);
  const thumbKey = ctx.secretKey(THUMB_KEY_LABEL);

  return {
    /**
     * One page of files whose name contains `keyword` (case-insensitive, wildcards literal) in the
     * chosen areas (all when `areas` is empty or absent), sorted and filtered as the file lists.
     */
    async search(caller: Caller, q: SearchQueryValue): Promise<SearchDataValue> {
      const chosen = providers.filter((p) => !q.areas?.length || q.areas.includes(p.area));
      const pattern = `%${escapeLike(q.keyword.trim())}%`;
      const union = sql.join(
        chosen.map(
          (p, prio) =>
            sql`select h.file_id, ${p.area}::text as area, ${prio}::int as prio from (${p.hits(caller, pattern)}) h`,
        ),
        sql` union all `,
      );
      const best = sql`best as (select distinct on (file_id) file_id, area from (${union}) u order by file_id, prio)`;
      // Sort and filters as in the file lists (whitelisted columns of the joined file row).
      const filtered = and(...fileFilterConditions(pickFileFilters(q)));
      const where = filtered ? sql`where ${filtered}` : sql``;
      const orderBy = sql.join(fileOrderBy(q.sort ?? 'fileName', q.order), sql`, `);
      const [page, total] = await Promise.all([
        ctx.db.execute(sql`with ${best}
          select best.file_id::text as id, best.area from best join ${files} on ${files.id} = best.file_id
          ${where} order by ${orderBy} limit ${q.rows} offset ${(q.page - 1) * q.rows}`),
        ctx.db.execute(sql`with ${best}
          select count(*)::int as n from best join ${files} on ${files.id} = best.file_id ${where}`),
      ]);
      const hits = rowsOf<{ id: string; area: SearchAreaValue }>(page);
      const count = rowsOf<{ n: number }>(total)[0]?.n ?? 0;
      if (hits.length === 0) return { list: [], count };

      const loaded = await ctx.db
        .select({ file: files, collected: sql<boolean>`(${favourites.fileId} is not null)` })
        .from(files)
        .leftJoin(favourites, and(eq(favourites.fileId, files.id), eq(favourites.userId, caller.user.id)))
        .where(
          inArray(
            files.id,
            hits.map((h) => h.id),
          ),
        );
      const byId = new Map(loaded.map((r) => [r.file.id, r]));

      // Locate each area's hits with its own provider, one call per area on the page.
      const locators = new Map<
        SearchAreaValue,
        (row: FileRowDb) => { fullPath: string; locateUrl: string }
      >();
      for (const p of chosen) {
        const rows = hits.filter((h) => h.area === p.area).flatMap((h) => byId.get(h.id)?.file ?? []);
        if (rows.length) locators.set(p.area, await p.locate(caller, rows));
      }
      const list = hits.flatMap((h) => {
        const r = byId.get(h.id);
        const provider = chosen.find((p) => p.area === h.area);
        const where = locators.get(h.area);
        if (!r || !provider || !where) return [];
        const loc = where(r.file);
        return [
          {
            ...presentFile(r.file, {
              collected: r.collected,
              fullPath: loc.fullPath,
              thumb: thumbSigner(thumbKey, caller),
            }),
            area: h.area,
            sourceType: provider.sourceType,
            locateUrl: loc.locateUrl,
          },
        ];
      });
      return { list, count };
    },
  };
}
