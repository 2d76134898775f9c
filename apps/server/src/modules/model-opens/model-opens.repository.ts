/**
 * SQL of the models open in a viewer (table `model_opens`; 001 §8 -120, issue 13). One row per socket
 * and file; a row is live while its `heartbeat_at` is at or after `staleBefore` (the caller passes
 * now − MODEL_OPEN_TTL_MS). Every API node reads and writes the same table, so an action refused on one
 * node sees a model opened through another.
 */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { modelOpens } from '../../db/schema/files.ts';

/** An open-model row. */
export type ModelOpenRow = typeof modelOpens.$inferSelect;

/** Repository of open models. */
export function modelOpensRepository(db: Db) {
  return {
    /** Record (or refresh) that a socket shows version `version` of a file. */
    async open(e: {
      socketId: string;
      tabId: string;
      userId: string;
      fileId: string;
      version: number;
      now: Date;
    }): Promise<void> {
      const { now, ...row } = e;
      await db
        .insert(modelOpens)
        .values({ ...row, openedAt: now, heartbeatAt: now })
        .onConflictDoUpdate({
          target: [modelOpens.socketId, modelOpens.fileId],
          set: { tabId: row.tabId, userId: row.userId, version: row.version, heartbeatAt: now },
        });
    },

    /**
     * Refresh a socket's entry of a file. Never creates one: a tab whose model was force-closed meanwhile
     * does not lock it again by a late heartbeat. @returns whether the entry exists.
     */
    async heartbeat(socketId: string, fileId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(modelOpens)
        .set({ heartbeatAt: now })
        .where(and(eq(modelOpens.socketId, socketId), eq(modelOpens.fileId, fileId)))
        .returning({ fileId: modelOpens.fileId });
      return rows.length > 0;
    },

    /** Forget a socket's entry of a file (the tab closed the preview). */
    async close(socketId: string, fileId: string): Promise<void> {
      await db
        .delete(modelOpens)
        .where(and(eq(modelOpens.socketId, socketId), eq(modelOpens.fileId, fileId)));
    },

    /** Forget every entry of a socket (it disconnected or signed in as someone else). */
    async closeSocket(socketId: string): Promise<void> {
      await db.delete(modelOpens).where(eq(modelOpens.socketId, socketId));
    },

    /** Live entries of one file. */
    async liveOn(fileId: string, staleBefore: Date): Promise<ModelOpenRow[]> {
      return db
        .select()
        .from(modelOpens)
        .where(and(eq(modelOpens.fileId, fileId), gte(modelOpens.heartbeatAt, staleBefore)));
    },

    /** Live entries of a file or folder and of everything inside it (a folder delete takes them all). */
    async liveInTree(rootId: string, staleBefore: Date): Promise<ModelOpenRow[]> {
      const tree = sql`(with recursive tree as (
          select id from files where id = ${rootId}
          union all
          select f.id from files f join tree t on f.parent_id = t.id
        ) select id from tree)`;
      return db
        .select()
        .from(modelOpens)
        .where(and(sql`${modelOpens.fileId} in ${tree}`, gte(modelOpens.heartbeatAt, staleBefore)));
    },

    /** Remove the entries of a file held by the given sockets (after they were told to close). */
    async removeOn(fileId: string, socketIds: string[]): Promise<void> {
      if (socketIds.length === 0) return;
      await db
        .delete(modelOpens)
        .where(and(eq(modelOpens.fileId, fileId), inArray(modelOpens.socketId, socketIds)));
    },

    /** Delete entries whose heartbeat stopped (crashed tabs or nodes). @returns how many. */
    async pruneStale(staleBefore: Date): Promise<number> {
      const rows = await db
        .delete(modelOpens)
        .where(lt(modelOpens.heartbeatAt, staleBefore))
        .returning({ fileId: modelOpens.fileId });
      return rows.length;
    },
  };
}
export type ModelOpensRepository = ReturnType<typeof modelOpensRepository>;
