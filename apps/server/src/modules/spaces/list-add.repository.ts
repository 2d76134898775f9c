/** SQL of the list-add confirmations (list-add.service.ts): the file rows a batch names. */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { isUuid, type FileRowDb } from '../files/files.repository.ts';

/** Repository of the list-add confirmations. */
export function listAddRepository(db: Db) {
  return {
    /** File rows by id (malformed ids find nothing). */
    async filesByIds(ids: string[]): Promise<FileRowDb[]> {
      const ok = [...new Set(ids.filter(isUuid))];
      if (ok.length === 0) return [];
      return db.select().from(files).where(inArray(files.id, ok));
    },
  };
}
