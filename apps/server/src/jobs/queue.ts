/**
 * Job queue (pg-boss) in the same database: on PGlite through pg-boss's PGlite adapter, on PostgreSQL
 * through its own pool. Queues: `conversion` (one job per convertible upload, retried with back-off
 * on transient failures), `thumbnail` (one job per file version that can have a picture in the file
 * table, issue 14; never touches conversion statuses) and `uploads-cleanup` (scheduled every 15 minutes).
 *
 * Crash recovery (issue 15): a conversion job heartbeats while it runs (pg-boss `heartbeatSeconds`,
 * CONVERSION_HEARTBEAT_SECONDS; refreshed every half of it). When its worker dies (kill -9, power
 * loss) the heartbeat stops and the supervisor, which every instance runs every SUPERVISE_SECONDS
 * (one at a time, by a claim in the database), fails it as "job heartbeat timeout"; pg-boss then
 * retries it on any live worker after its back-off (5–10 s for the first retry), up to the retry
 * limit. A killed worker's job is thus running again about 20–40 s after the kill (measured by
 * modules/conversions/crash-recovery.int.test.ts). The 3 h expiry stays as the bound of a job that
 * still heartbeats but never ends. When the retries are used up, conversion-recovery.ts marks the
 * file 转换失败 with a reason.
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

/** Seconds without a heartbeat after which a running conversion job counts as dead (pg-boss minimum: 10). */
export const CONVERSION_HEARTBEAT_SECONDS = 15;
/** Seconds between two supervisor passes (expiry, lost heartbeats) and queue monitor passes. */
export const SUPERVISE_SECONDS = 10;

/** Options of the conversion queue, applied at every start (existing queues are updated). */
const CONVERSION_QUEUE_OPTIONS = {
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds: 3 * 3600,
  heartbeatSeconds: CONVERSION_HEARTBEAT_SECONDS,
};

/** Start pg-boss on the app's database and create the queues. */
export async function startQueue(handle: DbHandle, opts: { schedule: boolean }): Promise<PgBoss> {
  const common = {
    schedule: opts.schedule,
    supervise: true,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  };
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(handle.client), ...common })
      : new PgBoss({ connectionString: handle.url, ...common, max: 4 });
  boss.on('error', (err) => console.error('[pg-boss]', err));
  await boss.start();
  await boss.createQueue(CONVERSION_QUEUE, CONVERSION_QUEUE_OPTIONS);
  // createQueue leaves an existing queue as it was: installations from before heartbeats get them here.
  await boss.updateQueue(CONVERSION_QUEUE, CONVERSION_QUEUE_OPTIONS);
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

/**
 * Queue a conversion of version `version` of a file again after a crash (conversion-recovery.ts), at
 * most once per file version every 5 minutes across all processes (pg-boss throttling by key), so
 * two workers recovering together queue it once.
 * @returns whether a job was queued (false: one was already queued in this window).
 */
export async function requeueConversion(boss: PgBoss, fileId: string, version: number): Promise<boolean> {
  const payload: ConversionJobValue = { v: 1, fileId, version };
  return (
    (await boss.sendThrottled(CONVERSION_QUEUE, payload, {}, 300, `recover:${fileId}:${version}`)) !== null
  );
}

/** Queue a thumbnail of a file version (absent = the current one). */
export async function enqueueThumbnail(boss: PgBoss, fileId: string, version?: number): Promise<void> {
  const payload: ThumbnailJobValue = { v: 1, fileId, ...(version !== undefined ? { version } : {}) };
  await boss.send(THUMBNAIL_QUEUE, payload);
}
