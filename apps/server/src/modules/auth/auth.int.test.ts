import { describe, expect, it } from 'vitest';
import {
  Api,
  HubEvents,
  WEB_FLAG_HEADER,
  type LoginDataValue,
  type SessionUserValue,
} from '@bimdrive/contracts';
import { call, connectHub, signUp, testDbKind } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';

describe(`auth (${testDbKind})`, () => {
  const [t] = useTestApp();

  it('signs in with phone and password and answers the 000 §7 fields', async () => {
    const u = await signUp(t, '张三');
    const r = await call<LoginDataValue>(t, 'POST', Api.login, {
      body: { phone: `86${u.phone}`, password: u.password },
    });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(1);
    for (const k of [
      'userName',
      'userID',
      'isadministrator',
      'iscorpadmin',
      'avatar',
      'systemIsPersonal',
      'corpIdbit',
      'jwt',
      'token',
      'bitpop',
      'ispassword',
    ]) {
      expect(r.body.data).toHaveProperty(k);
    }
    expect(r.body.data.userName).toBe('张三');
    const me = await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: r.body.data.token });
    expect(me.body.data.phone).toBe(u.phone);
  });

  it('refuses a wrong password and an invalid phone with clear messages', async () => {
    const u = await signUp(t);
    const wrong = await call(t, 'POST', Api.login, { body: { phone: u.phone, password: 'nope-nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: -1, msg: '手机号或密码错误', data: null });
    const badPhone = await call(t, 'POST', Api.login, { body: { phone: '12345', password: 'x' } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.msg).toBe('请输入正确的手机号');
  });

  it('answers the web client’s expected refusals with HTTP 200, the status in x-error-status', async () => {
    const u = await signUp(t);
    const post = (url: string, body: unknown, web: boolean) =>
      fetch(`${t.baseUrl}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${u.token}`,
          ...(web ? { [WEB_FLAG_HEADER]: 'web' } : {}),
        },
        body: JSON.stringify(body),
      });
    const folder = { parentIUID: '', fileName: '图纸' };
    expect((await post(Api.folderAdd, folder, true)).status).toBe(200);
    // A wrong password (400) and a folder name taken (409): everyday outcomes, not failed requests.
    for (const [url, body, status] of [
      [Api.login, { phone: u.phone, password: 'nope-nope' }, 400],
      [Api.folderAdd, folder, 409],
    ] as const) {
      const web = await post(url, body, true);
      expect(web.status).toBe(200);
      expect(web.headers.get('x-error-status')).toBe(String(status));
      expect(((await web.json()) as { code: number }).code).toBe(-1);
      const api = await post(url, body, false);
      expect(api.status).toBe(status);
      expect(api.headers.get('x-error-status')).toBeNull();
    }
    // A request that fails validation keeps its 400 for the web too: that is a bug, not an outcome.
    const malformed = await post(Api.login, { phone: u.phone }, true);
    expect(malformed.status).toBe(400);
  });

  it('refuses registering the same phone twice and weak passwords', async () => {
    const u = await signUp(t);
    const again = await call(t, 'POST', Api.register, {
      body: { phone: u.phone, password: 'Another1pw', name: 'x' },
    });
    expect(again.status).toBe(409);
    const weak = await call(t, 'POST', Api.register, {
      body: { phone: '13911112222', password: '12345678', name: 'x' },
    });
    expect(weak.status).toBe(400);
  });

  it('answers a session-ended code without a token', async () => {
    const r = await call(t, 'GET', Api.userInfo);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(-20);
  });

  it('a new sign-in ends the old session with AccountExit and code -501', async () => {
    const u = await signUp(t);
    const socket = await connectHub(t, u.token);
    const exited = new Promise((resolve) => socket.once(HubEvents.accountExit, resolve));
    const second = await call<LoginDataValue>(t, 'POST', Api.login, {
      body: { phone: u.phone, password: u.password },
    });
    expect(second.body.code).toBe(1);
    await expect(exited).resolves.toBeTruthy();
    socket.close();
    const old = await call(t, 'GET', Api.userInfo, { token: u.token });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe(-501);
    expect(old.body.msg).toContain('账户在其他地点登录');
    const fresh = await call(t, 'GET', Api.userInfo, { token: second.body.data.token });
    expect(fresh.body.code).toBe(1);
  });

  it('log-out ends the session', async () => {
    const u = await signUp(t);
    expect((await call(t, 'POST', Api.logout, { token: u.token })).body.code).toBe(1);
    expect((await call(t, 'GET', Api.userInfo, { token: u.token })).status).toBe(401);
  });

  it('rejects a forged token', async () => {
    const u = await signUp(t);
    const forged = u.token.slice(0, -4) + (u.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await call(t, 'GET', Api.userInfo, { token: forged })).status).toBe(401);
  });
});
