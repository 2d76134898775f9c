/**
 * Companies and membership (spec 000 §4 join application states, §5 join rules, §6 roles enforced
 * on the server, §7 calls, §8 accessApply): creating with a checked credit code, searching, applying,
 * live notices to administrators and the applicant, approving and rejecting, member roles, leaving,
 * and refusals for members, outsiders and other companies' administrators.
 */
import { describe, expect, it } from 'vitest';
import { Api, HubEvents, type SessionUserValue } from '@bimdrive/contracts';
import type { Socket } from 'socket.io-client';
import { call, connectHub, testDbKind, type TestUser } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { CODE_X, CODE_Y } from '../../test/companies-fixture.ts';

const nextEvent = (socket: Socket, event: string) =>
  new Promise<unknown>((resolve) => socket.once(event, resolve));

describe(`companies (${testDbKind})`, () => {
  const [t, admin, applicant, rejected, outsider] = useTestApp({
    users: ['管理员甲', '申请人乙', '申请人丙', '外人丁'],
  });
  let corpX = '';

  const me = async (u: TestUser) =>
    (await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: u.token })).body.data;

  it('creates a company with a checked credit code; the creator becomes its administrator', async () => {
    const bad = await call(t, 'POST', Api.companyCreate, {
      token: admin.token,
      body: { name: '甲建设', code: '91350100M000100Y44' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('组织机构代码校验失败，请核对后重新输入');
    const short = await call(t, 'POST', Api.companyCreate, {
      token: admin.token,
      body: { name: '甲建设', code: '9135' },
    });
    expect(short.body.msg).toBe('请输入18位组织机构代码');

    const ok = await call<{ corpId: string; iscorpadmin: boolean }>(t, 'POST', Api.companyCreate, {
      token: admin.token,
      body: { name: '甲建设集团', code: CODE_X.toLowerCase() },
    });
    expect(ok.body.code).toBe(1);
    expect(ok.body.data.iscorpadmin).toBe(true);
    corpX = ok.body.data.corpId;
    expect(await me(admin)).toMatchObject({ corpIdbit: true, iscorpadmin: true, corpName: '甲建设集团' });

    const again = await call(t, 'POST', Api.companyCreate, {
      token: admin.token,
      body: { name: '再建', code: CODE_Y },
    });
    expect(again.status).toBe(409);
    const taken = await call(t, 'POST', Api.companyCreate, {
      token: outsider.token,
      body: { name: '冒名', code: CODE_X },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('该组织机构代码已被注册');
    const other = await call(t, 'POST', Api.companyCreate, {
      token: outsider.token,
      body: { name: '丁设计院', code: CODE_Y },
    });
    expect(other.body.code).toBe(1);
  });

  it('an application is pending until an administrator approves it, with live notices both ways', async () => {
    const found = await call<Array<{ corpId: string; corpName: string; code: string }>>(
      t,
      'POST',
      Api.companySearch,
      {
        token: applicant.token,
        body: { CorpName: '建设', page: 1, rows: 999 },
      },
    );
    expect(found.body.data).toEqual([{ corpId: corpX, corpName: '甲建设集团', code: CODE_X }]);

    const mismatch = await call(t, 'POST', Api.companyJoin, {
      token: applicant.token,
      body: { name: '丁设计院', code: CODE_X, userName: '乙', useUserName: false },
    });
    expect(mismatch.status).toBe(400);

    const adminSocket = await connectHub(t, admin.token);
    const applicantSocket = await connectHub(t, applicant.token);
    try {
      const redDot = nextEvent(adminSocket, HubEvents.companyApply);
      const listRefresh = nextEvent(adminSocket, HubEvents.companyApplyList);
      const join = await call(t, 'POST', Api.companyJoin, {
        token: applicant.token,
        body: { name: '甲建设集团', code: CODE_X, userName: '乙（结构）', useUserName: false },
      });
      expect(join.body).toMatchObject({ code: 1, msg: '申请已提交，请等待管理员审核' });
      expect(await redDot).toEqual({ notDealApply: true });
      await listRefresh;
      const twice = await call(t, 'POST', Api.companyJoin, {
        token: applicant.token,
        body: { name: '甲建设集团', code: CODE_X, userName: '乙', useUserName: true },
      });
      expect(twice.status).toBe(409);

      expect((await call(t, 'GET', Api.companyApplyPending, { token: admin.token })).body.data).toBe(true);
      expect((await call(t, 'GET', Api.companyApplyPending, { token: applicant.token })).body.data).toBe(
        false,
      );
      const list = await call<
        Array<{ iuid: string; phone: string; userName: string; operateStatus: number }>
      >(t, 'GET', Api.companyApplicants, { token: admin.token });
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0]).toMatchObject({
        phone: applicant.phone,
        userName: '乙（结构）',
        operateStatus: 2,
      });
      const applicationId = list.body.data[0]!.iuid;

      // Neither the applicant nor another company's administrator can decide it.
      for (const u of [applicant, outsider]) {
        const r = await call(t, 'POST', Api.companyApplyAccept, {
          token: u.token,
          body: { UserApplyHistoryId: applicationId },
        });
        expect([403, 404]).toContain(r.status);
      }
      expect((await me(applicant)).corpIdbit).toBe(false);

      const approved = nextEvent(applicantSocket, HubEvents.accessApply);
      const cleared = nextEvent(adminSocket, HubEvents.companyApply);
      const ok = await call(t, 'POST', Api.companyApplyAccept, {
        token: admin.token,
        body: { UserApplyHistoryId: applicationId },
      });
      expect(ok.body.code).toBe(1);
      expect(await approved).toEqual({ corpId: corpX });
      expect(await cleared).toEqual({ notDealApply: false });
      expect(await me(applicant)).toMatchObject({
        corpIdbit: true,
        iscorpadmin: false,
        userName: '乙（结构）',
      });
      const decidedAgain = await call(t, 'POST', Api.companyApplyReject, {
        token: admin.token,
        body: { UserApplyHistoryId: applicationId },
      });
      expect(decidedAgain.status).toBe(404);
    } finally {
      adminSocket.close();
      applicantSocket.close();
    }
  });

  it('a rejected application leaves the applicant without a company, and tells them', async () => {
    type Mine = { iuid: string; corpName: string; operateStatus: number; decideTime: string | null } | null;
    const mine = async (u: TestUser) =>
      (await call<Mine>(t, 'GET', Api.companyMyApplication, { token: u.token })).body.data;
    expect(await mine(rejected)).toBeNull();
    await call(t, 'POST', Api.companyJoin, {
      token: rejected.token,
      body: { name: '甲建设集团', code: CODE_X, userName: '丙', useUserName: true },
    });
    expect(await mine(rejected)).toMatchObject({
      corpName: '甲建设集团',
      operateStatus: 2,
      decideTime: null,
    });
    const list = await call<Array<{ iuid: string; userName: string }>>(t, 'GET', Api.companyApplicants, {
      token: admin.token,
    });
    expect(list.body.data.map((a) => a.userName)).toEqual(['申请人丙']);
    const socket = await connectHub(t, rejected.token);
    try {
      const told = nextEvent(socket, HubEvents.applyRejected);
      const r = await call(t, 'POST', Api.companyApplyReject, {
        token: admin.token,
        body: { UserApplyHistoryId: list.body.data[0]!.iuid },
      });
      expect(r.body.code).toBe(1);
      expect(await told).toEqual({ iuid: list.body.data[0]!.iuid });
    } finally {
      socket.close();
    }
    expect((await me(rejected)).corpIdbit).toBe(false);
    expect((await call(t, 'GET', Api.companyApplicants, { token: admin.token })).body.data).toEqual([]);
    // A later visit still finds the decision (the web shows it once).
    const decided = await mine(rejected);
    expect(decided).toMatchObject({ iuid: list.body.data[0]!.iuid, operateStatus: 0 });
    expect(decided!.decideTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Nobody else's application is reported.
    expect(await mine(outsider)).toBeNull();
  });

  it('members see their own company only; only administrators change it, and it keeps one', async () => {
    type People = {
      list: Array<{ userId: string; userName: string; isAdmin: boolean; power: boolean }>;
      count: number;
    };
    const asAdmin = await call<People>(t, 'GET', Api.companyMembers, {
      token: admin.token,
      query: { corpId: corpX },
    });
    expect(asAdmin.body.data.count).toBe(2);
    const [a, b] = asAdmin.body.data.list;
    expect(a).toMatchObject({ userName: '管理员甲', isAdmin: true, power: false });
    expect(b).toMatchObject({ userName: '乙（结构）', isAdmin: false, power: true });
    const asMember = await call<People>(t, 'GET', Api.companyMembers, {
      token: applicant.token,
      query: { corpId: corpX },
    });
    expect(asMember.body.data.list.every((p) => !p.power)).toBe(true);
    for (const u of [outsider, rejected]) {
      expect(
        (await call(t, 'GET', Api.companyMembers, { token: u.token, query: { corpId: corpX } })).status,
      ).toBe(403);
      expect(
        (await call(t, 'GET', Api.companyAdmins, { token: u.token, query: { corpId: corpX } })).status,
      ).toBe(403);
    }
    const admins = await call<Array<{ userName: string }>>(t, 'GET', Api.companyAdmins, {
      token: applicant.token,
      query: { corpId: corpX },
    });
    expect(admins.body.data.map((p) => p.userName)).toEqual(['管理员甲']);

    // A member changes nothing; another company's administrator reaches no one here.
    expect(
      (await call(t, 'POST', Api.companyRemove, { token: applicant.token, body: { userId: a!.userId } }))
        .status,
    ).toBe(403);
    expect(
      (await call(t, 'POST', Api.companySetAdmin, { token: applicant.token, body: { userId: b!.userId } }))
        .status,
    ).toBe(403);
    expect(
      (await call(t, 'POST', Api.companyRemove, { token: outsider.token, body: { userId: b!.userId } }))
        .status,
    ).toBe(404);
    expect((await me(applicant)).corpIdbit).toBe(true);

    // The last administrator cannot step down or leave while others remain.
    const stepDown = await call(t, 'POST', Api.companySetAdmin, {
      token: admin.token,
      body: { userId: a!.userId },
    });
    expect(stepDown.body.msg).toBe('企业至少需要保留一名管理员');
    expect((await call(t, 'POST', Api.companyExit, { token: admin.token })).status).toBe(400);

    expect(
      (await call(t, 'POST', Api.companySetAdmin, { token: admin.token, body: { userId: b!.userId } })).body
        .data,
    ).toBe(true);
    expect(
      (await call(t, 'POST', Api.companySetAdmin, { token: admin.token, body: { userId: a!.userId } })).body
        .data,
    ).toBe(false);
    expect((await me(admin)).iscorpadmin).toBe(false);
    expect(
      (await call(t, 'POST', Api.companyRemove, { token: applicant.token, body: { userId: a!.userId } })).body
        .code,
    ).toBe(1);
    expect((await me(admin)).corpIdbit).toBe(false);
  });

  it('shows the company space to members only, and the last member leaving dissolves the company', async () => {
    const space = await call<{
      corpName: string;
      usableSpace: number;
      usedSpace: number;
      serviceStopTime: string | null;
    }>(t, 'GET', Api.companySpace, { token: applicant.token });
    expect(space.body.data).toMatchObject({ corpName: '甲建设集团', usedSpace: 0 });
    // A new company is on the free trial: its service ends TRIAL_DAYS after creation.
    const trialEnd = new Date(space.body.data.serviceStopTime!).getTime();
    expect(trialEnd).toBeGreaterThan(Date.now() + (t.config.trialDays - 1) * 24 * 3600 * 1000);
    expect(trialEnd).toBeLessThanOrEqual(Date.now() + t.config.trialDays * 24 * 3600 * 1000);
    expect(space.body.data.usableSpace).toBeGreaterThan(0);
    expect((await call(t, 'GET', Api.companySpace, { token: admin.token })).status).toBe(403);

    expect((await call(t, 'POST', Api.companyExit, { token: applicant.token })).body.code).toBe(1);
    expect((await me(applicant)).corpIdbit).toBe(false);
    const found = await call<unknown[]>(t, 'POST', Api.companySearch, {
      token: admin.token,
      body: { CorpName: '甲建设' },
    });
    expect(found.body.data).toEqual([]);
    // The code is free again.
    const recreated = await call(t, 'POST', Api.companyCreate, {
      token: admin.token,
      body: { name: '甲建设集团', code: CODE_X },
    });
    expect(recreated.body.code).toBe(1);
  });
});
