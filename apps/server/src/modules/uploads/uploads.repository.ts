/**
 * SQL for tus uploads (their reserved bytes count against the quota until they are finished).
 *
 * An upload's record lives from creation until it expires, also after it was finished (tus: a
 * finished upload still answers HEAD and DELETE). Finishing makes a file whose id is the upload's
 * id (or, for a new version, a version row with that id), so "finished" is a fact of the same
 * transaction that charges the quota: a record whose file or version exists reserves nothing.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, fileVersions, uploads } from '../../db/schema/files.ts';
import { quotaKey, quotaRepository, type QuotaAccount } from '../quota/quota.repository.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** Reserved bytes count while the upload is unfinished: no file and no version carries its id. */
const unfinished = sql`not exists (select 1 from ${files} where ${files.id} = ${uploads.id}::uuid)
  and not exists (select 1 from ${fileVersions} where ${fileVersions.id} = ${uploads.id}::uuid)`;

/** Repository of uploads. */
export function uploadsRepository(db: Db) {
  return {
    /**
     * Reserve quota and record an upload, atomically: succeeds only when the paying account's used +
     * reserved (its unfinished uploads) + size ≤ quota.
     * @returns false when the quota would be exceeded.
     */
    async reserve(
      u: {
        id: string;
        /** The uploader. */
        ownerId: string;
        /** The area the file goes into. */
        spaceId: string;
        folderId: string | null;
        fileName: string;
        sizeBytes: number;
        /** The file this upload is a new version of (FileVersionAdd), or null. */
        versionOf?: string | null;
        expiresAt: Date;
      },
      account: QuotaAccount,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Lock the account's row so concurrent creations cannot both pass the check.
        const row = await quotaRepository(tx).lock(account);
        if (!row) return false;
        const key = quotaKey(account);
        const [pending] = key
          ? await tx
              .select({ n: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)` })
              .from(uploads)
              .where(and(eq(uploads.quotaAccount, key), sql`${uploads.expiresAt} > now()`, unfinished))
          : [{ n: '0' }];
        if (row.used + Number(pending?.n ?? 0) + u.sizeBytes > row.quota) return false;
        await tx.insert(uploads).values({ ...u, quotaAccount: key });
        return true;
      });
    },

    async findOwned(ownerId: string, id: string): Promise<UploadRow | undefined> {
      return (
        await db
          .select()
          .from(uploads)
          .where(and(eq(uploads.id, id), eq(uploads.ownerId, ownerId)))
          .limit(1)
      )[0];
    },
    /** The upload record `id` (a UUID), whoever owns it. */
    async findById(id: string): Promise<UploadRow | undefined> {
      return (await db.select().from(uploads).where(eq(uploads.id, id)).limit(1))[0];
    },
    async remove(id: string): Promise<void> {
      await db.delete(uploads).where(eq(uploads.id, id));
    },

    /**
     * What finishing made of upload `id` (a UUID): the file whose id it is, or the version row whose
     * id it is with its file and number; null while unfinished.
     */
    async finishedOf(id: string): Promise<{ fileId: string; version?: number } | null> {
      const [file] = await db.select({ id: files.id }).from(files).where(eq(files.id, id)).limit(1);
      if (file) return { fileId: file.id };
      const [v] = await db
        .select({ fileId: fileVersions.fileId, number: fileVersions.number })
        .from(fileVersions)
        .where(eq(fileVersions.id, id))
        .limit(1);
      return v ? { fileId: v.fileId, version: v.number } : null;
    },

    /** A finished upload reserves nothing any more, also once its file is deleted. */
    async releaseReservation(id: string): Promise<void> {
      await db.update(uploads).set({ quotaAccount: '' }).where(eq(uploads.id, id));
    },

    /** Every upload record (the sweep reads them all; they live a day by default). */
    async all(): Promise<UploadRow[]> {
      return db.select().from(uploads);
    },

    /** Upload records that expired before `now`. */
    async expired(now: Date): Promise<UploadRow[]> {
      return db.select().from(uploads).where(lt(uploads.expiresAt, now));
    },
  };
}
/** What `uploadsRepository` answers (the uploads service parts take it: upload-deps.ts). */
export type UploadsRepository = ReturnType<typeof uploadsRepository>;
