/**
 * Invite links and registered persons (spec 000 §2 member list "copy invite link" and 已注册人员数,
 * §3 Company person invitebit, §6 roles enforced on the server, §7 GetCorpUsers): only a company's
 * administrators invite, copy links, revoke and list registered persons; a link joins exactly its
 * company, once, for the invited phone only, registered or not; used, expired, revoked and tampered
 * links are refused with a clear message.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  Api,
  HubEvents,
  INVITE_PATH,
  ResultCode,
  type CompanyPersonList,
  type LoginDataValue,
  type SessionUserValue,
} from '@bimdrive/contracts';
import { companyInviteLinks } from '../../db/schema/accounts.ts';
import { companyInvitesRepository } from './company-invites.repository.ts';
import { call, connectHub, makeSystemAdministrator, signUp, testDbKind } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { CODE_X, CODE_Y, createCompany } from '../../test/companies-fixture.ts';

const PASSWORD = 'Passw0rd!x';

/** A phone no test user has (137 + 8 digits). */
let phoneSeq = 0;
const freshPhone = () =>
  `137${String(Date.now() % 1e5).padStart(5, '0')}${String(++phoneSeq).padStart(3, '0')}`;

type CompanyPersonListValue = z.infer<typeof CompanyPersonList>;
type Person = CompanyPersonListValue['list'][number];

