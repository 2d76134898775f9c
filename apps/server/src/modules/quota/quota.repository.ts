/**
 * Quota accounting (issue 5 "Quotas"; 000 §3 Space info): the one place where bytes are charged to
 * and given back to the account that pays for a space — the user (personal space, `Mine`) or the
 * company (projects, the `Company` base); the public libraries charge nobody. Every version of a file
 * is charged (its current one is the file row's `size_bytes`, the others their `file_versions` rows).
 * The functions run on the transaction of the write that adds or removes the bytes (files, versions,
 * projects, uploads repositories), so the charge and the write commit together.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema/accounts.ts';
import { fileVersions, files } from '../../db/schema/files.ts';
import { spaces } from '../../db/schema/spaces.ts';

/** Who pays for a space's bytes. */
export type QuotaAccount = { kind: 'user'; id: string } | { kind: 'company'; id: string } | { kind: 'none' };

/** A database handle or an open transaction. */
type Tx = Pick<Db, 'select' | 'update'>;

/** The quota key stored on an upload reservation: `user:<id>`, `company:<id>`, '' for none. */
export function quotaKey(q: QuotaAccount): string {
  return q.kind === 'none' ? '' : `${q.kind}:${q.id}`;
}

/** The quota queries on `tx` (a transaction, or the database for a single statement). */
export function quotaRepository(tx: Tx) {
  /** Give `bytes` back to an account (never below 0). */
  async function free(account: QuotaAccount, bytes: number): Promise<void> {
    if (account.kind === 'none' || bytes <= 0) return;
    const t = account.kind === 'user' ? users : companies;
    await tx
      .update(t)
      .set({ usedBytes: sql`greatest(0, ${t.usedBytes} - ${bytes})` })
      .where(eq(t.id, account.id));
  }

  return {
    /**
     * The account that pays for a space id: the company of a project or Company base, the creator of
     * a `Mine` base, none for the public libraries; a space id that is no space row is a user id
     * (the personal space).
     */
    async accountOf(spaceId: string): Promise<QuotaAccount> {
      const [s] = await tx
        .select({ kind: spaces.kind, companyId: spaces.companyId, creatorId: spaces.creatorId })
        .from(spaces)
        .where(eq(spaces.id, spaceId))
        .limit(1);
      if (!s) return { kind: 'user', id: spaceId };
      if ((s.kind === 'project' || s.kind === 'Company') && s.companyId)
        return { kind: 'company', id: s.companyId };
      if (s.kind === 'Mine' && s.creatorId) return { kind: 'user', id: s.creatorId };
      return { kind: 'none' };
    },

    /**
     * Charge `bytes` to an account when it stays within its quota (used + bytes ≤ quota).
     * @returns false when the quota would be exceeded (nothing changed); true for `none`.
     */
    async charge(account: QuotaAccount, bytes: number): Promise<boolean> {
      if (account.kind === 'none') return true;
      const t = account.kind === 'user' ? users : companies;
      const rows = await tx
        .update(t)
        .set({ usedBytes: sql`${t.usedBytes} + ${bytes}` })
        .where(and(eq(t.id, account.id), sql`${t.usedBytes} + ${bytes} <= ${t.quotaBytes}`))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    free,

    /**
     * Delete file rows with `remove` and give their bytes back to `account`: the rows' own sizes (their
     * current versions) plus the bytes of their other versions, summed before the delete cascades to
     * them. `filesWhere` is the condition on `files` of the rows `remove` deletes.
     * @returns the deleted rows and the bytes freed.
     */
    async deleteFreeing<R extends { sizeBytes: number }>(
      account: QuotaAccount,
      filesWhere: SQL,
      remove: () => Promise<R[]>,
    ): Promise<{ deleted: R[]; freed: number }> {
      const [older] = await tx
        .select({ n: sql<string>`coalesce(sum(${fileVersions.sizeBytes}), 0)` })
        .from(fileVersions)
        .innerJoin(files, eq(files.id, fileVersions.fileId))
        .where(and(filesWhere, sql`${fileVersions.number} <> ${files.versionNo}`));
      const deleted = await remove();
      const freed = deleted.reduce((sum, f) => sum + f.sizeBytes, 0) + Number(older?.n ?? 0);
      await free(account, freed);
      return { deleted, freed };
    },

    /**
     * The account's quota row, locked for update until the transaction ends (so concurrent
     * reservations queue): `{ used, quota }` in bytes; `none` never runs out. Null when the account
     * row is gone.
     */
    async lock(account: QuotaAccount): Promise<{ used: number; quota: number } | null> {
      if (account.kind === 'none') return { used: 0, quota: Number.MAX_SAFE_INTEGER };
      const t = account.kind === 'user' ? users : companies;
      const [row] = await tx
        .select({ used: t.usedBytes, quota: t.quotaBytes })
        .from(t)
        .where(eq(t.id, account.id))
        .for('update');
      return row ?? null;
    },
  };
}
