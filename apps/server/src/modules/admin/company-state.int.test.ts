/**
 * Company usage state and company detail (issue 16; 001 §2 /companyManagement, §7
 * `UpdateCorpUsingStatus`, `SystemSetting/GetCorpSpace`; 000 §2 /corpDetail):
 * - the two spec calls and the detail/order calls answer 403 to people without the right and work
 *   for a system administrator;
 * - a disabled company's projects, project files, company library and share links are refused to
 *   everybody with the 停用 message, its members keep their personal space and can sign in, and
 *   enabling restores everything at once; both changes are in the operation log;
 * - a company's orders are listed for its administrators and system administrators only.
 * Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  type AdminCompanyPageValue,
  type CompanyOrdersValue,
  type CorpDetailValue,
  type CorpSpacePageValue,
  type OperationLogPageValue,
  type ShareCreatedValue,
} from '@bimdrive/contracts';
import { orders } from '../../db/schema/orders.ts';
import {
  call,
  makeSystemAdministrator,
  TESTDATA,
  testDbKind,
  tusCreate,
  uploadTestFile,
  type TestUser,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { CODE_X, CODE_Y, companyWithMembers, createCompany } from '../../test/companies-fixture.ts';
import { createProject } from '../../test/projects-fixture.ts';
import { shareEntry } from '../../test/share-entry.ts';
import { COMPANY_DISABLED_MSG } from '../companies/company-state.ts';

const IMAGE = 'images/SimpleWall_Screenshot_1.png';

describe(`company usage state and detail (${testDbKind})`, () => {
  // root: system administrator
  // boss: administrator of company A
  // staff: member of company A
  // bossB: administrator of company B
  // plain: no company
  const [t, root, boss, staff, bossB, plain] = useTestApp({
    users: ['系统管理员', '甲管理员', '甲员工', '乙管理员', '无企业'],
  });
  let corpA = '';
  let corpB = '';
  let projectId = '';
  let projectFile = '';
  let shareCode = '';

  const setState = (who: TestUser, corpId: string, state: 'normal' | 'disabled') =>
    call(t, 'GET', Api.adminUpdateCorpUsingStatus, { token: who.token, query: { corpId, state } });

  beforeAll(async () => {
    await makeSystemAdministrator(t, root);
    // staff joins A through the ordinary application.
    corpA = await companyWithMembers(t, boss, '甲建设集团', CODE_X, [staff]);
    corpB = await createCompany(t, bossB, '乙设计院', CODE_Y);
    // A project of A with a file in it (staff is a member through the admin's default), shared by boss.
    projectId = (await createProject(t, boss, '停用测试项目')).iuid;
    projectFile = await uploadTestFile(t, boss.token, IMAGE, '', projectId);
    const s = await call<ShareCreatedValue>(t, 'POST', Api.share, {
      token: boss.token,
      body: [shareEntry(projectFile, { Isvisible: '1', Isallow: '1' })],
    });
    expect(s.body.code).toBe(1);
    shareCode = s.body.data.shareCode;
  }, 120_000);

  it('answers 403 to everybody but system administrators for UpdateCorpUsingStatus and GetCorpSpace', async () => {
    for (const who of [plain, staff, boss]) {
      const up = await setState(who, corpB, 'disabled');
      expect(up.status, who.login.userName).toBe(403);
      const sp = await call(t, 'POST', Api.adminCorpSpace, { token: who.token, body: {} });
      expect(sp.status, who.login.userName).toBe(403);
    }
    // Nothing changed by the refused calls.
    const list = await call<AdminCompanyPageValue>(t, 'GET', Api.adminCompanyList, {
      token: root.token,
      query: { search: '乙设计院' },
    });
    expect(list.body.data.list[0]?.state).not.toBe('停用');
    // Unknown company: 404; bad state: 400.
    expect((await setState(root, '00000000-0000-4000-8000-000000000000', 'disabled')).status).toBe(404);
    const bad = await call(t, 'GET', Api.adminUpdateCorpUsingStatus, {
      token: root.token,
      query: { corpId: corpB, state: 'frozen' },
    });
    expect(bad.status).toBe(400);
  });

  it('GetCorpSpace answers the storage of every company with totals for a system administrator', async () => {
    const r = await call<CorpSpacePageValue>(t, 'POST', Api.adminCorpSpace, {
      token: root.token,
      body: { page: 1, rows: 50 },
    });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(1);
    const a = r.body.data.list.find((c) => c.corpId === corpA)!;
    const b = r.body.data.list.find((c) => c.corpId === corpB)!;
    expect(a.corpName).toBe('甲建设集团');
    // The project upload is charged to company A.
    const size = (await readFile(path.join(TESTDATA, IMAGE))).length;
    expect(a.usedSpace).toBe(size);
    expect(a.usableSpace).toBeGreaterThan(0);
    expect(a.usedPercent).toBe(Math.round((size / a.usableSpace) * 10000) / 100);
    expect(b.usedSpace).toBe(0);
    expect(r.body.data.count).toBe(2);
    expect(r.body.data.totalUsed).toBe(size);
    expect(r.body.data.totalQuota).toBe(a.usableSpace + b.usableSpace);
    // Most used first, and the search narrows it.
    expect(r.body.data.list[0]!.corpId).toBe(corpA);
    const only = await call<CorpSpacePageValue>(t, 'POST', Api.adminCorpSpace, {
      token: root.token,
      body: { search: '乙设计' },
    });
    expect(only.body.data.list.map((c) => c.corpId)).toEqual([corpB]);
  });

  it("refuses a disabled company's projects, files, library and share links to everybody, and restores them", async () => {
    const projectList = (u: TestUser) =>
      call(t, 'GET', Api.projectList, { token: u.token, query: { scope: 'all' } });
    const projectFiles = (u: TestUser) =>
      call(t, 'GET', Api.myDocumentList, { token: u.token, query: { spaceId: projectId } });
    const fileInfo = (u: TestUser) =>
      call(t, 'GET', Api.fileInfo, { token: u.token, query: { IUID: projectFile } });
    const library = (u: TestUser) =>
      call(t, 'GET', Api.libraryGet, { token: u.token, query: { kind: 'Company' } });
    const shareInfo = () => call(t, 'GET', Api.shareInfo, { query: { code: shareCode } });
    /** In use: the projects, library, project file and share link of A answer its members. */
    const expectAllAnswer = async () => {
      for (const u of [boss, staff]) {
        expect((await projectList(u)).body.code).toBe(1);
        expect((await library(u)).body.code).toBe(1);
      }
      expect((await projectFiles(boss)).status).toBe(200);
      expect((await fileInfo(boss)).status).toBe(200);
      expect((await shareInfo()).status).toBe(200);
    };

    await expectAllAnswer();

    const off = await setState(root, corpA, 'disabled');
    expect(off.status).toBe(200);
    expect(off.body.msg).toBe('已停用');

    for (const u of [boss, staff]) {
      for (const r of [await projectList(u), await library(u)]) {
        expect(r.status).toBe(403);
        expect(r.body.msg).toBe(COMPANY_DISABLED_MSG);
      }
    }
    for (const r of [await projectFiles(boss), await fileInfo(boss), await shareInfo()]) {
      expect(r.status).toBe(403);
      expect(r.body.msg).toBe(COMPANY_DISABLED_MSG);
    }
    // Uploads into the project are refused too.
    const up = await tusCreate(t, boss.token, 5, { filename: 'x.txt', folderId: '', spaceId: projectId });
    expect(up.status).toBe(403);
    // The members keep their personal space and can still sign in.
    const own = await uploadTestFile(t, staff.token, IMAGE);
    expect(own).toBeTruthy();
    expect(
      (await call(t, 'GET', Api.myDocumentList, { token: staff.token, query: { spaceId: '' } })).status,
    ).toBe(200);
    const login = await call(t, 'POST', Api.login, {
      body: { phone: staff.phone, password: staff.password },
    });
    expect(login.body.code).toBe(1);
    staff.token = (login.body.data as { token: string }).token;
    // Another company is untouched.
    expect((await library(bossB)).body.code).toBe(1);
    // The list shows 停用, and the state filter finds it.
    const listed = await call<AdminCompanyPageValue>(t, 'GET', Api.adminCompanyList, {
      token: root.token,
      query: { state: '停用' },
    });
    expect(listed.body.data.list.map((c) => c.corpId)).toEqual([corpA]);
    // Disabling twice changes nothing (one log entry).
    expect((await setState(root, corpA, 'disabled')).status).toBe(200);

    const on = await setState(root, corpA, 'normal');
    expect(on.body.msg).toBe('已启用');
    await expectAllAnswer();
    const back = await call<AdminCompanyPageValue>(t, 'GET', Api.adminCompanyList, {
      token: root.token,
      query: { search: '甲建设集团' },
    });
    expect(back.body.data.list[0]?.state).not.toBe('停用');

    // The operation log: one disable and one enable, visible to the company's administrator too.
    const log = await call<OperationLogPageValue>(t, 'GET', Api.adminOperationLog, {
      token: boss.token,
      query: { action: 'admin.company.', rows: '50' },
    });
    expect(log.body.data.list.map((e) => e.action).sort()).toEqual([
      'admin.company.disable',
      'admin.company.enable',
    ]);
    expect(log.body.data.list[0]).toMatchObject({
      objectType: 'company',
      objectId: corpA,
      objectName: '甲建设集团',
    });
  });

  it('answers /corpDetail to the company administrators and system administrators only', async () => {
    const detail = (u: TestUser, corpId?: string) =>
      call<CorpDetailValue>(t, 'GET', Api.corpDetail, { token: u.token, query: corpId ? { corpId } : {} });
    const mine = await detail(boss);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      corpId: corpA,
      corpName: '甲建设集团',
      creditCode: CODE_X,
      memberCount: 2,
      canAdminister: false,
    });
    expect((await detail(boss, corpA)).status).toBe(200);
    expect((await detail(root, corpA)).body.data).toMatchObject({ corpId: corpA, canAdminister: true });
    expect((await detail(boss, corpB)).status).toBe(403);
    expect((await detail(staff)).status).toBe(403);
    expect((await detail(plain, corpA)).status).toBe(403);
    expect((await detail(plain)).status).toBe(404);
  });

  it("lists a company's orders for its administrators and system administrators only", async () => {
    const db = t.built.ctx.db;
    const base = {
      planId: 'corp-5',
      periodId: 'y1',
      months: 12,
      amountFen: 100,
      channel: 'wechat',
      description: '测试订单',
      expiresAt: new Date(Date.now() + 3600_000),
    };
    await db.insert(orders).values([
      { ...base, orderNo: 'BDTESTCORPA0001', userId: boss.login.userID, companyId: corpA },
      { ...base, orderNo: 'BDTESTCORPB0001', userId: bossB.login.userID, companyId: corpB },
      { ...base, orderNo: 'BDTESTPERS00001', userId: boss.login.userID, companyId: null, planId: 'personal' },
    ]);
    const of = (u: TestUser, corpId: string) =>
      call<CompanyOrdersValue>(t, 'GET', Api.corpOrders, { token: u.token, query: { corpId } });
    for (const u of [boss, root]) {
      const r = await of(u, corpA);
      expect(r.status).toBe(200);
      expect(r.body.data.map((o) => o.orderNo)).toEqual(['BDTESTCORPA0001']);
      expect(r.body.data[0]).toMatchObject({ type: 'corp', buyerName: '甲管理员', buyerPhone: boss.phone });
    }
    expect((await of(bossB, corpA)).status).toBe(403);
    expect((await of(staff, corpA)).status).toBe(403);
    expect((await of(plain, corpA)).status).toBe(403);
    expect((await of(root, corpB)).body.data.map((o) => o.orderNo)).toEqual(['BDTESTCORPB0001']);
  });
});
