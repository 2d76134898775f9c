/**
 * SMS codes, sign-in by code and registration by code (issue 4; 000 §7 phoneLogin "phone and
 * credentials", §8 AccountExit), through the product with `SMS_PROVIDER=aliyun`: the official SDK
 * sends every code to the fake dysmsapi of test/fake-aliyun-sms.ts (issue 16), which checks the
 * request signature, template and parameters and records what it delivered; the codes the tests use
 * are the ones the fake received.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  AccountMessages,
  Api,
  HubEvents,
  SmsMessages,
  type LoginDataValue,
  type SessionUserValue,
} from '@bimdrive/contracts';
import { smsCodes } from '../../db/schema/accounts.ts';
import { startFakeAliyunSms, type FakeAliyunSms } from '../../test/fake-aliyun-sms.ts';
import { call, connectHub, signUp, testDbKind } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { createAliyunSmsProvider } from './sms.provider.ts';

let seq = 0;
/** A phone no test has used (137 + time + sequence). */
const freshPhone = () => `137${String(Date.now() % 1e5).padStart(5, '0')}${String(++seq).padStart(3, '0')}`;

describe(`sms codes (${testDbKind})`, () => {
  let fake: FakeAliyunSms;
  beforeAll(async () => {
    fake = await startFakeAliyunSms();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const [t] = useTestApp({
    config: () => ({ sms: { provider: 'aliyun', dailyLimit: 3, aliyun: fake.settings } }),
  });
  /** What the fake delivered since the test began. */
  const sent = () => fake.messages;
  /** The last code the fake delivered to `phone`. */
  const lastCode = (phone: string) => fake.lastCode(phone);
  /** Move every code of `phone` `seconds` into the past (the 60 s rule, expiry). */
  const backdate = (phone: string, seconds: number) =>
    t.built.ctx.db
      .update(smsCodes)
      .set({
        createdAt: sql`${smsCodes.createdAt} - make_interval(secs => ${seconds})`,
        expiresAt: sql`${smsCodes.expiresAt} - make_interval(secs => ${seconds})`,
      })
      .where(eq(smsCodes.phone, phone));

  beforeEach(() => fake.reset());

  it('sends a 6-digit code, stores only its HMAC, and refuses a resend within 60 s with the seconds left', async () => {
    const phone = freshPhone();
    const r = await call<{ resendAfter: number }>(t, 'POST', Api.sendLoginSms, {
      body: { phone: `86${phone}` },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 1, msg: SmsMessages.sent, data: { resendAfter: 60 } });
    const code = lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.built.ctx.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBeGreaterThan(299_000);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBeLessThanOrEqual(300_000);

    const again = await call(t, 'POST', Api.sendLoginSms, { body: { phone } });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(-2);
    const secs = Number(/请(\d+)秒后再试/.exec(again.body.msg)?.[1]);
    expect(secs).toBeGreaterThan(50);
    expect(secs).toBeLessThanOrEqual(60);
    expect(sent()).toHaveLength(1);

    await backdate(phone, 61);
    expect((await call(t, 'POST', Api.sendLoginSms, { body: { phone } })).body.code).toBe(1);
    expect(sent()).toHaveLength(2);
  });

  it('caps the codes one phone gets in a day', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 3; i++) {
      expect((await call(t, 'POST', Api.sendLoginSms, { body: { phone } })).body.code).toBe(1);
      await backdate(phone, 61);
    }
    const capped = await call(t, 'POST', Api.sendLoginSms, { body: { phone } });
    expect(capped.status).toBe(429);
    expect(capped.body.msg).toBe(SmsMessages.dailyLimit);
    expect(sent()).toHaveLength(3);
  });

  it('signs in with a code: same answer, the old session gets AccountExit, the code cannot be reused', async () => {
    const u = await signUp(t, '短信用户');
    const socket = await connectHub(t, u.token);
    const exited = new Promise((resolve) => socket.once(HubEvents.accountExit, resolve));
    await call(t, 'POST', Api.sendLoginSms, { body: { phone: u.phone } });
    // What reached Alibaba (the fake): the approved sign name and template, the code as its variable.
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({
      phone: u.phone,
      signName: fake.settings.signName,
      templateCode: fake.settings.templateCode,
    });
    expect(Object.keys(sent()[0]!.params)).toEqual(['code']);
    const code = lastCode(u.phone)!;
    expect(code).toMatch(/^\d{6}$/);
    const r = await call<LoginDataValue>(t, 'POST', Api.login, { body: { phone: u.phone, code } });
    expect(r.body.code).toBe(1);
    expect(r.body.data).toMatchObject({ userName: '短信用户', ispassword: true });
    expect(r.body.data.token).toBeTruthy();
    await expect(exited).resolves.toBeTruthy();
    socket.close();
    expect((await call(t, 'GET', Api.userInfo, { token: u.token })).body.code).toBe(-501);
    const me = await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: r.body.data.token });
    expect(me.body.data.phone).toBe(u.phone);

    const reused = await call(t, 'POST', Api.login, { body: { phone: u.phone, code } });
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe(SmsMessages.used);
  });

  it('refuses a wrong code, closes it after 5 wrong attempts, and refuses an expired one', async () => {
    const u = await signUp(t);
    await call(t, 'POST', Api.sendLoginSms, { body: { phone: u.phone } });
    const code = lastCode(u.phone)!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 4; i++) {
      const r = await call(t, 'POST', Api.login, { body: { phone: u.phone, code: wrong } });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(SmsMessages.wrong);
    }
    const fifth = await call(t, 'POST', Api.login, { body: { phone: u.phone, code: wrong } });
    expect(fifth.body.msg).toBe(SmsMessages.tooManyAttempts);
    const right = await call(t, 'POST', Api.login, { body: { phone: u.phone, code } });
    expect(right.status).toBe(400);
    expect(right.body.msg).toBe(SmsMessages.tooManyAttempts);

    // A new code replaces the closed one; once it is older than 5 minutes it is refused.
    await backdate(u.phone, 61);
    await call(t, 'POST', Api.sendLoginSms, { body: { phone: u.phone } });
    await backdate(u.phone, 301);
    const expired = await call(t, 'POST', Api.login, {
      body: { phone: u.phone, code: lastCode(u.phone)! },
    });
    expect(expired.body.msg).toBe(SmsMessages.expired);

    const malformed = await call(t, 'POST', Api.login, { body: { phone: u.phone, code: '12ab' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toBe(SmsMessages.format);
  });

  it('a code is bound to its phone and purpose; a phone never asked answers 请先获取验证码', async () => {
    const u = await signUp(t);
    const other = freshPhone();
    await call(t, 'POST', Api.sendLoginSms, { body: { phone: other } });
    const r = await call(t, 'POST', Api.login, { body: { phone: u.phone, code: lastCode(other)! } });
    expect(r.body.msg).toBe(SmsMessages.none);
    // A registration code does not sign in.
    const fresh = freshPhone();
    await call(t, 'POST', Api.sendRegisterSms, { body: { phone: fresh } });
    const asLogin = await call(t, 'POST', Api.login, {
      body: { phone: fresh, code: lastCode(fresh)! },
    });
    expect(asLogin.body.msg).toBe(SmsMessages.none);
  });

  it('a valid code for a phone without an account points to registration; the password path says no more', async () => {
    const phone = freshPhone();
    await call(t, 'POST', Api.sendLoginSms, { body: { phone } });
    const r = await call(t, 'POST', Api.login, { body: { phone, code: lastCode(phone)! } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: -1, msg: AccountMessages.notRegistered, data: null });
    const pwd = await call(t, 'POST', Api.login, { body: { phone, password: 'Whatever1x' } });
    expect(pwd.body.msg).toBe('手机号或密码错误');
    const neither = await call(t, 'POST', Api.login, { body: { phone } });
    expect(neither.status).toBe(400);
    expect(neither.body.msg).toBe('请输入密码');
  });

  it('registers with a code and no password (ispassword false); a bound phone gets no registration code', async () => {
    const phone = freshPhone();
    const send = await call(t, 'POST', Api.sendRegisterSms, { body: { phone } });
    expect(send.body).toMatchObject({ code: 1, msg: SmsMessages.sent });
    const wrong = await call(t, 'POST', Api.register, { body: { phone, code: '000000', name: '新人' } });
    expect(wrong.body.code).toBe(-1);
    const r = await call<LoginDataValue>(t, 'POST', Api.register, {
      body: { phone, code: lastCode(phone)!, name: '新人' },
    });
    expect(r.body.code).toBe(1);
    expect(r.body.data.ispassword).toBe(false);
    const me = await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: r.body.data.token });
    expect(me.body.data).toMatchObject({ phone, userName: '新人', ispassword: false });
    // No password: the password path cannot sign in.
    const pwd = await call(t, 'POST', Api.login, { body: { phone, password: '' } });
    expect(pwd.status).toBe(400);

    await backdate(phone, 61);
    const bound = await call(t, 'POST', Api.sendRegisterSms, { body: { phone } });
    expect(bound.status).toBe(409);
    expect(bound.body.msg).toBe(AccountMessages.phoneBound);
    const noCredential = await call(t, 'POST', Api.register, { body: { phone: freshPhone(), name: 'x' } });
    expect(noCredential.status).toBe(400);
    expect(noCredential.body.msg).toBe('请输入密码');
  });

  it('housekeeping removes codes older than two days and keeps the others', async () => {
    const old = freshPhone();
    const recent = freshPhone();
    await call(t, 'POST', Api.sendLoginSms, { body: { phone: old } });
    await call(t, 'POST', Api.sendLoginSms, { body: { phone: recent } });
    await backdate(old, 2 * 86_400 + 60);
    expect(await t.built.services.sms.cleanup()).toBeGreaterThanOrEqual(1);
    expect(await t.built.ctx.db.select().from(smsCodes).where(eq(smsCodes.phone, old))).toHaveLength(0);
    expect(await t.built.ctx.db.select().from(smsCodes).where(eq(smsCodes.phone, recent))).toHaveLength(1);
  });

  it('refuses a bad phone, and registration codes while registration is off', async () => {
    const bad = await call(t, 'POST', Api.sendLoginSms, { body: { phone: '2380000000' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请输入正确的手机号');
    t.built.ctx.config.registerEnabled = false;
    try {
      const off = await call(t, 'POST', Api.sendRegisterSms, { body: { phone: freshPhone() } });
      expect(off.status).toBe(403);
    } finally {
      t.built.ctx.config.registerEnabled = true;
    }
    expect(sent()).toHaveLength(0);
  });

  /** Send a login code while Alibaba (the fake) refuses; checks the answer and that nothing usable is kept. */
  async function refusedSend(phone: string, refusal: { status: number; code: string }) {
    const r = await call(t, 'POST', Api.sendLoginSms, { body: { phone } });
    expect(r.status).toBe(502);
    expect(r.body).toEqual({ code: -1, msg: SmsMessages.sendFailed, data: null });
    expect(fake.requests.at(-1)).toMatchObject(refusal);
    expect(sent()).toHaveLength(0);
    const rows = await t.built.ctx.db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, 'login')));
    expect(rows).toHaveLength(0);
    return JSON.parse(fake.requests.at(-1)!.params.TemplateParam!) as { code: string };
  }

  it('a business refusal (isv.BUSINESS_LIMIT_CONTROL) answers 短信发送失败, keeps nothing usable, and the phone may ask again at once', async () => {
    const u = await signUp(t);
    fake.failWith('isv.BUSINESS_LIMIT_CONTROL');
    const refused = await refusedSend(u.phone, { status: 200, code: 'isv.BUSINESS_LIMIT_CONTROL' });
    // The code that was refused does not sign in.
    const withRefused = await call(t, 'POST', Api.login, { body: { phone: u.phone, code: refused.code } });
    expect(withRefused.status).toBe(400);
    expect(withRefused.body.msg).toBe(SmsMessages.none);

    fake.failWith(null);
    expect((await call(t, 'POST', Api.sendLoginSms, { body: { phone: u.phone } })).body.code).toBe(1);
    const r = await call<LoginDataValue>(t, 'POST', Api.login, {
      body: { phone: u.phone, code: lastCode(u.phone)! },
    });
    expect(r.body.code).toBe(1);
    expect(r.body.data.token).toBeTruthy();
  });

  it('a wrong AccessKey secret (the fake answers 400 SignatureDoesNotMatch) answers 短信发送失败 and keeps nothing', async () => {
    const configured = t.built.ctx.sms;
    t.built.ctx.sms = createAliyunSmsProvider({ ...fake.settings, accessKeySecret: 'wrong-secret' });
    try {
      const phone = freshPhone();
      await refusedSend(phone, { status: 400, code: 'SignatureDoesNotMatch' });
      t.built.ctx.sms = configured;
      expect((await call(t, 'POST', Api.sendLoginSms, { body: { phone } })).body.code).toBe(1);
      expect(lastCode(phone)).toMatch(/^\d{6}$/);
    } finally {
      t.built.ctx.sms = configured;
    }
  });
});
