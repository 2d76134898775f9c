/** Licence signing and verification (licence.ts; 000 §2 step 3) and the menu rules (menu.ts; 001 §2). */
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLicence, generateLicenceKeyPair, signLicence, verifyLicence } from './licence.ts';
import { MENU_ROUTE_PATHS } from '@bimdrive/contracts';
import { buildMenu, MENU_PATHS } from './menu.ts';

const pair = generateLicenceKeyPair();
const other = generateLicenceKeyPair();
const NOW = new Date('2026-06-01T00:00:00Z');

describe('licence (000 §2 step 3)', () => {
  const lic = signLicence(
    { customer: '甲公司', expiresAt: '2027-01-01T00:00:00.000Z', seats: 50 },
    pair.privateKey,
  );

  it('accepts a licence signed by the matching key until it ends', () => {
    expect(verifyLicence(lic, pair.publicKey, NOW)).toBe('valid');
    expect(verifyLicence(lic, pair.publicKey, new Date('2027-01-01T00:00:00Z'))).toBe('expired');
  });
  it('does not depend on key order and treats a null end as unlimited', () => {
    const reordered = Object.fromEntries(Object.entries(lic).reverse());
    expect(verifyLicence(reordered, pair.publicKey, NOW)).toBe('valid');
    const forever = signLicence({ customer: '乙', expiresAt: null }, pair.privateKey);
    expect(verifyLicence(forever, pair.publicKey, new Date('2999-01-01'))).toBe('valid');
  });
  it('refuses tampered fields, another key, a missing key and bad shapes', () => {
    expect(verifyLicence({ ...lic, seats: 500 }, pair.publicKey, NOW)).toBe('invalid');
    expect(verifyLicence({ ...lic, expiresAt: '2099-01-01T00:00:00.000Z' }, pair.publicKey, NOW)).toBe(
      'invalid',
    );
    expect(verifyLicence(lic, other.publicKey, NOW)).toBe('invalid');
    expect(verifyLicence(lic, undefined, NOW)).toBe('invalid');
    expect(verifyLicence(lic, 'not a pem', NOW)).toBe('invalid');
    expect(verifyLicence({ customer: '甲公司' }, pair.publicKey, NOW)).toBe('invalid');
    expect(verifyLicence('[]', pair.publicKey, NOW)).toBe('invalid');
  });

  const dirP = mkdtemp(path.join(tmpdir(), 'bimdrive-licence-'));
  afterAll(async () => rm(await dirP, { recursive: true, force: true }));

  it('checks a file: missing, unreadable, valid, then rewritten with a bad signature', async () => {
    const file = path.join(await dirP, 'licence.json');
    expect(await checkLicence(file, pair.publicKey, NOW)).toBe('missing');
    await writeFile(file, '{not json');
    expect(await checkLicence(file, pair.publicKey, NOW)).toBe('invalid');
    await writeFile(file, JSON.stringify(lic));
    await utimes(file, NOW, new Date(Date.now() + 1000));
    expect(await checkLicence(file, pair.publicKey, NOW)).toBe('valid');
    expect(await checkLicence(file, pair.publicKey, new Date('2028-01-01'))).toBe('expired');
    await writeFile(file, JSON.stringify({ ...lic, customer: '丙公司' }));
    await utimes(file, NOW, new Date(Date.now() + 2000));
    expect(await checkLicence(file, pair.publicKey, NOW)).toBe('invalid');
  });
});

describe('permission menu (000 §2 Top bar, §6; 001 §2 edition rules)', () => {
  const paths = (m: ReturnType<typeof buildMenu>) => m.map((e) => e.path);
  const base = {
    isAdministrator: false,
    hasCompany: true,
    systemIsPersonal: false,
    privateDeployment: false,
  };

  it('covers exactly the gated paths the web guard knows', () => {
    expect([...MENU_PATHS]).toEqual([...MENU_ROUTE_PATHS]);
  });
  it('gives everyone my space and the libraries, sorted', () => {
    const m = buildMenu(base);
    expect(paths(m)).toEqual(
      expect.arrayContaining(['/myDocument', '/myCollection', '/myShare', '/myKnowledgeBase']),
    );
    expect(m.map((e) => e.sort)).toEqual(m.map((_, i) => i + 1));
    expect(m.some((e) => e.group === 'systemManagement')).toBe(false);
  });
  it('drops the project group and the company library in the personal edition', () => {
    const company = buildMenu(base);
    expect(company.filter((e) => e.group === 'companySpace').map((e) => e.name)).toEqual([
      'lately',
      'all',
      'myCreated',
      'myParticipateIn',
      'myCollectionProject',
    ]);
    expect(company.filter((e) => e.group === 'companySpace').every((e) => e.keepAlive)).toBe(true);
    const personal = buildMenu({ ...base, systemIsPersonal: true });
    expect(personal.some((e) => e.group === 'companySpace')).toBe(false);
    expect(paths(personal)).not.toContain('/companyKnowledgeBase');
  });
  it('offers the company library only to members of a company, 企业空间 to everyone', () => {
    const alone = buildMenu({ ...base, hasCompany: false });
    expect(paths(alone)).not.toContain('/companyKnowledgeBase');
    expect(paths(alone)).toContain('/all');
    expect(paths(buildMenu(base))).toContain('/companyKnowledgeBase');
  });
  it('shows system management to system administrators only, never in a private deployment', () => {
    const admin = buildMenu({ ...base, isAdministrator: true });
    const sys = admin.filter((e) => e.group === 'systemManagement');
    expect(sys.map((e) => e.path)).toEqual([
      '/personalManagement',
      '/companyManagement',
      '/orderManagement',
      '/operationLog',
    ]);
    expect(sys.every((e) => e.hideInChatApp)).toBe(true);
    expect(
      buildMenu({ ...base, isAdministrator: true, privateDeployment: true }).some(
        (e) => e.group === 'systemManagement',
      ),
    ).toBe(false);
  });
});
