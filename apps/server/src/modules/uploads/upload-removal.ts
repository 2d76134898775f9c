/**
 * Where an upload's bytes end, and letting go of an upload (uploads.service.ts; issue 15).
 * - `targetKey`: the object-storage key its bytes move to at finishing step 2 (upload-finishing.ts),
 *   made from the upload id and so known before the file or version exists:
 *   `files/<space>/<upload id>/original`, or `…/<file>/u<upload id>/original` for a version.
 * - `discard`: drop an unfinished upload whole (on termination, a refusal at finishing, an orphan).
 * - `forget`: what DELETE, `Getfragmentdelete` and expiry do: a finished upload is forgotten and its
 *   file left alone; an unfinished one is discarded.
 */
import { originalKey, versionUploadKey } from '../../storage/local-storage.ts';
import type { UploadsDeps } from './upload-deps.ts';
import type { UploadRow } from './uploads.repository.ts';

/** Object-storage key of an upload's bytes once moved (known before the file or version exists). */
export function targetKey(row: UploadRow): string {
  const spaceId = row.spaceId ?? '';
  return row.versionOf ? versionUploadKey(spaceId, row.versionOf, row.id) : originalKey(spaceId, row.id);
}

/** Dropping and forgetting uploads (see the module comment). */
export function uploadRemoval({ ctx, repo, datastore }: Pick<UploadsDeps, 'ctx' | 'repo' | 'datastore'>) {
  /**
   * Drop an unfinished upload: its bytes (in the store, or already moved to their key), its store
   * record and its record with the reservation. Never touches a file or version already made of it.
   */
  async function discard(row: UploadRow): Promise<void> {
    if (!(await repo.finishedOf(row.id)))
      await ctx.storage.deletePrefix(targetKey(row).replace(/\/original$/, '')).catch(() => undefined);
    await datastore.remove(row.id).catch(() => undefined);
    await repo.remove(row.id);
  }

  /** Forget an upload: a finished one keeps its file; an unfinished one is dropped whole. */
  async function forget(row: UploadRow): Promise<void> {
    if (await repo.finishedOf(row.id)) {
      await datastore.remove(row.id).catch(() => undefined);
      await repo.remove(row.id);
    } else await discard(row);
  }

  return { discard, forget };
}
/** What `uploadRemoval` answers. */
export type UploadRemoval = ReturnType<typeof uploadRemoval>;
