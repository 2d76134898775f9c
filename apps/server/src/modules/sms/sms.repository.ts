/** SQL of SMS verification codes (issue 4). One intention-named method each. */
import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsCodes } from '../../db/schema/accounts.ts';
import type { SmsPurpose } from './sms.provider.ts';

export type SmsCodeRow = typeof smsCodes.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Repository of SMS codes. */
export function smsRepository(db: Db) {
  return {
    /**
     * Run `fn` in a transaction that holds the per-phone lock, so the 60 s and daily checks and the
     * insert of two concurrent sends to one phone cannot interleave.
     */
    async withPhoneLock<T>(phone: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
        return fn(tx);
      });
    },
    /** The newest code sent to `phone` for `purpose` (consumed or not). */
    async latest(tx: Tx | Db, phone: string, purpose: SmsPurpose): Promise<SmsCodeRow | undefined> {
      return (
        await tx
          .select()
          .from(smsCodes)
          .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
          .orderBy(desc(smsCodes.createdAt))
          .limit(1)
      )[0];
    },
    /** Codes sent to `phone` (every purpose) since `since`. */
    async countSince(tx: Tx, phone: string, since: Date): Promise<number> {
      const rows = await tx
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, since)));
      return rows[0]?.n ?? 0;
    },
    /** Close the still-open codes of `phone`/`purpose` (a new code replaces them). */
    async closeOpen(tx: Tx, phone: string, purpose: SmsPurpose): Promise<void> {
      await tx
        .update(smsCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)));
    },
    async insert(
      tx: Tx,
      row: { phone: string; purpose: SmsPurpose; codeHash: string; createdAt: Date; expiresAt: Date },
    ): Promise<SmsCodeRow> {
      return (await tx.insert(smsCodes).values(row).returning())[0]!;
    },
    /** Remove a code whose delivery failed (the phone may ask again at once). */
    async delete(id: string): Promise<void> {
      await db.delete(smsCodes).where(eq(smsCodes.id, id));
    },
    /** Drop codes of `phone` older than `before` (housekeeping at each send). */
    async deleteOlderThan(tx: Tx, phone: string, before: Date): Promise<void> {
      await tx.delete(smsCodes).where(and(eq(smsCodes.phone, phone), lt(smsCodes.createdAt, before)));
    },
    /** Drop every code created before `before` (periodic housekeeping); answers how many. */
    async deleteAllOlderThan(before: Date): Promise<number> {
      return (await db.delete(smsCodes).where(lt(smsCodes.createdAt, before)).returning({ id: smsCodes.id }))
        .length;
    },
    /**
     * Count one wrong attempt on an open code; answers the attempts after it, or null when the code
     * was already closed (used, replaced or out of attempts).
     */
    async addAttempt(id: string, maxAttempts: number): Promise<number | null> {
      const rows = await db
        .update(smsCodes)
        .set({
          attempts: sql`${smsCodes.attempts} + 1`,
          consumedAt: sql`case when ${smsCodes.attempts} + 1 >= ${maxAttempts} then now() else null end`,
        })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
        .returning({ attempts: smsCodes.attempts });
      return rows[0]?.attempts ?? null;
    },
    /** Mark an open code used; false when another request used it first. */
    async consume(id: string): Promise<boolean> {
      const rows = await db
        .update(smsCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },
  };
}
