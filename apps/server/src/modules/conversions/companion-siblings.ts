/**
 * Sibling files of a model for multi-file conversion (issue 13 "multi-file models"; spec 001 §4):
 * the worker's CompanionSource answers only files of the model's own space and folder (same
 * `owner_id`, same `parent_id`), never folders, never the model itself, the current version of each,
 * names compared case-insensitively.
 */
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { FileKind } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import type { CompanionSource } from '../../converters/companion-files.ts';
import { TEXTURE_SUFFIXES } from '../../converters/model-references.ts';
import { files } from '../../db/schema.ts';
import { originalKeyOf } from '../../storage/local-storage.ts';
import type { FileRowDb } from '../files/files.repository.ts';

/** At most this many image siblings are staged beside a 3DS/FBX model. */
const MAX_IMAGES = 256;
/** Files (not folders) in the same space and folder as `f`. */
export const sameFolder = (f: { spaceId: string; parentId: string | null }): SQL =>
  and(
    eq(files.spaceId, f.spaceId),
    f.parentId ? eq(files.parentId, f.parentId) : isNull(files.parentId),
    eq(files.kind, FileKind.file),
  )!;

/** The siblings of `model` with these names (case-insensitive; see the module doc). */
export async function siblingsNamed(
  ctx: AppContext,
  model: FileRowDb,
  names: string[],
): Promise<FileRowDb[]> {
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  if (!lower.length) return [];
  return ctx.db
    .select()
    .from(files)
    .where(and(sameFolder(model), ne(files.id, model.id), inArray(sql`lower(${files.name})`, lower)));
}

/**
 * The CompanionSource of `model` (see the module doc). Paths are local files of the stored originals
 * of the siblings' current versions (ObjectStorage.localFile: copies in `scratchDir` on S3).
 * @param model the file row being converted (its space and folder bound every lookup).
 * @param scratchDir the conversion's scratch folder, removed by the caller.
 */
export function siblingSource(ctx: AppContext, model: FileRowDb, scratchDir: string): CompanionSource {
  const pathsOf = async (rows: FileRowDb[]) =>
    new Map(
      await Promise.all(
        rows.map(
          async (r) =>
            [r.name.toLowerCase(), await ctx.storage.localFile(originalKeyOf(r), scratchDir)] as const,
        ),
      ),
    );
  return {
    async find(names) {
      return pathsOf(await siblingsNamed(ctx, model, names));
    },
    async images() {
      const rows = await ctx.db
        .select()
        .from(files)
        .where(and(sameFolder(model), ne(files.id, model.id), inArray(files.suffix, TEXTURE_SUFFIXES)))
        .limit(MAX_IMAGES);
      return pathsOf(rows);
    },
  };
}
