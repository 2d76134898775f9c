/** SQL for folder zips (issue 5): a folder's subtree in the personal space, owner-filtered at every level. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** One folder or file under the zipped folder. `storageKey` is the current version's original. */
export interface TreeEntry {
  id: string;
  spaceId: string;
  parentId: string;
  kind: number;
  name: string;
  suffix: string;
  sizeBytes: number;
  storageKey: string | null;
  updatedAt: Date;
}

/** Repository of folder subtrees. */
export function folderZipRepository(db: Db) {
  return {
    /**
     * Every folder and file below `folderId` (not the folder itself) that `spaceId` owns; the walk
     * only follows rows of that owner, so nothing of anyone else's is reached even if it pointed in.
     * Ordered by depth, then kind (folders first), then name, so parents come before children.
     */
    async ownedSubtree(spaceId: string, folderId: string): Promise<TreeEntry[]> {
      const res = await db.execute(sql`
        with recursive tree as (
          select id, owner_id, parent_id, kind, name, suffix, size_bytes, storage_key, updated_at, 1 as depth
          from files where parent_id = ${folderId} and owner_id = ${spaceId}
          union all
          select f.id, f.owner_id, f.parent_id, f.kind, f.name, f.suffix, f.size_bytes, f.storage_key, f.updated_at,
            t.depth + 1
          from files f join tree t on f.parent_id = t.id
          where f.owner_id = ${spaceId} and t.kind = 1
        ) select * from tree order by depth, kind, lower(name), id`);
      return (res as unknown as { rows: Array<Record<string, unknown>> }).rows.map((r) => ({
        id: String(r.id),
        spaceId: String(r.owner_id),
        parentId: String(r.parent_id),
        kind: Number(r.kind),
        name: String(r.name),
        suffix: String(r.suffix ?? ''),
        sizeBytes: Number(r.size_bytes),
        storageKey: (r.storage_key as string | null) ?? null,
        updatedAt: r.updated_at instanceof Date ? r.updated_at : new Date(String(r.updated_at)),
      }));
    },
  };
}
