/**
 * Sensitive-field encryption end to end (000 §7): bodies are sealed with Node's WebCrypto by the same
 * `sealFields` the browser runs, sent over HTTP, and opened by the server's hook before validation.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  FIELD_ENC_HEADER,
  FieldEncCode,
  importFieldKey,
  parseFieldEncHeader,
  sealFields,
  formatFieldEncHeader,
  type Envelope,
  type FieldKey,
  type FieldPublicKeyValue,
  type LoginDataValue,
  type SessionUserValue,
} from '@bimdrive/contracts';
import { call, signUp, testDbKind, type TestApp } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { FIELD_KEY_FILE, FieldEncMessages } from './field-crypto.service.ts';

/** POST a JSON body as the browser sends it: sealed fields plus the x-field-enc header. */
async function post<T>(
  t: TestApp,
  url: string,
  body: unknown,
  header: string | undefined,
  token?: string,
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${t.baseUrl}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(header ? { [FIELD_ENC_HEADER]: header } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

async function publicKey(t: TestApp): Promise<FieldPublicKeyValue> {
  const r = await call<FieldPublicKeyValue>(t, 'GET', Api.publicKey);
  expect(r.body.code).toBe(1);
  return r.body.data;
}

async function sealed<T>(body: T, key: FieldKey, now?: number) {
  const s = await sealFields(body, key, now);
  if (!s) throw new Error('nothing sealed');
  return s;
}

describe(`field encryption (${testDbKind})`, () => {
  const [t] = useTestApp();
  let key: FieldKey;
  let info: FieldPublicKeyValue;
  beforeAll(async () => {
    info = await publicKey(t);
    key = await importFieldKey(info);
  });

  it('publishes an RSA-OAEP public key with its id; the private key is kept in DATA_DIR with mode 0600', async () => {
    expect(info.kid).toMatch(/^[\w-]{16}$/);
    expect(info.required).toBe(false); // NODE_ENV=test → optional
    expect(Math.abs(info.serverTime - Date.now())).toBeLessThan(60_000);
    const st = await stat(path.join(t.config.dataDir, FIELD_KEY_FILE));
    expect(st.mode & 0o777).toBe(0o600);
  });

  it('signs in with an encrypted password; the wire carries no plain password', async () => {
    const u = await signUp(t, '加密用户');
    const s = await sealed({ phone: u.phone, password: u.password }, key);
    expect(JSON.stringify(s.body)).not.toContain(u.password);
    expect(s.body.phone).toBe(u.phone); // not a sensitive field
    const r = await post<LoginDataValue>(t, Api.login, s.body, s.header);
    expect(r.body).toMatchObject({ code: 1 });
    const me = await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: r.body.data.token });
    expect(me.body.data.userName).toBe('加密用户');
    // A wrong password, encrypted, is still a wrong password.
    const bad = await sealed({ phone: u.phone, password: 'Wrong-pass1' }, key);
    const refused = await post(t, Api.login, bad.body, bad.header);
    expect(refused.body).toMatchObject({ code: -1, msg: '手机号或密码错误' });
  });

  it('refuses a tampered ciphertext, a ciphertext moved to another field, and a bad header', async () => {
    const u = await signUp(t);
    const s = await sealed({ phone: u.phone, password: u.password }, key);
    const ct = s.body.password;
    const flipped = ct.slice(0, -6) + (ct.slice(-6, -5) === 'A' ? 'B' : 'A') + ct.slice(-5);
    const tampered = await post(t, Api.login, { ...s.body, password: flipped }, s.header);
    expect(tampered.status).toBe(400);
    expect(tampered.body).toMatchObject({ code: -1, msg: FieldEncMessages.invalid });

    // The field's name is authenticated: the password sealed as `pwd` does not open as `password`.
    const other = await sealed({ phone: u.phone, pwd: u.password }, key);
    const moved = await post(t, Api.login, { phone: u.phone, password: other.body.pwd }, other.header);
    expect(moved.body).toMatchObject({ code: -1, msg: FieldEncMessages.invalid });

    // A wrapped key from one request does not open another request's fields.
    const s2 = await sealed({ phone: u.phone, password: u.password }, key);
    const mixed = await post(t, Api.login, s.body, s2.header);
    expect(mixed.body.msg).toBe(FieldEncMessages.invalid);

    const noScheme = await post(t, Api.login, s.body, s.header.replace('rsa-oaep-256+a256gcm', 'rsa1_5'));
    expect(noScheme.body.msg).toBe(FieldEncMessages.invalid);
    const plainValue = await post(t, Api.login, { phone: u.phone, password: u.password }, s.header);
    expect(plainValue.body.msg).toBe(FieldEncMessages.invalid);

    // The untouched original still works (refusals did not consume it).
    expect((await post(t, Api.login, s.body, s.header)).body.code).toBe(1);
  });

  it('refuses a ciphertext older than 5 minutes, and the same ciphertext sent twice (replay)', async () => {
    const u = await signUp(t);
    const old = await sealed({ phone: u.phone, password: u.password }, key, Date.now() - 5 * 60_000 - 5_000);
    const expired = await post(t, Api.login, old.body, old.header);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: FieldEncCode.expired, msg: FieldEncMessages.expired });

    const future = await sealed({ phone: u.phone, password: u.password }, key, Date.now() + 6 * 60_000);
    expect((await post(t, Api.login, future.body, future.header)).body.code).toBe(FieldEncCode.expired);

    const recent = await sealed({ phone: u.phone, password: u.password }, key, Date.now() - 4 * 60_000);
    expect((await post(t, Api.login, recent.body, recent.header)).body.code).toBe(1);
    const replay = await post(t, Api.login, recent.body, recent.header);
    expect(replay.body).toMatchObject({ code: FieldEncCode.expired });
  });

  it('answers a distinct code for an unknown key id (another server key or a changed key)', async () => {
    const u = await signUp(t);
    const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const spki = foreign.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const otherKey = await importFieldKey({
      kid: 'AAAAAAAAAAAAAAAA',
      spki,
      serverTime: Date.now(),
      required: false,
    });
    const s = await sealed({ phone: u.phone, password: u.password }, otherKey);
    const r = await post(t, Api.login, s.body, s.header);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: FieldEncCode.keyUnknown, msg: FieldEncMessages.keyUnknown });

    // Our key, but the header names another kid: refused as unknown, not opened.
    const ours = await sealed({ phone: u.phone, password: u.password }, key);
    const h = parseFieldEncHeader(ours.header)!;
    const renamed = await post(
      t,
      Api.login,
      ours.body,
      formatFieldEncHeader({ ...h, kid: 'BBBBBBBBBBBBBBBB' }),
    );
    expect(renamed.body.code).toBe(FieldEncCode.keyUnknown);
  });

  it('keeps accepting plain text in optional mode (development, the harness)', async () => {
    const u = await signUp(t);
    const r = await call(t, 'POST', Api.login, { body: { phone: u.phone, password: u.password } });
    expect(r.body.code).toBe(1);
  });
});

