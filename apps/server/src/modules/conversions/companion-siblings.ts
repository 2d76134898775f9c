/**
 * Sibling files of a model for multi-file conversion (issue 13 "multi-file models"; spec 001 §4):
 * the worker's CompanionSource answers only files of the model's own space and folder (same
 * `owner_id`, same `parent_id`), never folders, never the model itself, the current version of each,
 * names compared case-insensitively.
 */
import type { AppContext } from '../../app-context.ts';
import type { CompanionSource } from '../../converters/types.ts';
import { TEXTURE_SUFFIXES } from '../../converters/model-references.ts';
import { originalKeyOf } from '../../storage/local-storage.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import { conversionsRepository } from './conversions.repository.ts';

/** At most this many image siblings are staged beside a 3DS/FBX model. */
const MAX_IMAGES = 256;

/**
 * The CompanionSource of `model` (see the module doc). Paths are local files of the stored originals
 * of the siblings' current versions (ObjectStorage.localFile: copies in `scratchDir` on S3).
 * @param model the file row being converted (its space and folder bound every lookup).
 * @param scratchDir the conversion's scratch folder, removed by the caller.
 */
export function siblingSource(ctx: AppContext, model: FileRowDb, scratchDir: string): CompanionSource {
  const repo = conversionsRepository(ctx.db);
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
      return pathsOf(await repo.siblingsNamed(model, names));
    },
    async images() {
      return pathsOf(await repo.siblingsWithSuffix(model, TEXTURE_SUFFIXES, MAX_IMAGES));
    },
  };
}
