/**
 * The crash-recovery sweep (conversion-recovery.ts) on a real app: a version left at 转换中 whose job
 * is gone is queued again and converted; one whose last job failed for good ends 转换失败 with the
 * reason; one with a live job is left alone; nothing happens before a second pass confirms it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Api, StatusType, type FileRowValue } from '@bimdrive/contracts';
import { files, fileVersions } from '../../db/schema/files.ts';
import { CONVERSION_QUEUE } from '../../jobs/queue.ts';
import { call, testDbKind, uploadTestFile, waitForStatus } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { conversionRecovery, INTERRUPTED_REASON, REQUEUED_MSG } from './conversion-recovery.ts';

describe(`conversion recovery sweep (${testDbKind})`, () => {
  const [t, u] = useTestApp({ users: ['测试用户'] });

  const info = async (iuid: string) =>
    (await call<FileRowValue>(t, 'GET', Api.fileInfo, { token: u.token, query: { IUID: iuid } })).body.data;

  /** Wait until the file's conversion jobs have all finished (the model preview runs after status 3). */
  const jobsFinished = async (iuid: string) => {
    for (let i = 0; i < 150; i++) {
      const jobs = await t.built.boss.findJobs(CONVERSION_QUEUE, { data: { fileId: iuid } });
      if (jobs.every((j) => j.state === 'completed')) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('conversion jobs still running');
  };

  /** Put a converted file back at 转换中 57 %, as a killed worker leaves it. */
  const strand = async (iuid: string) => {
    const s = { statusType: StatusType.converting, progress: 57, statusMsg: '' };
    await t.built.ctx.db.update(files).set(s).where(eq(files.id, iuid));
    await t.built.ctx.db.update(fileVersions).set(s).where(eq(fileVersions.fileId, iuid));
  };

  it('queues again a version at 转换中 whose job is gone, after a second pass; it converts', async () => {
    const iuid = await uploadTestFile(t, u.token, 'ifc/just_wall.ifc');
    expect((await waitForStatus(t, u.token, iuid)).statusType).toBe(StatusType.done);
    await jobsFinished(iuid);
    await strand(iuid); // its only job is completed
    const sweep = conversionRecovery(t.built.ctx, t.built.boss);
    const first = await sweep.pass();
    expect(first).toMatchObject({ requeued: 0, failed: 0, watching: 1 });
    expect((await info(iuid)).statusType).toBe(StatusType.converting);
    const second = await sweep.pass();
    expect(second).toMatchObject({ requeued: 1, failed: 0 });
    const row = await info(iuid);
    expect(row.statusType === StatusType.queued || row.statusType === StatusType.converting).toBe(true);
    if (row.statusType === StatusType.queued) expect(row.statusMsg).toBe(REQUEUED_MSG);
    // A third pass finds its job live and leaves it alone.
    expect(await sweep.pass()).toMatchObject({ requeued: 0, failed: 0, watching: 0 });
    const done = await waitForStatus(t, u.token, iuid);
    expect(done).toMatchObject({ statusType: StatusType.done, statusMsg: '' });
  });

  it('marks 转换失败 with the reason a version whose last job failed for good', async () => {
    const iuid = await uploadTestFile(t, u.token, 'ifc/SimpleWall.ifc');
    expect((await waitForStatus(t, u.token, iuid)).statusType).toBe(StatusType.done);
    await jobsFinished(iuid);
    // The job of a worker that died on its last attempt: failed, no retry left.
    const boss = t.built.boss;
    const id = await boss.send(
      CONVERSION_QUEUE,
      { v: 1, fileId: iuid, version: 1 },
      { retryLimit: 0, startAfter: 3600 },
    );
    await boss.fail(CONVERSION_QUEUE, id!, { message: 'job heartbeat timeout' });
    await strand(iuid);
    const sweep = conversionRecovery(t.built.ctx, boss);
    expect(await sweep.pass()).toMatchObject({ failed: 0, watching: 1 });
    expect(await sweep.pass()).toMatchObject({ failed: 1, requeued: 0 });
    expect(await info(iuid)).toMatchObject({ statusType: StatusType.failed, statusMsg: INTERRUPTED_REASON });
    // Settled: the next pass has nothing to do.
    expect(await sweep.pass()).toMatchObject({ checked: 0 });
  });
});
