/**
 * Job queue (pg-boss) in the same database: on PGlite through pg-boss's PGlite adapter, on PostgreSQL
 * through its own pool. Queues: `conversion` (one job per convertible upload, retried with back-off
 * on transient failures), `thumbnail` (one job per file version that can have a picture in the file
 * table, issue 14; never touches conversion statuses) and `uploads-cleanup` (scheduled every 15 minutes).
 */
import { PgBoss, fromPglite } from 'pg-boss';
import { z } from 'zod';
import type { DbHandle } from '../db/client.ts';

export const CONVERSION_QUEUE = 'conversion';
export const CLEANUP_QUEUE = 'uploads-cleanup';
export const THUMBNAIL_QUEUE = 'thumbnail';

/**
 * Versioned payload of a conversion job, validated at the worker. `version` is the file version to
 * convert (issue 5); absent (older jobs) means the file's current version.
 */
export const ConversionJob = z.object({
  v: z.literal(1),
  fileId: z.uuid(),
  version: z.number().int().min(1).optional(),
});
export type ConversionJobValue = z.infer<typeof ConversionJob>;

/** Versioned payload of a thumbnail job (modules/thumbnails): the file and its version (absent = current). */
export const ThumbnailJob = z.object({
  v: z.literal(1),
  fileId: z.uuid(),
  version: z.number().int().min(1).optional(),
});
export type ThumbnailJobValue = z.infer<typeof ThumbnailJob>;

/** Start pg-boss on the app's database and create the queues. */
export async function startQueue(handle: DbHandle, opts: { schedule: boolean }): Promise<PgBoss> {
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(handle.client), schedule: opts.schedule, supervise: true })
      : new PgBoss({ connectionString: handle.url, schedule: opts.schedule, supervise: true, max: 4 });
  boss.on('error', (err) => console.error('[pg-boss]', err));
  await boss.start();
  await boss.createQueue(CONVERSION_QUEUE, {
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 3 * 3600,
  });
  await boss.createQueue(CLEANUP_QUEUE, { retryLimit: 0 });
  // A thumbnail is best effort: one retry (a database hiccup), expired after 5 minutes.
  await boss.createQueue(THUMBNAIL_QUEUE, { retryLimit: 1, retryDelay: 10, expireInSeconds: 300 });
  return boss;
}

/** Queue a conversion of a file. */
export async function enqueueConversion(boss: PgBoss, fileId: string, version?: number): Promise<void> {
  const payload: ConversionJobValue = { v: 1, fileId, ...(version !== undefined ? { version } : {}) };
  await boss.send(CONVERSION_QUEUE, payload);
}

/** Queue a thumbnail of a file version (absent = the current one). */
export async function enqueueThumbnail(boss: PgBoss, fileId: string, version?: number): Promise<void> {
  const payload: ThumbnailJobValue = { v: 1, fileId, ...(version !== undefined ? { version } : {}) };
  await boss.send(THUMBNAIL_QUEUE, payload);
}