describe(`company invites (${testDbKind})`, () => {
  const [t, adminX, adminY, outsider, invitee] = useTestApp({
    users: ['管理员甲', '乙公司管理员', '外人丙', '受邀人丁'],
  });
  let corpX = '';
  let corpY = '';

  const me = async (u: { token: string }) =>
    (await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: u.token })).body.data;
  const members = async (u: { token: string }, corpId = corpX) =>
    (await call<CompanyPersonListValue>(t, 'GET', Api.companyMembers, { token: u.token, query: { corpId } }))
      .body.data.list;
  const invite = (u: { token: string }, phone: string, userName: string) =>
    call<Person>(t, 'POST', Api.companyInvite, { token: u.token, body: { phone, userName } });
  const copyLink = (u: { token: string }, userId: string) =>
    call<{ url: string; expireTime: string }>(t, 'POST', Api.companyInviteLink, {
      token: u.token,
      body: { userId },
    });
  const info = (code: string) =>
    call<{ corpName: string; userName: string; phone: string; registered: boolean }>(
      t,
      'GET',
      Api.inviteInfo,
      {
        query: { code },
      },
    );
  const accept = (u: { token: string }, code: string) =>
    call<{ corpId: string; corpName: string; iscorpadmin: boolean }>(t, 'POST', Api.inviteAccept, {
      token: u.token,
      body: { code },
    });
  const register = (code: string, phone: string, name = '新同事') =>
    call<LoginDataValue>(t, 'POST', Api.inviteRegister, { body: { code, phone, password: PASSWORD, name } });
  /** Invite `phone` into company X and copy a link; answers the row id and the link's code. */
  const invited = async (phone: string, name: string) => {
    const row = await invite(adminX, phone, name);
    expect(row.body.code).toBe(1);
    const link = await copyLink(adminX, row.body.data.userId);
    expect(link.body).toMatchObject({ code: 1, msg: '链接复制成功' });
    return { id: row.body.data.userId, code: new URL(link.body.data.url).searchParams.get('code')! };
  };

  beforeAll(async () => {
    corpX = await createCompany(t, adminX, '甲建设集团', CODE_X);
    corpY = await createCompany(t, adminY, '乙设计院', CODE_Y);
  });

  it('only the company administrator invites; the invitation is a member row with invitebit false', async () => {
    for (const u of [outsider, invitee]) {
      const r = await invite(u, invitee.phone, '丁');
      expect(r.status).toBe(403);
    }
    expect((await invite(adminX, '12345', '丁')).body.msg).toBe('请输入正确的手机号');
    expect((await invite(adminX, invitee.phone, ' ')).body.msg).toBe('请输入姓名');
    expect((await invite(adminX, adminX.phone, '甲')).body).toMatchObject({
      code: ResultCode.fail,
      msg: '该手机号已是企业成员',
    });

    const r = await invite(adminX, `86${invitee.phone}`, '丁（结构）');
    expect(r.body).toMatchObject({ code: 1, msg: '邀请成功' });
    expect(r.body.data).toMatchObject({ phone: invitee.phone, userName: '丁（结构）', invitebit: false });
    const again = await invite(adminX, invitee.phone, '丁');
    expect(again.status).toBe(409);

    const list = await members(adminX);
    expect(list.map((p) => [p.userName, p.invitebit, p.power])).toEqual([
      ['管理员甲', true, false],
      ['丁（结构）', false, true],
    ]);
    // Another company's administrator sees neither the list nor the invitation.
    expect(
      (await call(t, 'GET', Api.companyMembers, { token: adminY.token, query: { corpId: corpX } })).status,
    ).toBe(403);
    expect((await members(adminY, corpY)).map((p) => p.userName)).toEqual(['乙公司管理员']);
  });

  it('copies a PUBLIC_URL link of a pending invitation; others cannot', async () => {
    const row = (await members(adminX)).find((p) => !p.invitebit)!;
    const link = await copyLink(adminX, row.userId);
    expect(link.body.code).toBe(1);
    const url = new URL(link.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.publicUrl}${INVITE_PATH}`);
    expect(url.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(link.body.data.expireTime) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Two copies are two different links; only hashes are stored.
    const second = await copyLink(adminX, row.userId);
    expect(second.body.data.url).not.toBe(link.body.data.url);
    const stored = await t.built.ctx.db.select().from(companyInviteLinks);
    const code = url.searchParams.get('code')!;
    expect(stored.map((l) => l.tokenHash)).toContain(createHash('sha256').update(code).digest('hex'));
    expect(stored.every((l) => !l.tokenHash.includes(code))).toBe(true);

    expect((await copyLink(outsider, row.userId)).status).toBe(403);
    expect((await copyLink(adminY, row.userId)).status).toBe(404);
    // A member row (invite accepted) has no link.
    const self = (await members(adminX)).find((p) => p.invitebit)!;
    expect((await copyLink(adminX, self.userId)).status).toBe(404);
  });

  it('a registered person with the invited phone signs in and accepts; the link is then used', async () => {
    const row = (await members(adminX)).find((p) => !p.invitebit)!;
    const codeOf = async () =>
      new URL((await copyLink(adminX, row.userId)).body.data.url).searchParams.get('code')!;
    const code = await codeOf();
    const sibling = await codeOf();

    const shown = await info(code);
    expect(shown.body.data).toEqual({
      corpName: '甲建设集团',
      userName: '丁（结构）',
      phone: `${invitee.phone.slice(0, 3)}****${invitee.phone.slice(-4)}`,
      expireTime: expect.any(String),
      registered: true,
    });
    // Tampered or unknown codes.
    for (const bad of [
      code.slice(0, -1),
      `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`,
      'x'.repeat(43),
    ]) {
      const r = await info(bad);
      expect(r.status).toBe(404);
      expect(r.body.msg).toBe('邀请链接无效');
      expect((await accept(invitee, bad)).status).toBe(404);
    }
    // Someone else's phone cannot use it, nor register with it.
    const wrong = await accept(outsider, code);
    expect(wrong.status).toBe(403);
    expect((await me(outsider)).corpIdbit).toBe(false);
    expect((await register(code, freshPhone())).status).toBe(403);
    // The invited phone has an account: registering is refused, signing in and accepting works.
    const taken = await register(code, invitee.phone);
    expect(taken.body.msg).toBe('该手机号已注册，请登录后接受邀请');
    expect((await accept({ token: '' }, code)).status).toBe(401);

    const adminSocket = await connectHub(t, adminX.token);
    try {
      const refresh = new Promise((resolve) => adminSocket.once(HubEvents.companyApplyList, resolve));
      const ok = await accept(invitee, code);
      expect(ok.body).toMatchObject({ code: 1, msg: '已加入企业' });
      expect(ok.body.data).toMatchObject({ corpId: corpX, corpName: '甲建设集团', iscorpadmin: false });
      await refresh;
    } finally {
      adminSocket.close();
    }
    expect(await me(invitee)).toMatchObject({ corpIdbit: true, iscorpadmin: false, corpName: '甲建设集团' });
    const list = await members(adminX);
    expect(list.map((p) => [p.userName, p.invitebit])).toEqual([
      ['管理员甲', true],
      ['受邀人丁', true],
    ]);

    const used = await info(code);
    expect(used.status).toBe(410);
    expect(used.body.msg).toBe('该邀请链接已被使用');
    expect((await accept(invitee, code)).status).toBe(410);
    // Other links of the same invitation are used too; no new link can be copied.
    expect((await info(sibling)).status).toBe(410);
    expect((await copyLink(adminX, row.userId)).status).toBe(404);
  });

  it('a member cannot invite, copy, revoke or list registered persons', async () => {
    expect((await invite(invitee, freshPhone(), '某人')).status).toBe(403);
    const pending = await invited(freshPhone(), '待撤销');
    expect((await copyLink(invitee, pending.id)).status).toBe(403);
    expect(
      (await call(t, 'POST', Api.companyRemove, { token: invitee.token, body: { userId: pending.id } }))
        .status,
    ).toBe(403);
    expect((await call(t, 'GET', Api.corpUsers, { token: invitee.token })).status).toBe(403);
    const rows = await members(invitee);
    expect(rows.every((p) => !p.power)).toBe(true);
    expect(rows.some((p) => p.userId === pending.id && !p.invitebit)).toBe(true);
  });

  it('a person without an account registers with the invited phone and lands in the company', async () => {
    const phone = freshPhone();
    const { code } = await invited(phone, '新同事');
    expect((await info(code)).body.data).toMatchObject({ registered: false, userName: '新同事' });
    const weak = await call(t, 'POST', Api.inviteRegister, {
      body: { code, phone, password: '12345678', name: '新同事' },
    });
    expect(weak.status).toBe(400);

    const ok = await register(code, `86${phone}`, '新同事');
    expect(ok.body).toMatchObject({ code: 1, msg: '注册成功，已加入企业' });
    expect(ok.body.data).toMatchObject({ corpIdbit: true, iscorpadmin: false, userName: '新同事' });
    expect(await me(ok.body.data)).toMatchObject({ phone, corpName: '甲建设集团' });
    // The password works for the usual sign-in.
    const login = await call(t, 'POST', Api.login, { body: { phone, password: PASSWORD } });
    expect(login.body.code).toBe(1);

    const twice = await register(code, phone);
    expect(twice.status).toBe(410);
    const row = (await members(adminX)).find((p) => p.phone === phone)!;
    expect(row).toMatchObject({ userName: '新同事', invitebit: true, power: true });
  });

  it('refuses expired and revoked links, and who is in another company is told to leave it first', async () => {
    // Expired.
    const expired = await invited(freshPhone(), '过期');
    await t.built.ctx.db
      .update(companyInviteLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInviteLinks.tokenHash, createHash('sha256').update(expired.code).digest('hex')));
    const late = await info(expired.code);
    expect(late.status).toBe(410);
    expect(late.body.msg).toBe('邀请链接已过期，请联系企业管理员重新复制');
    expect((await register(expired.code, freshPhone())).status).toBe(410);
    // Registration and joining are one transaction: a link that fails inside it creates no account.
    const repo = companyInvitesRepository(t.built.ctx.db);
    const lost = freshPhone();
    const r0 = await repo.registerAndJoin(createHash('sha256').update(expired.code).digest('hex'), {
      phone: lost,
      name: '过期',
      passwordHash: 'x',
      quotaBytes: 1,
    });
    expect(r0).toEqual({ error: 'expired' });
    expect(await repo.phoneRegistered(lost)).toBe(false);

    // Revoked: removing the row; set-admin on it is refused.
    const revoked = await invited(freshPhone(), '撤销');
    expect(
      (await call(t, 'POST', Api.companySetAdmin, { token: adminX.token, body: { userId: revoked.id } })).body
        .msg,
    ).toBe('该成员尚未接受邀请');
    expect(
      (await call(t, 'POST', Api.companyRemove, { token: adminY.token, body: { userId: revoked.id } }))
        .status,
    ).toBe(404);
    const removed = await call(t, 'POST', Api.companyRemove, {
      token: adminX.token,
      body: { userId: revoked.id },
    });
    expect(removed.body.code).toBe(1);
    expect((await members(adminX)).some((p) => p.userId === revoked.id)).toBe(false);
    const gone = await info(revoked.code);
    expect(gone.status).toBe(404); // its links were deleted with the revocation
    expect((await copyLink(adminX, revoked.id)).status).toBe(404);

    // In another company: told to leave it first; nothing changes.
    const other = await invited(adminY.phone, '乙');
    const r = await accept(adminY, other.code);
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('您已加入其他企业，请先退出该企业');
    expect(await me(adminY)).toMatchObject({ corpName: '乙设计院', iscorpadmin: true });
    expect((await info(other.code)).status).toBe(200);
  });

  it("a company's link joins that company only", async () => {
    const y = await invite(adminY, outsider.phone, '丙');
    const link = await copyLink(adminY, y.body.data.userId);
    const code = new URL(link.body.data.url).searchParams.get('code')!;
    expect((await info(code)).body.data.corpName).toBe('乙设计院');
    const ok = await accept(outsider, code);
    expect(ok.body.data.corpId).toBe(corpY);
    expect(await me(outsider)).toMatchObject({ corpName: '乙设计院', iscorpadmin: false });
    expect((await members(adminX)).some((p) => p.phone === outsider.phone)).toBe(false);
  });

  it('GetCorpUsers lists the registered persons of the administrator’s own company only', async () => {
    const x = await call<Array<{ userName: string; createTime: string }>>(t, 'GET', Api.corpUsers, {
      token: adminX.token,
    });
    expect(x.body.code).toBe(1);
    expect(x.body.data.map((u) => u.userName)).toEqual(['管理员甲', '受邀人丁', '新同事']);
    expect(x.body.data.every((u) => !Number.isNaN(Date.parse(u.createTime)))).toBe(true);
    const y = await call<Array<{ userName: string }>>(t, 'GET', Api.corpUsers, { token: adminY.token });
    expect(y.body.data.map((u) => u.userName)).toEqual(['乙公司管理员', '外人丙']);
    // Members and people without a company are refused.
    for (const u of [invitee, outsider]) {
      const r = await call(t, 'GET', Api.corpUsers, { token: u.token });
      expect(r.status).toBe(403);
    }
    expect((await call(t, 'GET', Api.corpUsers)).status).toBe(401);
  });

  it('an administrator cannot remove themselves, and a company keeps an administrator', async () => {
    const self = await call(t, 'POST', Api.companyRemove, {
      token: adminX.token,
      body: { userId: adminX.login.userID },
    });
    expect(self.body.msg).toBe('不能移除自己，请使用退出企业');
    expect((await me(adminX)).iscorpadmin).toBe(true);
  });

  it('the personal edition refuses every invite call', async () => {
    const pending = await invited(freshPhone(), '个人版');
    t.built.ctx.config.systemIsPersonal = true;
    try {
      expect((await invite(adminX, freshPhone(), '某人')).status).toBe(403);
      expect((await copyLink(adminX, pending.id)).status).toBe(403);
      expect((await info(pending.code)).status).toBe(403);
      expect((await register(pending.code, freshPhone())).status).toBe(403);
      expect((await call(t, 'GET', Api.corpUsers, { token: adminX.token })).status).toBe(403);
    } finally {
      t.built.ctx.config.systemIsPersonal = false;
    }
    expect((await info(pending.code)).status).toBe(200);
  });

  it("a system administrator sees another company's members but may manage none of them", async () => {
    await makeSystemAdministrator(t, adminY);
    const list = await members(adminY, corpX);
    expect(list.length).toBeGreaterThan(2);
    expect(list.every((p) => !p.power)).toBe(true);
    const someone = list.find((p) => p.invitebit && !p.isAdmin)!;
    expect(
      (await call(t, 'POST', Api.companyRemove, { token: adminY.token, body: { userId: someone.userId } }))
        .status,
    ).toBe(404);
    // Their own company's rows stay manageable.
    expect((await members(adminY, corpY)).find((p) => p.phone === outsider.phone)?.power).toBe(true);
  });

  it('an invited phone that joined by application is listed once, as a member', async () => {
    const applicant = await signUp(t, '申请人戊');
    expect((await invite(adminX, applicant.phone, '戊（邀请）')).body.code).toBe(1);
    const join = await call(t, 'POST', Api.companyJoin, {
      token: applicant.token,
      body: { name: '甲建设集团', code: CODE_X, userName: '戊', useUserName: true },
    });
    expect(join.body.code).toBe(1);
    const apps = await call<Array<{ iuid: string; phone: string }>>(t, 'GET', Api.companyApplicants, {
      token: adminX.token,
    });
    const iuid = apps.body.data.find((a) => a.phone === applicant.phone)!.iuid;
    const ok = await call(t, 'POST', Api.companyApplyAccept, {
      token: adminX.token,
      body: { UserApplyHistoryId: iuid },
    });
    expect(ok.body.code).toBe(1);
    const rows = (await members(adminX)).filter((p) => p.phone === applicant.phone);
    expect(rows.map((p) => [p.userName, p.invitebit])).toEqual([['申请人戊', true]]);
  });
});
