/**
 * Crash recovery of conversions (issue 15), the part pg-boss cannot do. A job whose worker died is
 * retried by pg-boss itself once its heartbeat stops (jobs/queue.ts); this sweep looks after file
 * versions left at 1 排队中 or 2 转换中 with no live job (created, retry or active) in the
 * conversion queue:
 * - the version's latest job failed for good (its retries used up by crashed workers, or an error
 *   thrown on its last attempt): the version becomes 4 转换失败 with INTERRUPTED_REASON;
 * - it has no job at all, or only finished ones (a process killed between the status write and the
 *   job's send, a job deleted): it is queued again (status 1 with REQUEUED_MSG), the job throttled per
 *   version (queue.ts requeueConversion) so several workers sweeping together queue it once.
 * A version is acted on only when it was found so by two passes in a row (RECOVERY_INTERVAL_MS
 * apart), so a job that another process is about to send is never doubled; status writes are
 * conditional on the version still being at 1 or 2. The sweep runs in every worker process: a pass
 * at start-up, then one every RECOVERY_INTERVAL_MS; each pass checks at most PASS_LIMIT versions,
 * and also removes staging folders left by killed conversions (staging.ts).
 */
import type { PgBoss } from 'pg-boss';
import { StatusType } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { CONVERSION_QUEUE, ConversionJob, requeueConversion } from '../../jobs/queue.ts';
import { filesRepository } from '../files/files.repository.ts';
import type { VersionStatus } from '../versions/versions.repository.ts';
import { emitStatus, emitVersion } from '../../realtime/file-events.ts';
import { sweepStaging } from '../../storage/staging.ts';
import { conversionsRepository, type UnsettledVersion } from './conversions.repository.ts';

/** The reason a version gets when its conversion was interrupted more often than the retry limit. */
export const INTERRUPTED_REASON =
  '转换多次意外中断（服务器或转换进程退出），已停止自动重试，请重新上传文件或联系管理员';
/** The message of a version queued again because its job was lost. */
export const REQUEUED_MSG = '转换中断，已重新排队';
/** Milliseconds between two passes. */
export const RECOVERY_INTERVAL_MS = 30_000;
/** Versions checked per pass at most (each costs one job lookup). */
const PASS_LIMIT = 200;

/** What a version's conversion jobs say: one is live, the latest failed for good, or none is left. */
export type JobVerdict = 'live' | 'failed' | 'gone';

/** The fields of a pg-boss job the verdict reads. */
export interface JobSummary {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  data: unknown;
  createdOn: Date | string;
}

/**
 * The verdict on version `n` from conversion jobs of its file. A job names its version, or none (the
 * file's current version when it runs), which counts for the current version only.
 */
export function jobVerdict(jobs: JobSummary[], n: number, current: boolean): JobVerdict {
  const mine = jobs
    .filter((j) => {
      const parsed = ConversionJob.safeParse(j.data);
      if (!parsed.success) return false;
      return parsed.data.version === undefined ? current : parsed.data.version === n;
    })
    .sort((a, b) => new Date(a.createdOn).getTime() - new Date(b.createdOn).getTime());
  if (mine.some((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active')) return 'live';
  return mine.at(-1)?.state === 'failed' ? 'failed' : 'gone';
}

/** What one pass did. */
export interface RecoveryPass {
  /** Versions at 1 or 2 looked at. */
  checked: number;
  /** Queued again. */
  requeued: number;
  /** Marked 转换失败. */
  failed: number;
  /** Found without a live job for the first time (acted on at the next pass if still so). */
  watching: number;
  /** Staging folders removed. */
  stagingRemoved: number;
}

/**
 * Write `s` to version `n` of a file (and to the file row while `n` is current) only where it is still
 * at 1 or 2, and push the change. @returns whether anything was written.
 */
async function settleIfUnsettled(ctx: AppContext, u: UnsettledVersion, s: VersionStatus): Promise<boolean> {
  const { file, version } = await conversionsRepository(ctx.db).settleIfUnsettled(u, s);
  if (file) emitStatus(ctx, file);
  if (version) {
    const row = file ?? (await filesRepository(ctx.db).findById(u.fileId));
    if (row) emitVersion(ctx, row, u.n, 'status');
  }
  return Boolean(file || version);
}

/** The sweep's state across passes (the versions found without a live job by the previous pass). */
export function conversionRecovery(ctx: AppContext, boss: PgBoss) {
  let watched = new Set<string>();
  return {
    /** Run one pass (see the module docstring). @throws database errors. */
    async pass(): Promise<RecoveryPass> {
      const stagingRemoved = await sweepStaging(
        ctx.config.dataDir,
        2 * ctx.config.conversion.timeoutMs + 3_600_000,
      );
      const unsettled = await conversionsRepository(ctx.db).listUnsettled(PASS_LIMIT);
      const next = new Set<string>();
      const result: RecoveryPass = {
        checked: unsettled.length,
        requeued: 0,
        failed: 0,
        watching: 0,
        stagingRemoved,
      };
      for (const u of unsettled) {
        const jobs = await boss.findJobs(CONVERSION_QUEUE, { data: { fileId: u.fileId } });
        const verdict = jobVerdict(jobs, u.n, u.current);
        if (verdict === 'live') continue;
        const key = `${u.fileId}:${u.n}`;
        if (!watched.has(key)) {
          next.add(key);
          result.watching += 1;
          continue;
        }
        if (verdict === 'failed') {
          const written = await settleIfUnsettled(ctx, u, {
            statusType: StatusType.failed,
            progress: 0,
            statusMsg: INTERRUPTED_REASON,
          });
          if (written) result.failed += 1;
          continue;
        }
        if (!(await requeueConversion(boss, u.fileId, u.n))) continue;
        await settleIfUnsettled(ctx, u, {
          statusType: StatusType.queued,
          progress: 0,
          statusMsg: REQUEUED_MSG,
        });
        result.requeued += 1;
      }
      watched = next;
      return result;
    },
  };
}

/**
 * Start the sweep in a worker process: a pass now, then one every `intervalMs` (the timer never keeps
 * the process alive). Failures are logged and the next pass runs as usual.
 * @returns `stop`, which ends the timer and waits for a pass in flight.
 */
export function startConversionRecovery(
  ctx: AppContext,
  boss: PgBoss,
  intervalMs = RECOVERY_INTERVAL_MS,
): { stop: () => Promise<void> } {
  const recovery = conversionRecovery(ctx, boss);
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = recovery
      .pass()
      .then((r) => {
        if (r.requeued || r.failed || r.stagingRemoved) ctx.log.info(r, 'conversion recovery');
      })
      .catch((err: unknown) => {
        if (!stopped) ctx.log.warn({ err }, 'conversion recovery pass failed');
      });
  };
  run();
  const timer = setInterval(() => void running.then(run), intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
