/**
 * SQL of the conversion worker and its helpers (spec 001 §4 statuses; issue 13 multi-file models,
 * issue 14 renditions, issue 15 crash recovery). Every "claim" is one conditional status update that
 * answers the rows it changed, so several workers doing the same claim together each get a row once.
 * The per-file status writes of a conversion are versions.repository.ts `setStatus`.
 */
import { and, eq, ilike, inArray, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import { FileKind, StatusType } from '@bimdrive/contracts';
import type { Db } from '../../db/client.ts';
import { files, fileVersions } from '../../db/schema/files.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import type { VersionStatus } from '../versions/versions.repository.ts';

/** Files (not folders) in the same space and folder as `f`. */
const sameFolder = (f: { spaceId: string; parentId: string | null }): SQL =>
  and(
    eq(files.spaceId, f.spaceId),
    f.parentId ? eq(files.parentId, f.parentId) : isNull(files.parentId),
    eq(files.kind, FileKind.file),
  )!;

/** Status 1 排队中 with no progress and no message: how every claim queues a row. */
const QUEUED = { statusType: StatusType.queued, progress: 0, statusMsg: '' };

/** The statuses of a conversion not settled yet (1 排队中, 2 转换中). */
const UNSETTLED = [StatusType.queued, StatusType.converting];

/** The non-current versions of a file: `file_versions` rows other than the file row's `version_no`. */
const notCurrentVersion = sql`${fileVersions.number} <> (select ${files.versionNo} from ${files} where ${files.id} = ${fileVersions.fileId})`;

/** A file version at 1 or 2; `current` when it is the file's current version. */
export interface UnsettledVersion {
  fileId: string;
  n: number;
  current: boolean;
}

/** Repository of the conversion worker's own queries. */
export function conversionsRepository(db: Db) {
  return {
    /**
     * The siblings of `model` (files of its space and folder, not itself) with these names, compared
     * case-insensitively; each row is its current version.
     */
    async siblingsNamed(model: FileRowDb, names: string[]): Promise<FileRowDb[]> {
      const lower = [...new Set(names.map((n) => n.toLowerCase()))];
      if (!lower.length) return [];
      return db
        .select()
        .from(files)
        .where(and(sameFolder(model), ne(files.id, model.id), inArray(sql`lower(${files.name})`, lower)));
    },

    /** At most `limit` siblings of `model` whose suffix is one of `suffixes` (lower case). */
    async siblingsWithSuffix(
      model: FileRowDb,
      suffixes: readonly string[],
      limit: number,
    ): Promise<FileRowDb[]> {
      return db
        .select()
        .from(files)
        .where(and(sameFolder(model), ne(files.id, model.id), inArray(files.suffix, [...suffixes])))
        .limit(limit);
    },

    /**
     * Queue again (status 1) the failed files of `arrived`'s space and folder, other than it, whose
     * reason starts with `reasonPrefix` and names `arrived` (case-insensitively) or ends in 个文件 (too
     * many names to list).
     * @returns the rows queued.
     */
    async claimWaitingFor(arrived: FileRowDb, reasonPrefix: string): Promise<FileRowDb[]> {
      const escaped = arrived.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      return db
        .update(files)
        .set(QUEUED)
        .where(
          and(
            sameFolder(arrived),
            ne(files.id, arrived.id),
            eq(files.statusType, StatusType.failed),
            ilike(files.statusMsg, `${reasonPrefix}%`),
            sql`(lower(${files.statusMsg}) like ${`%${escaped}%`} or ${files.statusMsg} like '%个文件')`,
          ),
        )
        .returning();
    },

    /** Queue file `id` again (status 1) while it is still failed with exactly `reason`. @returns the row, or undefined. */
    async claimFailed(id: string, reason: string): Promise<FileRowDb | undefined> {
      const [row] = await db
        .update(files)
        .set(QUEUED)
        .where(and(eq(files.id, id), eq(files.statusType, StatusType.failed), eq(files.statusMsg, reason)))
        .returning();
      return row;
    },

    /**
     * Queue (status 1) the files, current versions, that sit at 0 with a suffix of `renditionSuffixes`
     * or failed with a "no converter" reason (需要外部转换器… / 暂不支持转换…) with a suffix of
     * `converterSuffixes`. @returns the ids queued.
     */
    async claimFilesToConvert(
      renditionSuffixes: readonly string[],
      converterSuffixes: readonly string[],
    ): Promise<string[]> {
      const withoutConverter = and(
        eq(files.statusType, StatusType.failed),
        inArray(files.suffix, [...converterSuffixes]),
        or(like(files.statusMsg, '需要外部转换器%'), like(files.statusMsg, '暂不支持转换%')),
      );
      const rows = await db
        .update(files)
        .set(QUEUED)
        .where(
          and(
            eq(files.kind, 2),
            or(
              and(eq(files.statusType, StatusType.none), inArray(files.suffix, [...renditionSuffixes])),
              withoutConverter,
            ),
          ),
        )
        .returning({ id: files.id });
      return rows.map((r) => r.id);
    },

    /**
     * Queue (status 1) the versions other than the current one that sit at 0 with a suffix of
     * `suffixes`. @returns the file id and version number of each queued.
     */
    async claimOlderVersionsToConvert(
      suffixes: readonly string[],
    ): Promise<Array<{ id: string; n: number }>> {
      return db
        .update(fileVersions)
        .set(QUEUED)
        .where(
          and(
            eq(fileVersions.statusType, StatusType.none),
            inArray(fileVersions.suffix, [...suffixes]),
            notCurrentVersion,
          ),
        )
        .returning({ id: fileVersions.fileId, n: fileVersions.number });
    },

    /**
     * Versions at 1 or 2: current ones from the file rows, then older ones from the version rows,
     * `limit` at most in all.
     */
    async listUnsettled(limit: number): Promise<UnsettledVersion[]> {
      const current = await db
        .select({ fileId: files.id, n: files.versionNo })
        .from(files)
        .where(and(eq(files.kind, 2), inArray(files.statusType, UNSETTLED)))
        .limit(limit);
      const older = await db
        .select({ fileId: fileVersions.fileId, n: fileVersions.number })
        .from(fileVersions)
        .where(and(inArray(fileVersions.statusType, UNSETTLED), notCurrentVersion))
        .limit(limit);
      return [
        ...current.map((r) => ({ ...r, current: true })),
        ...older.map((r) => ({ ...r, current: false })),
      ].slice(0, limit);
    },

    /**
     * Write `s` to version `u.n` of a file, and to the file row while that is its current version,
     * each only where it is still at 1 or 2, in one transaction.
     * @returns the file row written (absent when not), and the version's number when it was written.
     */
    async settleIfUnsettled(
      u: Pick<UnsettledVersion, 'fileId' | 'n'>,
      s: VersionStatus,
    ): Promise<{ file?: FileRowDb; version?: { n: number } }> {
      return db.transaction(async (tx) => {
        const [version] = await tx
          .update(fileVersions)
          .set(s)
          .where(
            and(
              eq(fileVersions.fileId, u.fileId),
              eq(fileVersions.number, u.n),
              inArray(fileVersions.statusType, UNSETTLED),
            ),
          )
          .returning({ n: fileVersions.number });
        const [file] = await tx
          .update(files)
          .set(s)
          .where(and(eq(files.id, u.fileId), eq(files.versionNo, u.n), inArray(files.statusType, UNSETTLED)))
          .returning();
        return { file, version };
      });
    },
  };
}
export type ConversionsRepository = ReturnType<typeof conversionsRepository>;
