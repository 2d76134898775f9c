/**
 * Service state, permission menu, editions and private-deployment licence — spec 000 §2 guard step 3,
 * §7 `ServiceTimeVerify` / `GetLoginUserMenuList`, §8 expiry (uploads restricted) and system verify
 * failures; 001 §2 edition rules. Three apps: company edition, personal edition, private deployment.
 */
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  type MenuListValue,
  type ServiceTimeVerifyValue,
  type SessionUserValue,
} from '@bimdrive/contracts';
import { companies, users } from '../../db/schema/accounts.ts';
import {
  call,
  connectHub,
  makeSystemAdministrator,
  testDbKind,
  tusCreate,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { CODE_X, createCompany } from '../../test/companies-fixture.ts';
import { generateLicenceKeyPair, signLicence } from './licence.ts';
import { PERSONAL_EDITION_MSG } from './service-state.service.ts';
import { LICENCE_REFUSED_MSG, PERSONAL_EXPIRED_UPLOAD_MSG } from './service-state.service.ts';

const PAST = new Date(Date.now() - 86_400_000);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);

const verify = async (t: TestApp, u: TestUser) =>
  (await call<ServiceTimeVerifyValue>(t, 'GET', Api.serviceTimeVerify, { token: u.token })).body;
const menu = async (t: TestApp, u: TestUser) =>
  (await call<MenuListValue>(t, 'GET', Api.menuList, { token: u.token })).body.data;
const userId = (u: TestUser) => u.login.userID;
const groups = (m: MenuListValue) => [...new Set(m.map((e) => e.group))];

