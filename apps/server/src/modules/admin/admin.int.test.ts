/**
 * The administration group (001 §2 /personalManagement, /companyManagement, /operationLog; §6):
 * every call answers 403 to a normal user and (users, companies) to a company administrator, and
 * works for a system administrator; a company administrator reads only their company's log entries
 * whatever the filters say; entries are written by sign-in failures, uploads and share creation;
 * disabling a user ends their session at once and refuses their sign-in; new accounts and companies
 * get the free trial. Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  HubEvents,
  ResultCode,
  type AdminCompanyPageValue,
  type AdminUserPageValue,
  type OperationLogPageValue,
  type ShareCreatedValue,
} from '@bimdrive/contracts';
import { users } from '../../db/schema/accounts.ts';
import { operationLog } from '../../db/schema/operation-log.ts';
import {
  call,
  connectHub,
  makeSystemAdministrator,
  signUp,
  testDbKind,
  uploadBytes,
  type TestUser,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { createCompany, creditCode } from '../../test/companies-fixture.ts';
import { shareEntry } from '../../test/share-entry.ts';

const DAY = 24 * 3600 * 1000;

describe(`administration and operation log (${testDbKind})`, () => {
  // root: system administrator
  // bossA: administrator of company A
  // staffA: member of company A
  // bossB: administrator of company B
  // plain: no company
  const [t, root, bossA, staffA, bossB, plain] = useTestApp({
    users: ['系统管理员', '甲管理员', '甲员工', '乙管理员', '普通用户'],
  });
  let corpA = '';
  let corpB = '';

  const db = () => t.built.ctx.db;
  const logOf = (u: TestUser, query: Record<string, string> = {}) =>
    call<OperationLogPageValue>(t, 'GET', Api.adminOperationLog, {
      token: u.token,
      query: { rows: '200', ...query },
    });

  beforeAll(async () => {
    await makeSystemAdministrator(t, root);
    corpA = await createCompany(t, bossA, '甲建设', creditCode('A0000001'));
    corpB = await createCompany(t, bossB, '乙设计院', creditCode('B0000002'));
    await db().update(users).set({ corpId: corpA }).where(eq(users.id, staffA.login.userID));
  });

  it('gives new accounts and companies the free trial (TRIAL_DAYS from now)', async () => {
    const mine = await call<{ serviceStopTime: string | null }>(t, 'GET', Api.space, { token: plain.token });
    const end = new Date(mine.body.data.serviceStopTime!).getTime();
    expect(Math.abs(end - (Date.now() + t.config.trialDays * DAY))).toBeLessThan(5 * 60_000);
    const corp = await call<{ serviceStopTime: string | null }>(t, 'GET', Api.companySpace, {
      token: bossA.token,
    });
    const corpEnd = new Date(corp.body.data.serviceStopTime!).getTime();
    expect(Math.abs(corpEnd - (Date.now() + t.config.trialDays * DAY))).toBeLessThan(5 * 60_000);
  });

  it('answers 403 to normal users and company administrators, and works for a system administrator', async () => {
    const target = (await signUp(t, '被操作')).login.userID;
    const calls: Array<{
      method: 'GET' | 'POST';
      url: string;
      body?: unknown;
      query?: Record<string, string>;
    }> = [
      { method: 'GET', url: Api.adminUserList },
      { method: 'POST', url: Api.adminSetUserState, body: { userId: target, state: 'normal' } },
      { method: 'POST', url: Api.adminSetUserQuota, body: { userId: target, quotaBytes: 20 * 1024 ** 3 } },
      {
        method: 'POST',
        url: Api.adminSetUserServiceEnd,
        body: { userId: target, serviceStopTime: '2030-12-31' },
      },
      { method: 'POST', url: Api.adminResetUserPassword, body: { userId: target, password: 'Passw0rd!x' } },
      { method: 'GET', url: Api.adminCompanyList },
      { method: 'POST', url: Api.adminSetCompanyQuota, body: { corpId: corpB, quotaBytes: 200 * 1024 ** 3 } },
      {
        method: 'POST',
        url: Api.adminSetCompanyServiceEnd,
        body: { corpId: corpB, serviceStopTime: new Date(Date.now() + 400 * DAY).toISOString() },
      },
      { method: 'GET', url: Api.adminOrderList },
    ];
    for (const c of calls) {
      for (const who of [plain, staffA, bossA]) {
        const r = await call(t, c.method, c.url, { token: who.token, body: c.body, query: c.query });
        expect(r.status, `${c.url} as ${who.login.userName}`).toBe(403);
      }
      const r = await call(t, c.method, c.url, { token: root.token, body: c.body, query: c.query });
      expect(r.status, `${c.url} as administrator`).toBe(200);
      expect(r.body.code).toBe(ResultCode.ok);
    }
    // The log: 403 for normal users; company administrators and system administrators read it.
    for (const url of [Api.adminOperationLog, Api.adminOperationLogExport]) {
      for (const who of [plain, staffA])
        expect((await call(t, 'GET', url, { token: who.token })).status).toBe(403);
      const asBoss = await fetch(`${t.baseUrl}${url}`, {
        headers: { authorization: `Bearer ${bossA.token}` },
      });
      expect(asBoss.status).toBe(200);
      const asRoot = await fetch(`${t.baseUrl}${url}`, {
        headers: { authorization: `Bearer ${root.token}` },
      });
      expect(asRoot.status).toBe(200);
    }
    // Without a session: 401.
    expect((await call(t, 'GET', Api.adminUserList)).status).toBe(401);
  });

  it('logs a sign-in failure with the address and user agent, and a success', async () => {
    const bad = await fetch(`${t.baseUrl}${Api.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'AuditTest/1.0' },
      body: JSON.stringify({ phone: staffA.phone, password: 'wrong-Passw0rd' }),
    });
    expect(bad.status).toBe(400);
    const entries = (await logOf(root, { action: 'auth.login.fail', user: staffA.phone })).body.data.list;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({
      action: 'auth.login.fail',
      userId: staffA.login.userID,
      phone: staffA.phone,
      userName: '甲员工',
      companyId: corpA,
      userAgent: 'AuditTest/1.0',
      detail: { reason: 'wrong-password' },
    });
    expect(entries[0]!.ip).toMatch(/127\.0\.0\.1/);
    // An unknown phone is logged under the phone typed.
    await call(t, 'POST', Api.login, { body: { phone: '13100000999', password: 'whatever-1' } });
    const unknown = (await logOf(root, { user: '13100000999' })).body.data.list;
    expect(unknown[0]).toMatchObject({
      action: 'auth.login.fail',
      userId: null,
      detail: { reason: 'unknown-phone' },
    });
    // Registration signed in: auth.login.ok for each account.
    const ok = (await logOf(root, { action: 'auth.login.ok', user: plain.phone })).body.data.list;
    expect(ok.length).toBeGreaterThan(0);
  });

  it('logs uploads and share creation in the action’s transaction', async () => {
    const iuid = await uploadBytes(t, staffA.token, '=HYPERLINK(1).txt', new TextEncoder().encode('hello'));
    const up = (await logOf(root, { action: 'file.upload', object: iuid })).body.data.list;
    expect(up).toHaveLength(1);
    expect(up[0]).toMatchObject({
      userId: staffA.login.userID,
      companyId: corpA,
      objectType: 'file',
      objectId: iuid,
      objectName: '=HYPERLINK(1).txt',
    });
    const s = await call<ShareCreatedValue>(t, 'POST', Api.share, {
      token: staffA.token,
      body: [shareEntry(iuid)],
    });
    expect(s.body.code).toBe(1);
    const created = (await logOf(root, { action: 'share.create', object: s.body.data.shareCode })).body.data
      .list;
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ userId: staffA.login.userID, objectName: '=HYPERLINK(1).txt' });
    // A wrong extraction code is logged against the sharer's company.
    await call(t, 'POST', Api.shareVerify, { body: { code: s.body.data.shareCode, pwd: 'nope' } });
    const wrong = (await logOf(bossA, { action: 'share.code.wrong' })).body.data.list;
    expect(wrong.map((e) => e.objectId)).toContain(s.body.data.shareCode);
    // Prefix filter: every share entry.
    const shares = (await logOf(root, { action: 'share.' })).body.data.list;
    expect(new Set(shares.map((e) => e.action))).toEqual(new Set(['share.create', 'share.code.wrong']));

    // The CSV: BOM, the Chinese header, formula-looking text defused.
    const csv = await fetch(`${t.baseUrl}${Api.adminOperationLogExport}?action=file.upload`, {
      headers: { authorization: `Bearer ${root.token}` },
    });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM
    const text = bytes.toString('utf8');
    expect(text).toContain('时间,用户,手机号,操作');
    expect(text).toContain(`'=HYPERLINK(1).txt`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('shows a company administrator their company’s entries only, whatever the filters', async () => {
    await uploadBytes(t, bossB.token, 'b-secret.txt', new TextEncoder().encode('b'));
    const all = (await logOf(bossA)).body.data.list;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((e) => e.companyId === corpA)).toBe(true);
    const filters: Array<Record<string, string>> = [
      { companyId: corpB },
      { user: bossB.phone },
      { object: 'b-secret.txt' },
      { companyId: corpB, action: 'file.upload', user: '乙' },
    ];
    for (const query of filters) {
      const r = await logOf(bossA, query);
      expect(r.status).toBe(200);
      expect(r.body.data.list.every((e) => e.companyId === corpA)).toBe(true);
      expect(r.body.data.list.some((e) => e.objectName === 'b-secret.txt')).toBe(false);
    }
    const csv = await (
      await fetch(`${t.baseUrl}${Api.adminOperationLogExport}?companyId=${corpB}`, {
        headers: { authorization: `Bearer ${bossA.token}` },
      })
    ).text();
    expect(csv).not.toContain('b-secret.txt');
    // The system administrator sees B's entry, and can narrow to B.
    const rootB = (await logOf(root, { companyId: corpB, object: 'b-secret.txt' })).body.data.list;
    expect(rootB).toHaveLength(1);
  });

  it('disables a user: the session ends at once, sign-in is refused; enabling lets them in again', async () => {
    const victim = await signUp(t, '待停用');
    const off = await call(t, 'POST', Api.adminSetUserState, {
      token: root.token,
      body: { userId: victim.login.userID, state: 'disabled' },
    });
    expect(off.body.code).toBe(1);
    const me = await call(t, 'GET', Api.userInfo, { token: victim.token });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe(ResultCode.sessionEnded);
    expect(me.body.msg).toContain('停用');
    const login = await call(t, 'POST', Api.login, {
      body: { phone: victim.phone, password: victim.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.msg).toBe('该账号已被停用，如有疑问请联系管理员');
    const listed = await call<AdminUserPageValue>(t, 'GET', Api.adminUserList, {
      token: root.token,
      query: { search: victim.phone },
    });
    expect(listed.body.data.list).toHaveLength(1);
    expect(listed.body.data.list[0]).toMatchObject({ state: 'disabled', userName: '待停用' });
    const disabledOnly = await call<AdminUserPageValue>(t, 'GET', Api.adminUserList, {
      token: root.token,
      query: { state: 'disabled' },
    });
    expect(disabledOnly.body.data.list.map((u) => u.userId)).toEqual([victim.login.userID]);
    // An administrator cannot disable themselves.
    const self = await call(t, 'POST', Api.adminSetUserState, {
      token: root.token,
      body: { userId: root.login.userID, state: 'disabled' },
    });
    expect(self.status).toBe(400);

    await call(t, 'POST', Api.adminSetUserState, {
      token: root.token,
      body: { userId: victim.login.userID, state: 'normal' },
    });
    const again = await call(t, 'POST', Api.login, {
      body: { phone: victim.phone, password: victim.password },
    });
    expect(again.body.code).toBe(1);
    const entries = (await logOf(root, { action: 'admin.user.', object: victim.phone })).body.data.list;
    expect(entries.map((e) => e.action)).toEqual(['admin.user.enable', 'admin.user.disable']);
    expect(entries[1]).toMatchObject({ userId: root.login.userID, detail: { sessionsEnded: 1 } });
  });

  it('edits quota, service end and password of a user', async () => {
    const u = await signUp(t, '被管理');
    const id = u.login.userID;
    await call(t, 'POST', Api.adminSetUserQuota, {
      token: root.token,
      body: { userId: id, quotaBytes: 1024 ** 3 },
    });
    await call(t, 'POST', Api.adminSetUserServiceEnd, {
      token: root.token,
      body: { userId: id, serviceStopTime: null },
    });
    const row = (
      await call<AdminUserPageValue>(t, 'GET', Api.adminUserList, {
        token: root.token,
        query: { search: u.phone },
      })
    ).body.data.list[0]!;
    expect(row).toMatchObject({ usableSpace: 1024 ** 3, serviceStopTime: null, state: 'normal' });
    expect(row.lastLoginTime).not.toBeNull();
    // A bad password is refused by the password rules; a generated one works once shown.
    const weak = await call(t, 'POST', Api.adminResetUserPassword, {
      token: root.token,
      body: { userId: id, password: '12345678' },
    });
    expect(weak.status).toBe(400);
    const reset = await call<{ password: string | null }>(t, 'POST', Api.adminResetUserPassword, {
      token: root.token,
      body: { userId: id },
    });
    const generated = reset.body.data.password!;
    expect(generated).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{12}$/);
    expect((await call(t, 'GET', Api.userInfo, { token: u.token })).status).toBe(401); // sessions ended
    const old = await call(t, 'POST', Api.login, { body: { phone: u.phone, password: u.password } });
    expect(old.status).toBe(400);
    const fresh = await call(t, 'POST', Api.login, { body: { phone: u.phone, password: generated } });
    expect(fresh.body.code).toBe(1);
    const entry = (await logOf(root, { action: 'admin.user.password', object: u.phone })).body.data.list[0]!;
    expect(JSON.stringify(entry)).not.toContain(generated);
  });

  it('lists companies with credit code, administrators, members and usage state; edits quota and service end', async () => {
    const list = async (query: Record<string, string> = {}) =>
      (await call<AdminCompanyPageValue>(t, 'GET', Api.adminCompanyList, { token: root.token, query })).body
        .data;
    const a = (await list({ search: '甲建设' })).list[0]!;
    expect(a).toMatchObject({
      corpId: corpA,
      creditCode: creditCode('A0000001'),
      memberCount: 2,
      state: '即将到期', // the 15-day trial
      admins: [{ userId: bossA.login.userID, userName: '甲管理员', phone: bossA.phone }],
    });
    expect((await list({ search: creditCode('A0000001') })).list.map((c) => c.corpId)).toEqual([corpA]);

    await call(t, 'POST', Api.adminSetCompanyServiceEnd, {
      token: root.token,
      body: { corpId: corpA, serviceStopTime: new Date(Date.now() - DAY).toISOString() },
    });
    expect((await list({ state: '已到期' })).list.map((c) => c.corpId)).toEqual([corpA]);
    await call(t, 'POST', Api.adminSetCompanyServiceEnd, {
      token: root.token,
      body: { corpId: corpA, serviceStopTime: null },
    });
    await call(t, 'POST', Api.adminSetCompanyQuota, {
      token: root.token,
      body: { corpId: corpA, quotaBytes: 5 * 1024 ** 4 },
    });
    const after = (await list({ search: '甲建设' })).list[0]!;
    expect(after).toMatchObject({ state: '正常', serviceStopTime: null, usableSpace: 5 * 1024 ** 4 });
    const space = await call<{ usableSpace: number }>(t, 'GET', Api.companySpace, { token: bossA.token });
    expect(space.body.data.usableSpace).toBe(5 * 1024 ** 4);
    const missing = await call(t, 'POST', Api.adminSetCompanyQuota, {
      token: root.token,
      body: { corpId: '00000000-0000-4000-8000-000000000000', quotaBytes: 1 },
    });
    expect(missing.status).toBe(404);
    const seen = (await logOf(root, { action: 'admin.company.', object: '甲建设' })).body.data.list;
    expect(seen.map((e) => e.action)).toEqual([
      'admin.company.quota',
      'admin.company.serviceEnd',
      'admin.company.serviceEnd',
    ]);
  });

  it("sends AccountDisabled to every open tab of a disabled account, and to nobody else's", async () => {
    const victim = await signUp(t, '在线被停用');
    const [tabA, tabB, other] = await Promise.all([
      connectHub(t, victim.token),
      connectHub(t, victim.token),
      connectHub(t, plain.token),
    ]);
    const got: Record<string, unknown[]> = { tabA: [], tabB: [], other: [] };
    const exits: unknown[] = [];
    for (const [name, s] of Object.entries({ tabA, tabB, other }))
      s.on(HubEvents.accountDisabled, (p: unknown) => got[name]!.push(p));
    tabA.on(HubEvents.accountExit, (p: unknown) => exits.push(p));
    const arrived = Promise.all(
      [tabA, tabB].map((s) => new Promise((resolve) => s.once(HubEvents.accountDisabled, resolve))),
    );
    try {
      const off = await call(t, 'POST', Api.adminSetUserState, {
        token: root.token,
        body: { userId: victim.login.userID, state: 'disabled' },
      });
      expect(off.body).toMatchObject({ code: 1, msg: '已停用' });
      await arrived;
      // The session's sockets also hear AccountExit (reason disabled); a short wait shows nobody else is told.
      await new Promise((r) => setTimeout(r, 300));
      expect(got.tabA).toEqual([{ msg: '该账号已被停用，如有疑问请联系管理员' }]);
      expect(got.tabB).toEqual([{ msg: '该账号已被停用，如有疑问请联系管理员' }]);
      expect(got.other).toEqual([]);
      expect(exits).toEqual([{ reason: 'disabled' }]);
      // Enabling (and disabling again an already disabled account) sends nothing more.
      await call(t, 'POST', Api.adminSetUserState, {
        token: root.token,
        body: { userId: victim.login.userID, state: 'normal' },
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(got.tabA).toHaveLength(1);
    } finally {
      for (const s of [tabA, tabB, other]) s.close();
    }
  });

  it('removes entries past the retention', async () => {
    await db()
      .insert(operationLog)
      .values({
        action: 'auth.logout',
        at: new Date(Date.now() - (t.config.operationLogRetentionDays + 1) * DAY),
      });
    const before = await db().$count(operationLog, sql`${operationLog.at} < now() - interval '1 day'`);
    expect(before).toBe(1);
    expect(await t.built.services.operationLog.purge()).toBe(1);
    expect(await db().$count(operationLog, sql`${operationLog.at} < now() - interval '1 day'`)).toBe(0);
  });
});
