/**
 * The personal account (issue 4; 000 §2 设置登录密码 and the editUserInfo / editPwd / editPhone
 * dialogs, §4 phone change and password change, §5 rules and messages, §7 WebAccount calls and
 * GetimgFile, §8 success messages), including refusals.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  AccountMessages,
  Api,
  SmsMessages,
  type BaseInfoValue,
  type LoginDataValue,
  type SessionUserValue,
} from '@bimdrive/contracts';
import { call, signUp, testDbKind, type TestUser } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import type { SmsPurpose } from '../sms/sms.provider.ts';

let seq = 0;
const freshPhone = () => `136${String(Date.now() % 1e5).padStart(5, '0')}${String(++seq).padStart(3, '0')}`;

/** A PNG `w`×`h` made of three vertical bands: red, green, blue. */
async function bandsPng(w: number, h: number): Promise<Buffer> {
  const third = Math.floor(w / 3);
  const band = (r: number, g: number, b: number) =>
    sharp({ create: { width: third, height: h, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  return sharp({ create: { width: third * 3, height: h, channels: 3, background: '#000' } })
    .composite([
      { input: await band(255, 0, 0), left: 0, top: 0 },
      { input: await band(0, 255, 0), left: third, top: 0 },
      { input: await band(0, 0, 255), left: third * 2, top: 0 },
    ])
    .png()
    .toBuffer();
}

describe(`personal account (${testDbKind})`, () => {
  const [t] = useTestApp();
  const sent: { phone: string; code: string; purpose: SmsPurpose }[] = [];
  const lastCode = (phone: string, purpose: SmsPurpose) =>
    sent.filter((s) => s.phone === phone && s.purpose === purpose).at(-1)?.code ?? '';

  /** POST the personal form as multipart. */
  async function save(token: string | undefined, form: FormData) {
    const res = await fetch(`${t.baseUrl}${Api.accountSave}`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
  }
  const me = async (token: string) =>
    (await call<SessionUserValue>(t, 'GET', Api.userInfo, { token })).body.data;

  beforeEach(() => {
    t.built.ctx.sms = { send: async (phone, code, purpose) => void sent.push({ phone, code, purpose }) };
  });

  it('SetPassword: only for an account without one, with the messages of 000 §5, then sign-in by it works', async () => {
    const phone = freshPhone();
    await call(t, 'POST', Api.sendRegisterSms, { body: { phone } });
    const reg = await call<LoginDataValue>(t, 'POST', Api.register, {
      body: { phone, code: lastCode(phone, 'register'), name: '无密码' },
    });
    const token = reg.body.data.token;
    expect(reg.body.data.ispassword).toBe(false);

    const cases: [object, string][] = [
      [{ confirmPassword: 'x' }, AccountMessages.passwordRequired],
      [{ password: 'Abcdefg1' }, AccountMessages.confirmRequired],
      [{ password: 'Abcdefg1', confirmPassword: 'Abcdefg2' }, AccountMessages.mismatch],
      [{ password: 'abc1', confirmPassword: 'abc1' }, '密码至少8位'],
      [{ password: '12345678', confirmPassword: '12345678' }, '密码不能全为字母或全为数字'],
    ];
    for (const [body, msg] of cases) {
      const r = await call(t, 'POST', Api.setPassword, { token, body });
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    expect(
      (
        await call(t, 'POST', Api.setPassword, {
          body: { password: 'Abcdefg12', confirmPassword: 'Abcdefg12' },
        })
      ).status,
    ).toBe(401);

    const ok = await call(t, 'POST', Api.setPassword, {
      token,
      body: { password: 'Newpass123', confirmPassword: 'Newpass123' },
    });
    expect(ok.body).toMatchObject({ code: 1, msg: '设置成功' });
    expect((await me(token)).ispassword).toBe(true);
    const again = await call(t, 'POST', Api.setPassword, {
      token,
      body: { password: 'Other1234', confirmPassword: 'Other1234' },
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(AccountMessages.passwordAlreadySet);
    const login = await call<LoginDataValue>(t, 'POST', Api.login, {
      body: { phone, password: 'Newpass123' },
    });
    expect(login.body.data.ispassword).toBe(true);
  });

  it('EditPwd: every rule of 000 §5, a wrong old password, then all sessions end and the new password signs in', async () => {
    const u = await signUp(t, '改密码');
    const cases: [object, string][] = [
      [{ newPwd: 'Abcdefg12', confirmPwd: 'Abcdefg12' }, AccountMessages.oldPwdRequired],
      [{ oldPwd: u.password, confirmPwd: 'Abcdefg12' }, AccountMessages.newPwdRequired],
      [{ oldPwd: u.password, newPwd: u.password, confirmPwd: u.password }, AccountMessages.sameAsOld],
      [{ oldPwd: u.password, newPwd: 'Abcdefg12' }, AccountMessages.confirmRequired],
      [{ oldPwd: u.password, newPwd: 'Abcdefg12', confirmPwd: 'Abcdefg13' }, AccountMessages.mismatch],
      [{ oldPwd: u.password, newPwd: 'abcdefgh', confirmPwd: 'abcdefgh' }, '密码不能全为字母或全为数字'],
      [{ oldPwd: 'Wrongpass1', newPwd: 'Abcdefg12', confirmPwd: 'Abcdefg12' }, AccountMessages.oldPwdWrong],
    ];
    for (const [body, msg] of cases) {
      const r = await call(t, 'POST', Api.editPwd, { token: u.token, body });
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    const noToken = await call(t, 'POST', Api.editPwd, {
      body: { oldPwd: u.password, newPwd: 'Abcdefg12', confirmPwd: 'Abcdefg12' },
    });
    expect(noToken.status).toBe(401);

    const ok = await call(t, 'POST', Api.editPwd, {
      token: u.token,
      body: { oldPwd: u.password, newPwd: 'Abcdefg12', confirmPwd: 'Abcdefg12' },
    });
    expect(ok.body).toMatchObject({ code: 1, msg: '修改成功' });
    const ended = await call(t, 'GET', Api.userInfo, { token: u.token });
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe(-501);
    expect(
      (await call(t, 'POST', Api.login, { body: { phone: u.phone, password: u.password } })).body.code,
    ).toBe(-1);
    expect(
      (await call(t, 'POST', Api.login, { body: { phone: u.phone, password: 'Abcdefg12' } })).body.code,
    ).toBe(1);
  });

  describe('personal info and avatar', () => {
    let u: TestUser;
    let avatar = '';
    beforeAll(async () => {
      u = await signUp(t, '头像用户');
    });

    it('saves the name and a real image, centre-cropped to 256×256 WebP, served through GetimgFile', async () => {
      const form = new FormData();
      form.set('userName', '  新名字 ');
      form.set(
        'avator',
        new Blob([new Uint8Array(await bandsPng(600, 200))], { type: 'image/png' }),
        'a.png',
      );
      const r = await save(u.token, form);
      expect(r.body).toMatchObject({ code: 1, msg: '修改成功' });
      const user = await me(u.token);
      expect(user.userName).toBe('新名字');
      expect(user.avatar).toMatch(/^\/api\/home\/GetimgFile\?fileUrl=[A-Za-z0-9_-]+$/);
      expect(user.avatar).not.toContain('avatars');
      avatar = user.avatar;

      const img = await fetch(`${t.baseUrl}${avatar}`);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await img.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
      // The centre band (green) fills the square: the crop was taken from the middle.
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      for (const [x, y] of [
        [5, 5],
        [128, 128],
        [250, 250],
      ] as const) {
        const i = (y * info.width + x) * info.channels;
        expect(data[i + 1]!, `green at ${x},${y}`).toBeGreaterThan(200);
        expect(data[i]!, `red at ${x},${y}`).toBeLessThan(60);
      }
      // The session user of sign-in carries the same URL.
      const login = await call<LoginDataValue>(t, 'POST', Api.login, {
        body: { phone: u.phone, password: u.password },
      });
      u.token = login.body.data.token;
      expect(login.body.data.avatar).toBe(avatar);
    });

    it('refuses files that are not images whatever their name or type, a missing name, no session, too large', async () => {
      const fake = new FormData();
      fake.set('userName', '名字');
      fake.set('avator', new Blob(['<?php echo 1; ?>'], { type: 'image/png' }), 'evil.png');
      const r = await save(u.token, fake);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(AccountMessages.imageOnly);

      const svg = new FormData();
      svg.set('userName', '名字');
      svg.set(
        'avator',
        new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'], {
          type: 'image/svg+xml',
        }),
        'a.svg',
      );
      expect((await save(u.token, svg)).body.msg).toBe(AccountMessages.imageOnly);

      const noName = new FormData();
      noName.set('userName', '   ');
      expect((await save(u.token, noName)).body.msg).toBe(AccountMessages.nameRequired);

      const big = new FormData();
      big.set('userName', '名字');
      big.set('avator', new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
      const tooBig = await save(u.token, big);
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.msg).toBe(AccountMessages.imageTooLarge);

      // JSON changes the name only.
      const json = await call(t, 'POST', Api.accountSave, { token: u.token, body: { userName: '新名字' } });
      expect(json.body).toMatchObject({ code: 1, msg: '修改成功' });
      expect((await call(t, 'POST', Api.accountSave, { token: u.token, body: {} })).body.msg).toBe(
        AccountMessages.nameRequired,
      );

      const anon = new FormData();
      anon.set('userName', '名字');
      expect((await save(undefined, anon)).status).toBe(401);

      const user = await me(u.token);
      expect(user.userName).toBe('新名字');
      expect(user.avatar).toBe(avatar);
    });

    it('GetimgFile refuses tampered, guessed and traversing paths', async () => {
      const good = new URL(avatar, t.baseUrl).searchParams.get('fileUrl')!;
      const flip = good.slice(0, 10) + (good[10] === 'A' ? 'B' : 'A') + good.slice(11);
      for (const fileUrl of [
        '',
        flip,
        '../../secret.key',
        Buffer.from('avatars/../../secret.key').toString('base64url'),
        Buffer.from(`avatars/${u.login.userID}/x.webp`).toString('base64url'),
        good.slice(0, -2),
      ]) {
        const r = await fetch(`${t.baseUrl}${Api.imgFile}?fileUrl=${encodeURIComponent(fileUrl)}`);
        expect(r.status, fileUrl).toBe(404);
      }
    });

    it('a new avatar replaces the old one (the old URL is gone); BaseInfo answers ddUserAvatar', async () => {
      const form = new FormData();
      form.set('userName', '新名字');
      form.set('avator', new Blob([new Uint8Array(await bandsPng(90, 90))], { type: 'image/png' }), 'b.png');
      expect((await save(u.token, form)).body.code).toBe(1);
      const next = (await me(u.token)).avatar;
      expect(next).not.toBe(avatar);
      expect((await fetch(`${t.baseUrl}${next}`)).status).toBe(200);
      expect((await fetch(`${t.baseUrl}${avatar}`)).status).toBe(404);

      const info = await call<BaseInfoValue>(t, 'GET', Api.accountBaseInfo, { token: u.token });
      expect(info.body.data).toEqual({ userName: '新名字', phone: u.phone, avatar: next, ddUserAvatar: '' });
      expect((await call(t, 'GET', Api.accountBaseInfo)).status).toBe(401);
    });
  });

  describe('phone change (000 §4)', () => {
    let a: TestUser;
    let b: TestUser;
    beforeAll(async () => {
      a = await signUp(t, '换号甲');
      b = await signUp(t, '换号乙');
    });

    it('ValidateRegistPhone answers hasRegisted, for signed-in callers only', async () => {
      const yes = await call(t, 'POST', Api.validateRegistPhone, {
        token: a.token,
        body: { phone: b.phone },
      });
      expect(yes.body).toMatchObject({ code: 1, data: { hasRegisted: true } });
      const no = await call(t, 'POST', Api.validateRegistPhone, {
        token: a.token,
        body: { phone: freshPhone() },
      });
      expect(no.body.data).toEqual({ hasRegisted: false });
      const bad = await call(t, 'POST', Api.validateRegistPhone, { token: a.token, body: { phone: '123' } });
      expect(bad.body.msg).toBe(AccountMessages.phoneInvalid);
      const empty = await call(t, 'POST', Api.validateRegistPhone, { token: a.token, body: { phone: '' } });
      expect(empty.body.msg).toBe(AccountMessages.phoneRequired);
      expect((await call(t, 'POST', Api.validateRegistPhone, { body: { phone: b.phone } })).status).toBe(401);
    });

    it('refuses step 2 and its code before step 1, and step 1 for another phone or a wrong code', async () => {
      const target = freshPhone();
      const early = await call(t, 'POST', Api.sendEditPhoneSms, { token: a.token, body: { phone: target } });
      expect(early.status).toBe(400);
      expect(early.body.msg).toBe(AccountMessages.stepOneFirst);
      const edit = await call(t, 'POST', Api.editPhone, {
        token: a.token,
        body: { phone: target, code: '123456' },
      });
      expect(edit.body.msg).toBe(AccountMessages.stepOneFirst);

      expect(
        (await call(t, 'POST', Api.sendEditPhoneSms, { token: a.token, body: { phone: a.phone } })).body,
      ).toMatchObject({ code: 1, msg: SmsMessages.sent });
      const code = lastCode(a.phone, 'editPhoneOld');
      const notMine = await call(t, 'POST', Api.editPhoneFirstStep, {
        token: a.token,
        body: { phone: b.phone, code },
      });
      expect(notMine.body.msg).toBe(AccountMessages.phoneNotCurrent);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const bad = await call(t, 'POST', Api.editPhoneFirstStep, {
        token: a.token,
        body: { phone: a.phone, code: wrong },
      });
      expect(bad.body.msg).toBe(SmsMessages.wrong);
      const noCode = await call(t, 'POST', Api.editPhoneFirstStep, {
        token: a.token,
        body: { phone: a.phone },
      });
      expect(noCode.body.msg).toBe(SmsMessages.required);
      // Another account's session cannot use A's code.
      const other = await call(t, 'POST', Api.editPhoneFirstStep, {
        token: b.token,
        body: { phone: a.phone, code },
      });
      expect(other.body.msg).toBe(AccountMessages.phoneNotCurrent);
    });

    it('after step 1: a bound phone is refused, another session has no grant, the new phone is set and the grant used up', async () => {
      const step1 = await call(t, 'POST', Api.editPhoneFirstStep, {
        token: a.token,
        body: { phone: a.phone, code: lastCode(a.phone, 'editPhoneOld') },
      });
      expect(step1.body.code).toBe(1);

      const bound = await call(t, 'POST', Api.sendEditPhoneSms, { token: a.token, body: { phone: b.phone } });
      expect(bound.status).toBe(409);
      expect(bound.body.msg).toBe('该手机号已被产品账号绑定');
      const boundEdit = await call(t, 'POST', Api.editPhone, {
        token: a.token,
        body: { phone: b.phone, code: '123456' },
      });
      expect(boundEdit.body.msg).toBe('该手机号已被产品账号绑定');
      const same = await call(t, 'POST', Api.editPhone, {
        token: a.token,
        body: { phone: a.phone, code: '123456' },
      });
      expect(same.body.msg).toBe(AccountMessages.phoneSameAsCurrent);

      const target = freshPhone();
      expect(
        (await call(t, 'POST', Api.sendEditPhoneSms, { token: a.token, body: { phone: target } })).body.code,
      ).toBe(1);
      const code = lastCode(target, 'editPhoneNew');
      // B's session never did step 1: A's grant is not B's.
      const byB = await call(t, 'POST', Api.editPhone, { token: b.token, body: { phone: target, code } });
      expect(byB.body.msg).toBe(AccountMessages.stepOneFirst);

      const ok = await call(t, 'POST', Api.editPhone, { token: a.token, body: { phone: target, code } });
      expect(ok.body).toMatchObject({ code: 1, msg: '修改成功' });
      expect((await me(a.token)).phone).toBe(target);
      expect((await me(b.token)).phone).toBe(b.phone);
      const again = await call(t, 'POST', Api.editPhone, {
        token: a.token,
        body: { phone: freshPhone(), code },
      });
      expect(again.body.msg).toBe(AccountMessages.stepOneFirst);
      expect(
        (await call(t, 'POST', Api.login, { body: { phone: target, password: a.password } })).body.code,
      ).toBe(1);
      expect(
        (await call(t, 'POST', Api.login, { body: { phone: a.phone, password: a.password } })).body.code,
      ).toBe(-1);
    });
  });
});
