/**
 * SQL for file versions (issue 5; 001 §7 FileVersionAdd). The file row mirrors its current version
 * (`files.version_no`); `file_versions` keeps every version's own size, storage key, conversion status
 * and derived outputs. A file uploaded before it had versions gets its version-1 row from the file
 * row when first needed (`ensureFirst`). Quota: every version's bytes are charged to the owner.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { fileVersions, files } from '../../db/schema/files.ts';
import { logOperation } from '../operation-log/operation-log.repository.ts';
import { quotaRepository } from '../quota/quota.repository.ts';
import type { FileRowDb } from '../files/files.repository.ts';

export type FileVersionDb = typeof fileVersions.$inferSelect;

/** The conversion-status fields a file row and each version carry (the worker writes them). */
type StatusField =
  | 'statusType'
  | 'progress'
  | 'statusMsg'
  | 'derivedKind'
  | 'derivedKey'
  | 'derivedBytes'
  | 'stats'
  | 'thumbVersion';

/** The per-version fields a file row mirrors for its current version. */
type VersionFields = Pick<FileRowDb, 'suffix' | 'sizeBytes' | 'storageKey' | StatusField>;

/** Conversion-status fields the worker writes. */
export type VersionStatus = Partial<Pick<FileRowDb, StatusField>>;

const fieldsOf = (v: FileVersionDb): VersionFields => ({
  suffix: v.suffix,
  sizeBytes: v.sizeBytes,
  storageKey: v.storageKey,
  statusType: v.statusType,
  progress: v.progress,
  statusMsg: v.statusMsg,
  derivedKind: v.derivedKind,
  derivedKey: v.derivedKey,
  derivedBytes: v.derivedBytes,
  stats: v.stats,
  thumbVersion: v.thumbVersion,
});

/**
 * A file row as seen at version `v`: the file's identity (id, owner, folder, shares, favourites) with
 * that version's bytes and status. `name` keeps the file's base name with the version's suffix.
 */
export function viewAtVersion(file: FileRowDb, v: FileVersionDb): FileRowDb {
  return {
    ...file,
    ...fieldsOf(v),
    name: nameWithSuffix(file.name, file.suffix, v.suffix),
    versionNo: v.number,
  };
}

/** `name` with its `.oldSuffix` ending replaced by `.newSuffix` (unchanged when equal or absent). */
export function nameWithSuffix(name: string, oldSuffix: string, newSuffix: string): string {
  if (oldSuffix.toLowerCase() === newSuffix.toLowerCase() || !newSuffix) return name;
  const end = `.${oldSuffix}`;
  const base =
    oldSuffix && name.toLowerCase().endsWith(end.toLowerCase()) ? name.slice(0, -end.length) : name;
  return `${base}.${newSuffix}`;
}

