/**
 * The chat-app (DingTalk) sign-in end to end (000 §2 /ddLogin, §7 DDLogin and ThirdPartyAccount/Login)
 * against a local fake DingTalk: linking and creating accounts, sessions, corp isolation, and every
 * refusal (bad code, DingTalk errcodes, wrong app secret, not configured).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  HubEvents,
  type BaseInfoValue,
  type LoginDataValue,
  type SessionUserValue,
} from '@bimdrive/contracts';
import { call, connectHub, signUp, testDbKind } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { DingTalkMessages } from './dingtalk-client.ts';
import { DingTalkLoginMessages } from './dingtalk.service.ts';
import { startFakeDingTalk, type FakeDingTalk, type FakePerson } from '../../test/fake-dingtalk.ts';

let seq = 0;
/** A new DingTalk person with a fresh mobile. */
function person(over: Partial<FakePerson> = {}): FakePerson {
  seq += 1;
  const n = String(seq).padStart(3, '0');
  return {
    userid: `user${n}`,
    unionid: `union-${n}-${Date.now()}`,
    name: `钉钉${n}`,
    mobile: `1370${String(Date.now() % 1e4).padStart(4, '0')}${n}`,
    avatar: `https://static.dingtalk.example/avatar/${n}.png`,
    ...over,
  };
}

function dingtalkConfig(fake: FakeDingTalk, over: { appSecret?: string; corpId?: string } = {}) {
  return {
    dingtalk: {
      appKey: fake.appKey,
      appSecret: over.appSecret ?? fake.appSecret,
      corpId: over.corpId,
      oapiUrl: fake.url,
      apiUrl: fake.url,
      timeoutMs: 5_000,
    },
  };
}