describe(`service state, company edition (${testDbKind})`, () => {
  const [t, admin, plain, sysadmin] = useTestApp({ users: ['企业管理员', '普通用户', '系统管理员'] });
  let corpId = '';

  beforeAll(async () => {
    corpId = await createCompany(t, admin, '甲建设', CODE_X);
    await makeSystemAdministrator(t, sysadmin);
  });

  const setCompanyStop = (at: Date | null) =>
    t.built.ctx.db.update(companies).set({ serviceStopAt: at }).where(eq(companies.id, corpId));
  const setPersonalStop = (u: TestUser, at: Date | null) =>
    t.built.ctx.db
      .update(users)
      .set({ serviceStopAt: at })
      .where(eq(users.id, userId(u)));

  it('answers nothing expired for unlimited services, outside a private deployment', async () => {
    for (const u of [admin, plain]) {
      const r = await verify(t, u);
      expect(r.code).toBe(1);
      expect(r.data).toEqual({
        isExpire: false,
        myIsExpire: false,
        verifyFileNotExists: false,
        verifyFileError: false,
      });
    }
  });

  it('requires a session', async () => {
    const r = await call(t, 'GET', Api.serviceTimeVerify);
    expect(r.status).toBe(401);
    expect((await call(t, 'GET', Api.menuList)).status).toBe(401);
  });

  it('reports the company expiry to its members only, and a future end as not expired', async () => {
    await setCompanyStop(PAST);
    expect((await verify(t, admin)).data.isExpire).toBe(true);
    expect((await verify(t, plain)).data.isExpire).toBe(false);
    await setCompanyStop(FUTURE);
    expect((await verify(t, admin)).data.isExpire).toBe(false);
    await setCompanyStop(null);
  });

  it('reports the personal expiry and shows the end in the space answer', async () => {
    await setPersonalStop(plain, PAST);
    expect((await verify(t, plain)).data).toMatchObject({ myIsExpire: true, isExpire: false });
    expect((await verify(t, admin)).data.myIsExpire).toBe(false);
    const space = await call<{ serviceStopTime: string | null }>(t, 'GET', Api.space, { token: plain.token });
    expect(space.body.data.serviceStopTime).toBe(PAST.toISOString());
    await setPersonalStop(plain, FUTURE);
    expect((await verify(t, plain)).data.myIsExpire).toBe(false);
  });

  it('refuses uploads into an expired personal space at tus creation, and allows them again after renewal', async () => {
    await setPersonalStop(plain, PAST);
    const refused = await tusCreate(t, plain.token, 10, { filename: 'a.ifc', folderId: '' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(await refused.text())).toEqual({
      code: -2,
      msg: PERSONAL_EXPIRED_UPLOAD_MSG,
      data: null,
    });
    // A company that has expired does not restrict the personal space.
    await setCompanyStop(PAST);
    expect((await tusCreate(t, admin.token, 10, { filename: 'b.ifc', folderId: '' })).status).toBe(201);
    await setCompanyStop(null);
    await setPersonalStop(plain, null);
    expect((await tusCreate(t, plain.token, 10, { filename: 'a.ifc', folderId: '' })).status).toBe(201);
  });

  it('builds the menu from the role: system management for system administrators only', async () => {
    const m = await menu(t, plain);
    expect(groups(m)).toEqual(['mySpace', 'companySpace', 'library']);
    // 企业资源库 only for members of a company (issue 17); 企业空间 tells the others how to join one.
    expect(m.map((e) => e.path)).not.toContain('/companyKnowledgeBase');
    expect((await menu(t, admin)).map((e) => e.path)).toContain('/companyKnowledgeBase');
    const s = await menu(t, sysadmin);
    expect(groups(s)).toEqual(['mySpace', 'companySpace', 'library', 'systemManagement']);
    expect(s.filter((e) => e.group === 'systemManagement').every((e) => e.hideInChatApp)).toBe(true);
    expect(groups(await menu(t, admin))).not.toContain('systemManagement');
  });

  it('publishes the account-card settings in the client config', async () => {
    const c = await call<Record<string, unknown>>(t, 'GET', Api.clientConfig);
    expect(c.body.data).toMatchObject({
      privateDeployment: false,
      systemIsPersonal: false,
      loginVideoUrl: '',
    });
  });
});

describe(`personal edition (${testDbKind})`, () => {
  const [t, u, sysadmin] = useTestApp({
    config: { systemIsPersonal: true },
    users: ['个人用户', '个人版管理员'],
  });
  beforeAll(async () => {
    await makeSystemAdministrator(t, sysadmin);
  });

  it('drops the company space and the company library from the menu', async () => {
    const m = await menu(t, u);
    expect(groups(m)).toEqual(['mySpace', 'library']);
    expect(m.map((e) => e.path)).not.toContain('/companyKnowledgeBase');
    expect(groups(await menu(t, sysadmin))).toEqual(['mySpace', 'library', 'systemManagement']);
  });

  it('refuses every company call with 403 after checking the session', async () => {
    const calls: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
      ['POST', Api.companyCreate, { name: '乙建设', code: CODE_X }],
      ['POST', Api.companySearch, { CorpName: '建设', page: 1, rows: 999 }],
      ['POST', Api.companyJoin, { name: '乙建设', code: CODE_X, userName: '个人用户', useUserName: true }],
      ['GET', Api.companyApplyPending],
      ['GET', Api.companyApplicants],
      ['GET', Api.myCompany],
      ['GET', Api.companySpace],
      ['POST', Api.companyExit],
    ];
    for (const [method, url, body] of calls) {
      const r = await call(t, method, url, { token: u.token, body });
      expect({ url, status: r.status, msg: r.body.msg }).toEqual({
        url,
        status: 403,
        msg: PERSONAL_EDITION_MSG,
      });
    }
    const bad = await call(t, 'GET', Api.myCompany, { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    // Personal calls still work.
    expect((await call(t, 'GET', Api.myDocumentList, { token: u.token })).body.code).toBe(1);
    expect((await verify(t, u)).data.isExpire).toBe(false);
  });
});

describe(`private deployment licence (${testDbKind})`, () => {
  let dir = '';
  let licenceFile = '';
  const pair = generateLicenceKeyPair();
  const stranger = generateLicenceKeyPair();
  let bump = 0;
  const writeLicence = async (content: unknown) => {
    await writeFile(licenceFile, typeof content === 'string' ? content : JSON.stringify(content));
    bump += 1;
    const at = new Date(Date.now() + bump * 1000);
    await utimes(licenceFile, at, at);
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bimdrive-lic-'));
    licenceFile = path.join(dir, 'licence.json');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const [t, admin] = useTestApp({
    config: () => ({ privateDeployment: true, licenceFile, licencePublicKey: pair.publicKey }),
    users: ['私有化管理员'],
  });
  beforeAll(async () => {
    await makeSystemAdministrator(t, admin);
  });

  const refusedFiles = async () => {
    const r = await call(t, 'GET', Api.myDocumentList, { token: admin.token });
    return r.status === 403 && r.body.msg === LICENCE_REFUSED_MSG;
  };

  it('missing file: verifyFileNotExists; sign-in, user info and the verify call still work, the rest is refused', async () => {
    expect((await verify(t, admin)).data).toEqual({
      isExpire: false,
      myIsExpire: false,
      verifyFileNotExists: true,
      verifyFileError: false,
    });
    const login = await call(t, 'POST', Api.login, {
      body: { phone: admin.phone, password: admin.password },
    });
    expect(login.body.code).toBe(1);
    admin.token = (login.body.data as { token: string }).token;
    expect((await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: admin.token })).body.code).toBe(1);
    expect(await refusedFiles()).toBe(true);
    // The real-time hub refuses connections too (issue 15), as the HTTP API does.
    await expect(connectHub(t, admin.token)).rejects.toThrow(LICENCE_REFUSED_MSG);
    const menuCall = await call(t, 'GET', Api.menuList, { token: admin.token });
    expect(menuCall.status).toBe(403);
    const share = await call(t, 'GET', Api.shareInfo, { query: { code: 'abc' } });
    expect(share.status).toBe(403);
    const cfg = await call<{ privateDeployment: boolean }>(t, 'GET', Api.clientConfig);
    expect(cfg.body.data.privateDeployment).toBe(true);
  });

  it('bad signature or another key: verifyFileError', async () => {
    const good = signLicence({ customer: '甲公司', expiresAt: FUTURE.toISOString() }, pair.privateKey);
    await writeLicence({ ...good, customer: '乙公司' });
    expect((await verify(t, admin)).data).toMatchObject({
      verifyFileNotExists: false,
      verifyFileError: true,
    });
    expect(await refusedFiles()).toBe(true);
    await writeLicence(signLicence({ customer: '甲公司', expiresAt: null }, stranger.privateKey));
    expect((await verify(t, admin)).data.verifyFileError).toBe(true);
    await writeLicence('garbage');
    expect((await verify(t, admin)).data.verifyFileError).toBe(true);
  });

  it('expired licence: verifyFileError', async () => {
    await writeLicence(signLicence({ customer: '甲公司', expiresAt: PAST.toISOString() }, pair.privateKey));
    expect((await verify(t, admin)).data).toMatchObject({
      verifyFileNotExists: false,
      verifyFileError: true,
    });
    expect(await refusedFiles()).toBe(true);
  });

  it('valid licence: nothing reported, calls work, and system management stays hidden', async () => {
    await writeLicence(
      signLicence({ customer: '甲公司', expiresAt: FUTURE.toISOString(), seats: 20 }, pair.privateKey),
    );
    expect((await verify(t, admin)).data).toEqual({
      isExpire: false,
      myIsExpire: false,
      verifyFileNotExists: false,
      verifyFileError: false,
    });
    expect(await refusedFiles()).toBe(false);
    expect((await call(t, 'GET', Api.myDocumentList, { token: admin.token })).body.code).toBe(1);
    expect(groups(await menu(t, admin))).toEqual(['mySpace', 'companySpace', 'library']);
    const socket = await connectHub(t, admin.token);
    socket.disconnect();
  });
});
