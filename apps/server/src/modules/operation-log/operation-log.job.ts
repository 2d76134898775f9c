/**
 * Retention of the operation log: a pg-boss queue `operation-log-cleanup`, scheduled daily at
 * 03:17, removes entries older than OPERATION_LOG_RETENTION_DAYS (default 180). One pass at a time
 * (singleton); a failed pass is simply done again the next day.
 */
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../app-context.ts';
import type { OperationLogService } from './operation-log.service.ts';

/** The pg-boss queue of the daily retention pass. */
export const OPERATION_LOG_QUEUE = 'operation-log-cleanup';

/** Create the queue, schedule it and work it in this process (roles all and worker). */
export async function startOperationLogJob(
  ctx: AppContext,
  boss: PgBoss,
  log: OperationLogService,
): Promise<void> {
  await boss.createQueue(OPERATION_LOG_QUEUE, { retryLimit: 0, expireInSeconds: 3600, policy: 'singleton' });
  await boss.schedule(OPERATION_LOG_QUEUE, '17 3 * * *');
  await boss.work(OPERATION_LOG_QUEUE, async () => {
    const removed = await log.purge();
    if (removed > 0) ctx.log.info({ removed }, 'old operation-log entries removed');
  });
}