describe(`DingTalk sign-in (${testDbKind})`, () => {
  let fake: FakeDingTalk;
  beforeAll(async () => {
    fake = await startFakeDingTalk();
  });
  afterAll(async () => {
    await fake.close();
  });
  const [t] = useTestApp({ config: () => dingtalkConfig(fake) });
  const ddLogin = (query: Record<string, string>) => call<LoginDataValue>(t, 'GET', Api.ddLogin, { query });
  const thirdParty = (query: Record<string, string>) =>
    call<LoginDataValue>(t, 'GET', Api.ddThirdPartyLogin, { query });

  it('first in-app sign-in creates an account without password, with DingTalk name, mobile and avatar', async () => {
    const p = person();
    const r = await ddLogin({ code: fake.inAppCode(p), corpId: 'dingcorpA', application: 'bimdrive' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      code: 1,
      data: { userName: p.name, ispassword: false, avatar: p.avatar },
    });
    const me = await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: r.body.data.token });
    expect(me.body.data).toMatchObject({ phone: p.mobile, userName: p.name, ispassword: false });
    const base = await call<BaseInfoValue>(t, 'GET', Api.accountBaseInfo, { token: r.body.data.token });
    expect(base.body.data.ddUserAvatar).toBe(p.avatar);
  });

  it('a second sign-in reuses the account and ends the first session (AccountExit, -501)', async () => {
    const p = person();
    const first = await ddLogin({ code: fake.inAppCode(p), corpId: 'dingcorpA' });
    expect(first.body.code).toBe(1);
    const socket = await connectHub(t, first.body.data.token);
    const exited = new Promise((resolve) => socket.once(HubEvents.accountExit, resolve));
    // DingTalk changed the person's name and avatar since: the link follows.
    const renamed = { ...p, name: `${p.name}改`, avatar: `${p.avatar}?v=2` };
    const second = await ddLogin({ code: fake.inAppCode(renamed), corpId: 'dingcorpA' });
    expect(second.body.data.userID).toBe(first.body.data.userID);
    expect(second.body.data.avatar).toBe(renamed.avatar);
    await expect(exited).resolves.toBeTruthy();
    socket.close();
    const old = await call(t, 'GET', Api.userInfo, { token: first.body.data.token });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe(-501);
    expect(old.body.msg).toContain('账户在其他地点登录');
  });

  it('first sign-in links by mobile to an existing account (its name and password kept)', async () => {
    const u = await signUp(t, '已有账户');
    const p = person({ mobile: u.phone });
    const r = await ddLogin({ code: fake.inAppCode(p), corpId: 'dingcorpA' });
    expect(r.body.code).toBe(1);
    expect(r.body.data).toMatchObject({ userID: u.login.userID, userName: '已有账户', ispassword: true });
    // The password sign-in still works for the same account.
    const pw = await call<LoginDataValue>(t, 'POST', Api.login, {
      body: { phone: u.phone, password: u.password },
    });
    expect(pw.body.data.userID).toBe(u.login.userID);
  });

  it('an identity linked in one corp is not signed into another corp’s mapping', async () => {
    const p = person();
    const inA = await ddLogin({ code: fake.inAppCode(p), corpId: 'dingcorpA' });
    // Same unionId seen through corp B, with the mobile registered there: another account.
    const inB = await ddLogin({
      code: fake.inAppCode({ ...p, userid: `${p.userid}b`, mobile: person().mobile }),
      corpId: 'dingcorpB',
    });
    expect(inB.body.code).toBe(1);
    expect(inB.body.data.userID).not.toBe(inA.body.data.userID);
    const againA = await ddLogin({ code: fake.inAppCode(p), corpId: 'dingcorpA' });
    expect(againA.body.data.userID).toBe(inA.body.data.userID);
  });

  it('refuses a bad, reused or missing code and a missing corp cleanly', async () => {
    const bad = await ddLogin({ code: 'no-such-code', corpId: 'dingcorpA' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: -1, msg: DingTalkMessages.badCode, data: null });
    const p = person();
    const code = fake.inAppCode(p);
    expect((await ddLogin({ code, corpId: 'dingcorpA' })).body.code).toBe(1);
    expect((await ddLogin({ code, corpId: 'dingcorpA' })).body.msg).toBe(DingTalkMessages.badCode);
    const missing = await ddLogin({ corpId: 'dingcorpA' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('缺少钉钉授权码');
    const noCorp = await ddLogin({ code: fake.inAppCode(person()) });
    expect(noCorp.body).toMatchObject({ code: -1, msg: DingTalkLoginMessages.corpMissing });
  });

  it('caches the app token, and renews it once when DingTalk says it expired', async () => {
    const before = fake.calls.get('/gettoken') ?? 0;
    expect((await ddLogin({ code: fake.inAppCode(person()), corpId: 'dingcorpA' })).body.code).toBe(1);
    expect(fake.calls.get('/gettoken') ?? 0).toBe(before); // cached since the first test
    fake.expireTokens();
    expect((await ddLogin({ code: fake.inAppCode(person()), corpId: 'dingcorpA' })).body.code).toBe(1);
    expect(fake.calls.get('/gettoken')).toBe(before + 1);
  });

  it('maps DingTalk errcodes: missing permission (88/60011), busy (-1), no mobile, foreign mobile', async () => {
    fake.failNextUserInfo({
      errcode: 88,
      sub_code: '60011',
      sub_msg: '没有调用该接口的权限',
      errmsg: 'ding talk error[subcode=60011,submsg=没有调用该接口的权限]',
    });
    const denied = await ddLogin({ code: fake.inAppCode(person()), corpId: 'dingcorpA' });
    expect(denied.status).toBe(502);
    expect(denied.body.msg).toBe(DingTalkMessages.noPermission);
    fake.failNextUserInfo({ errcode: -1, errmsg: '系统繁忙' });
    const busy = await ddLogin({ code: fake.inAppCode(person()), corpId: 'dingcorpA' });
    expect(busy.status).toBe(503);
    expect(busy.body.msg).toBe(DingTalkMessages.unavailable);
    const noMobile = await ddLogin({ code: fake.inAppCode(person({ mobile: '' })), corpId: 'dingcorpA' });
    expect(noMobile.body.msg).toBe(DingTalkLoginMessages.noMobile);
    const foreign = await ddLogin({
      code: fake.inAppCode(person({ mobile: '6591234567', stateCode: '65' })),
      corpId: 'dingcorpA',
    });
    expect(foreign.body.msg).toBe(DingTalkLoginMessages.badMobile);
  });

  it('third-party OAuth2 sign-in: creates then reuses, corp from DingTalk, client token ignored', async () => {
    const p = person();
    const first = await thirdParty({ code: fake.oauthCode(p, 'dingcorpA'), corpId: 'dingcorpA' });
    expect(first.body).toMatchObject({ code: 1, data: { userName: p.name, ispassword: false } });
    const again = await thirdParty({ code: fake.oauthCode(p, 'dingcorpA') });
    expect(again.body.data.userID).toBe(first.body.data.userID);

    // The corp DingTalk names wins over a different query corp: refused.
    const mismatch = await thirdParty({ code: fake.oauthCode(p, 'dingcorpA'), corpId: 'dingcorpZ' });
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.msg).toBe(DingTalkLoginMessages.corpMismatch);

    // access_token / userId of the query never choose the identity: the code's person signs in.
    const other = person();
    const r = await thirdParty({
      code: fake.oauthCode(other, 'dingcorpA'),
      access_token: 'usertok-of-someone-else',
      userId: p.userid,
    });
    expect(r.body.code).toBe(1);
    expect(r.body.data.userID).not.toBe(first.body.data.userID);
    expect(r.body.data.userName).toBe(other.name);

    const bad = await thirdParty({ code: 'oauth-unknown' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(DingTalkMessages.badCode);
  });

  it('with registration closed, only members of DINGTALK_CORP_ID get a new account; linking still works', async () => {
    const config = t.built.ctx.config;
    const existing = await signUp(t, '注册关闭前');
    config.registerEnabled = false;
    try {
      const linked = await ddLogin({
        code: fake.inAppCode(person({ mobile: existing.phone })),
        corpId: 'dingcorpA',
      });
      expect(linked.body.data.userID).toBe(existing.login.userID);
      const outsider = await ddLogin({ code: fake.inAppCode(person()), corpId: 'dingcorpA' });
      expect(outsider.status).toBe(403);
      expect(outsider.body.msg).toBe(DingTalkLoginMessages.notRegistered);
      const oauthOutsider = await thirdParty({ code: fake.oauthCode(person(), 'dingcorpA') });
      expect(oauthOutsider.body.msg).toBe(DingTalkLoginMessages.notRegistered);

      config.dingtalk.corpId = 'dingcorpA';
      const member = await ddLogin({ code: fake.inAppCode(person()) });
      expect(member.body.code).toBe(1);
      const oauthMember = await thirdParty({ code: fake.oauthCode(person(), 'dingcorpA') });
      expect(oauthMember.body.code).toBe(1);
      // DingTalk must name the app's corp for an OAuth2 sign-in: another corp or none is refused.
      for (const corp of ['dingcorpB', '']) {
        const r = await thirdParty({ code: fake.oauthCode(person(), corp) });
        expect(r.status).toBe(403);
        expect(r.body.msg).toBe(DingTalkLoginMessages.corpMismatch);
      }
    } finally {
      config.registerEnabled = true;
      config.dingtalk.corpId = undefined;
    }
  });
});

describe(`DingTalk sign-in misconfigured (${testDbKind})`, () => {
  let fake: FakeDingTalk;
  beforeAll(async () => {
    fake = await startFakeDingTalk();
  });
  afterAll(async () => {
    await fake.close();
  });
  const [wrongSecret] = useTestApp({
    config: () => dingtalkConfig(fake, { appSecret: 'not-the-secret', corpId: 'dingcorpA' }),
  });
  const [unconfigured] = useTestApp();

  it('a wrong app secret is reported as a configuration problem, not as the user’s fault', async () => {
    const r = await call(wrongSecret, 'GET', Api.ddLogin, { query: { code: fake.inAppCode(person()) } });
    expect(r.status).toBe(502);
    expect(r.body).toEqual({ code: -1, msg: DingTalkMessages.badCredentials, data: null });
    const tp = await call(wrongSecret, 'GET', Api.ddThirdPartyLogin, {
      query: { code: fake.oauthCode(person(), 'dingcorpA') },
    });
    expect(tp.body.msg).toBe(DingTalkMessages.badCredentials);
  });

  it('with DINGTALK_CORP_ID set, another corp is refused before DingTalk is asked', async () => {
    const before = fake.calls.get('/gettoken') ?? 0;
    const r = await call(wrongSecret, 'GET', Api.ddLogin, {
      query: { code: fake.inAppCode(person()), corpId: 'dingcorpB' },
    });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe(DingTalkLoginMessages.corpMismatch);
    expect(fake.calls.get('/gettoken') ?? 0).toBe(before);
  });

  it('without DingTalk configuration both endpoints answer "not configured"', async () => {
    for (const url of [Api.ddLogin, Api.ddThirdPartyLogin]) {
      const r = await call(unconfigured, 'GET', url, { query: { code: 'x', corpId: 'dingcorpA' } });
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ code: -1, msg: DingTalkLoginMessages.notConfigured, data: null });
    }
  });
});