/** Repository of file versions. */
export function versionsRepository(db: Db) {
  /** Record version 1 from the file row when the file has no version rows yet (idempotent). */
  async function ensureFirst(file: FileRowDb): Promise<void> {
    if (file.kind !== 2) return;
    // Copied in SQL from the row as it is now, so a status the worker writes meanwhile is not lost.
    await db.execute(sql`
      insert into file_versions (file_id, number, name, suffix, size_bytes, uploader_id, storage_key,
        status_type, progress, status_msg, derived_kind, derived_key, derived_bytes, stats, thumb_version,
        created_at)
      select id, version_no, name, suffix, size_bytes, uploader_id,
        coalesce(storage_key, 'files/' || owner_id || '/' || id || '/original'),
        status_type, progress, status_msg, derived_kind, derived_key, derived_bytes, stats, thumb_version,
        created_at
      from files where id = ${file.id} and kind = 2
      on conflict do nothing`);
  }

  return {
    ensureFirst,

    /** Every version of a file, newest first, with the uploader's name. */
    async list(fileId: string): Promise<Array<FileVersionDb & { uploaderName: string | null }>> {
      const rows = await db
        .select({ v: fileVersions, uploaderName: users.name })
        .from(fileVersions)
        .leftJoin(users, eq(users.id, fileVersions.uploaderId))
        .where(eq(fileVersions.fileId, fileId))
        .orderBy(desc(fileVersions.number));
      return rows.map((r) => ({ ...r.v, uploaderName: r.uploaderName }));
    },

    /** One version of a file, or undefined. */
    async find(fileId: string, n: number): Promise<FileVersionDb | undefined> {
      return (
        await db
          .select()
          .from(fileVersions)
          .where(and(eq(fileVersions.fileId, fileId), eq(fileVersions.number, n)))
          .limit(1)
      )[0];
    },

    /**
     * Add a finished upload as the file's new current version and charge the owner's quota, in one
     * transaction (the file row is locked, so concurrent additions get consecutive numbers).
     * @returns the new file row, 'quota' when the quota would be exceeded, or null when the file is gone.
     */
    async addCharged(a: {
      /** The version row's id (a finished upload's id, so finishing it twice adds it once); random when absent. */
      id?: string;
      file: FileRowDb;
      uploaderId: string;
      name: string;
      suffix: string;
      sizeBytes: number;
      storageKeyOf: (n: number) => string;
      statusType: number;
      statusMsg: string;
    }): Promise<{ file: FileRowDb; version: FileVersionDb } | 'quota' | null> {
      await ensureFirst(a.file);
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(files)
          .where(and(eq(files.id, a.file.id), eq(files.spaceId, a.file.spaceId), eq(files.kind, 2)))
          .for('update');
        if (!locked) return null;
        const quota = quotaRepository(tx);
        if (!(await quota.charge(await quota.accountOf(locked.spaceId), a.sizeBytes))) return 'quota';
        const [max] = await tx
          .select({ n: sql<number>`coalesce(max(${fileVersions.number}), 0)::int` })
          .from(fileVersions)
          .where(eq(fileVersions.fileId, locked.id));
        const n = Math.max(Number(max?.n ?? 0), locked.versionNo) + 1;
        const [version] = await tx
          .insert(fileVersions)
          .values({
            ...(a.id ? { id: a.id } : {}),
            fileId: locked.id,
            number: n,
            name: a.name,
            suffix: a.suffix,
            sizeBytes: a.sizeBytes,
            uploaderId: a.uploaderId,
            storageKey: a.storageKeyOf(n),
            statusType: a.statusType,
            statusMsg: a.statusMsg,
          })
          .returning();
        const [file] = await tx
          .update(files)
          .set({
            ...fieldsOf(version!),
            name: nameWithSuffix(locked.name, locked.suffix, a.suffix),
            versionNo: n,
            updatedAt: new Date(),
          })
          .where(eq(files.id, locked.id))
          .returning();
        await logOperation(tx, {
          action: 'file.upload',
          actorId: a.uploaderId,
          objectType: 'file',
          objectId: locked.id,
          objectName: file!.name,
          detail: { version: n, size: a.sizeBytes },
        });
        return { file: file!, version: version! };
      });
    },

    /**
     * Make version `n` the current one: the file row takes its bytes, status and derived outputs.
     * @returns the updated file row, or null when the version does not exist.
     * @throws the unique-name violation when the suffix change collides with a sibling's name.
     */
    async setCurrent(file: FileRowDb, n: number): Promise<FileRowDb | null> {
      return db.transaction(async (tx) => {
        const [v] = await tx
          .select()
          .from(fileVersions)
          .where(and(eq(fileVersions.fileId, file.id), eq(fileVersions.number, n)))
          .limit(1);
        if (!v) return null;
        const [row] = await tx
          .update(files)
          .set({
            ...fieldsOf(v),
            name: nameWithSuffix(file.name, file.suffix, v.suffix),
            versionNo: n,
            updatedAt: new Date(),
          })
          .where(and(eq(files.id, file.id), eq(files.spaceId, file.spaceId)))
          .returning();
        return row ?? null;
      });
    },

    /**
     * Delete a version that is not the current one and free its bytes from the owner's quota.
     * @returns the deleted version, 'current' when it is the current one, or null when missing.
     */
    async removeCharged(file: FileRowDb, n: number): Promise<FileVersionDb | 'current' | null> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ versionNo: files.versionNo })
          .from(files)
          .where(eq(files.id, file.id))
          .for('update');
        if (!locked) return null;
        if (locked.versionNo === n) return 'current';
        const [v] = await tx
          .delete(fileVersions)
          .where(and(eq(fileVersions.fileId, file.id), eq(fileVersions.number, n)))
          .returning();
        if (!v) return null;
        const quota = quotaRepository(tx);
        await quota.free(await quota.accountOf(file.spaceId), v.sizeBytes);
        return v;
      });
    },

    /**
     * The conversion worker's write for version `n` of a file: to that version's row, and to the file
     * row while `n` is its current version.
     * @returns the rows written (both absent when the file or the version is gone).
     */
    async setStatus(
      fileId: string,
      n: number,
      s: VersionStatus,
    ): Promise<{ file?: FileRowDb; version?: FileVersionDb }> {
      return db.transaction(async (tx) => {
        const [version] = await tx
          .update(fileVersions)
          .set(s)
          .where(and(eq(fileVersions.fileId, fileId), eq(fileVersions.number, n)))
          .returning();
        const [file] = await tx
          .update(files)
          .set(s)
          .where(and(eq(files.id, fileId), eq(files.versionNo, n)))
          .returning();
        return { file, version };
      });
    },
  };
}
export type VersionsRepository = ReturnType<typeof versionsRepository>;
