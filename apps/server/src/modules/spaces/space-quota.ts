/**
 * Quota accounting per space (issue 5 "Quotas"; 000 §3 Space info): the bytes of a space's files are
 * charged to the user (personal space, `Mine`) or the company (projects, `Company` base) that owns
 * it; the public libraries charge nobody. Used inside the transactions that add or delete bytes.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, spaces, users } from '../../db/schema.ts';
import type { QuotaAccount } from './space-access.ts';

/** A database handle or an open transaction. */
type Tx = Pick<Db, 'select' | 'update'>;

/** The account that pays for a space id (a user id for personal spaces). */
export async function quotaAccountOf(tx: Tx, spaceId: string): Promise<QuotaAccount> {
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
}

/**
 * Charge `bytes` to an account when it stays within its quota.
 * @returns false when the quota would be exceeded (nothing changed).
 */
export async function chargeQuota(tx: Tx, account: QuotaAccount, bytes: number): Promise<boolean> {
  if (account.kind === 'none') return true;
  const t = account.kind === 'user' ? users : companies;
  const rows = await tx
    .update(t)
    .set({ usedBytes: sql`${t.usedBytes} + ${bytes}` })
    .where(and(eq(t.id, account.id), sql`${t.usedBytes} + ${bytes} <= ${t.quotaBytes}`))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** Give `bytes` back to an account (never below 0). */
export async function freeQuota(tx: Tx, account: QuotaAccount, bytes: number): Promise<void> {
  if (account.kind === 'none' || bytes <= 0) return;
  const t = account.kind === 'user' ? users : companies;
  await tx
    .update(t)
    .set({ usedBytes: sql`greatest(0, ${t.usedBytes} - ${bytes})` })
    .where(eq(t.id, account.id));
}

/** The locked quota row of an account ({used, quota}; `none` never runs out), or null. */
export async function lockQuota(
  tx: Tx & Pick<Db, 'select'>,
  account: QuotaAccount,
): Promise<{ used: number; quota: number } | null> {
  if (account.kind === 'none') return { used: 0, quota: Number.MAX_SAFE_INTEGER };
  const t = account.kind === 'user' ? users : companies;
  const [row] = await tx
    .select({ used: t.usedBytes, quota: t.quotaBytes })
    .from(t)
    .where(eq(t.id, account.id))
    .for('update');
  return row ?? null;
}