describe(`field encryption required (${testDbKind})`, () => {
  const [t] = useTestApp({ config: { fieldEncryption: 'required' } });
  let key: FieldKey;
  beforeAll(async () => {
    const info = await publicKey(t);
    expect(info.required).toBe(true);
    key = await importFieldKey(info);
  });

  it('refuses plain-text sensitive fields with a message telling to use HTTPS, accepts sealed ones', async () => {
    const phone = '13912340001';
    const password = 'Passw0rd!x';
    const plain = await call(t, 'POST', Api.register, { body: { phone, password, name: '甲' } });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ code: FieldEncCode.required, msg: FieldEncMessages.required });
    expect(plain.body.msg).toContain('HTTPS');

    const reg = await sealed({ phone, password, name: '甲' }, key);
    const registered = await post<LoginDataValue>(t, Api.register, reg.body, reg.header);
    expect(registered.body.code).toBe(1);

    const login = await sealed({ phone, password }, key);
    const signedIn = await post<LoginDataValue>(t, Api.login, login.body, login.header);
    expect(signedIn.body.code).toBe(1);
    expect((await call(t, 'POST', Api.login, { body: { phone, password } })).body.code).toBe(
      FieldEncCode.required,
    );

    // Bodies without a secret (an empty extraction code carries none) are not concerned.
    const token = signedIn.body.data.token;
    const folder = await call(t, 'POST', Api.folderAdd, {
      token,
      body: { parentIUID: '', fileName: '资料' },
    });
    expect(folder.body.code).toBe(1);
    const share = await call(t, 'POST', Api.shareVerify, { body: { code: '', pwd: '' } });
    expect(share.body.code).not.toBe(FieldEncCode.required);
  });
});
