/**
 * Share limits (001 §2 share dialog, §5, §8, §9; 000 §9): active shares count against the plan of
 * the sharing account, or of its company for company files; over the limit the share call is
 * refused (403, code -2, a Chinese message, data = the share-limit response with the accounts
 * table); cancelled and expired links do not count; the free trial and "over 500" are unlimited.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Api, ResultCode, type ShareCreatedValue } from '@bimdrive/contracts';
import { companies, users } from '../../db/schema/accounts.ts';
import { shares } from '../../db/schema/files.ts';
import { call, testDbKind, uploadBytes, type TestUser } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { seedCompany, seedProject } from '../../test/seeded-spaces.ts';
import { shareEntry } from '../../test/share-entry.ts';
import type { ShareLimitResult } from './share-limit.ts';

describe(`share limits by plan (${testDbKind})`, () => {
  const [t, solo, trial, boss, staff] = useTestApp({ users: ['个人套餐', '试用用户', '管理员', '员工'] });
  let soloFile = '';
  let trialFile = '';
  let projectFile = '';
  let companyId = '';

  const db = () => t.built.ctx.db;
  const share = (u: TestUser, iuid: string, n = 1) =>
    call<ShareCreatedValue | ShareLimitResult>(t, 'POST', Api.share, {
      token: u.token,
      body: Array.from({ length: n }, () => shareEntry(iuid, { Isvisible: '1' })),
    });

  beforeAll(async () => {
    await db().update(users).set({ planId: 'personal' }).where(eq(users.id, solo.login.userID));
    soloFile = await uploadBytes(t, solo.token, 'a.txt', new TextEncoder().encode('solo'));
    trialFile = await uploadBytes(t, trial.token, 'b.txt', new TextEncoder().encode('trial'));
    companyId = await seedCompany(
      t,
      { name: '限额公司', creditCode: `LIMIT${Date.now()}`, quotaBytes: 1_000_000, planId: 'corp-5' },
      [boss, staff],
    );
    const projectId = await seedProject(t, { name: '限额项目', companyId, creator: boss }, [
      [boss, 'manager'],
      [staff, 'editor'],
    ]);
    projectFile = await uploadBytes(
      t,
      boss.token,
      'p.txt',
      new TextEncoder().encode('project file'),
      '',
      projectId,
    );
  });

  it('the personal plan allows 5 active shares; the 6th is refused with the limit notice data', async () => {
    expect((await share(solo, soloFile, 3)).body.code).toBe(1);
    const two = await share(solo, soloFile, 3);
    expect(two.status).toBe(403);
    expect(two.body.code).toBe(ResultCode.refused);
    expect(two.body.msg).toMatch(/套餐上限 5 个/);
    expect(two.body.data).toEqual({
      shareCountError: true,
      limitShareCount: 5,
      shareFileCount: 6,
      isview: true,
      viewData: [{ userName: '个人套餐', shareCount: 3 }],
      scope: 'person',
    });
    expect((await share(solo, soloFile, 2)).body.code).toBe(1);
    // The dialog's check (DrawingShareCheckForWeb) answers the same notice data before the form.
    const check = await call<ShareLimitResult>(t, 'POST', Api.shareCheck, {
      token: solo.token,
      body: [{ MainIUID: soloFile, ShareType: 7 }],
    });
    expect(check.body.data).toEqual({
      shareCountError: true,
      limitShareCount: 5,
      shareFileCount: 6,
      isview: true,
      viewData: [{ userName: '个人套餐', shareCount: 5 }],
      scope: 'person',
    });
    const sixth = await share(solo, soloFile);
    expect(sixth.status).toBe(403);
    // A cancelled link frees its place.
    const [first] = await db().select().from(shares).where(eq(shares.ownerId, solo.login.userID)).limit(1);
    await call(t, 'POST', Api.shareCancel, { token: solo.token, body: { shareCode: first!.code } });
    expect((await share(solo, soloFile)).body.code).toBe(1);
  });

  it('the free trial is unlimited', async () => {
    for (let i = 0; i < 3; i += 1) expect((await share(trial, trialFile, 3)).body.code).toBe(1);
  });

  it("company files count against the company's plan, every member together; expired links do not count", async () => {
    // 23 live links by the administrator, 5 expired ones that no longer count.
    const rows = Array.from({ length: 28 }, (_, i) => ({
      code: `lim${companyId.slice(0, 8)}${i}`,
      ownerId: boss.login.userID,
      fileId: projectFile,
      isPublic: true,
      allowDownload: false,
      expiresAt: i < 5 ? new Date(Date.now() - 60_000) : null,
    }));
    await db().insert(shares).values(rows);
    expect((await share(staff, projectFile, 2)).body.code).toBe(1); // 25 of 25
    const over = await share(staff, projectFile);
    expect(over.status).toBe(403);
    expect(over.body.msg).toMatch(/企业管理员/);
    expect(over.body.data).toMatchObject({
      shareCountError: true,
      limitShareCount: 25,
      shareFileCount: 26,
      scope: 'corp',
    });
    expect((over.body.data as ShareLimitResult).viewData).toEqual([
      { userName: '管理员', shareCount: 23 },
      { userName: '员工', shareCount: 2 },
    ]);
    // The staff member's own files still follow their own (trial) plan.
    const own = await uploadBytes(t, staff.token, 'own.txt', new TextEncoder().encode('own'));
    expect((await share(staff, own)).body.code).toBe(1);
    // "Over 500" is unlimited.
    await db().update(companies).set({ planId: 'corp-unlimited' }).where(eq(companies.id, companyId));
    expect((await share(staff, projectFile, 5)).body.code).toBe(1);
  });
});
