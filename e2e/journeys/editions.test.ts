/**
 * Editions, deployment and service state (issue "accounts, sessions and companies": editions and
 * deployment; spec 000 §2 guard, top bar and account card, §8 expiry warnings and system verify
 * failures; 001 §2 edition rules), in real Chromium against real servers started with env:
 * - personal edition (SYSTEM_IS_PERSONAL=true): no 企业空间 menu, company routes → /404, no company
 *   card in 个人中心, account card without company line; help-centre QR and consult-to-buy phone;
 * - company edition with an expired personal space: the persistent warning (请联系管理员续费 for an
 *   ordinary user, 点击购买存储空间 → /payCenter?type=person in a new tab for a company
 *   administrator), the 企业空间 badge while the user has no company;
 * - private deployment without a licence: sign-in lands on /systemInitError with 系统验证文件异常！！！;
 * - private deployment with a valid licence: the account card hides space bars, help and consult.
 * Screenshots: e2e/artifacts/editions/.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journeyBrowser, journeyPage } from '../lib/journey.ts';
import { DEMO, ROOT, startServer, type RunningServer } from '../lib/server.ts';
import { signInWithPassword, submitPasswordSignIn } from '../lib/sign-in.ts';
import { settled } from '../lib/waits.ts';

const J = 'editions';
const run = promisify(execFile);
const j = journeyBrowser();

/** Run the server CLI on a data folder (before the server opens it). */
async function cli(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['apps/server/src/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return stdout;
}

async function newPage(): Promise<Page> {
  const { page } = await journeyPage(j.browser);
  page.setDefaultTimeout(30_000);
  return page;
}

/** The help centre and the consult-to-buy phone every edition but the unlicensed one is given. */
const HELP = { HELP_CENTER_URL: 'https://help.example.com/bimdrive', CONSULT_PHONE: '400-800-1234' };

/**
 * Start a server with `env`, open a page (newPage) and run `body` with both; then close the page's
 * context, stop the server and remove the data folder `env.DATA_DIR` when given (also when `body` throws).
 */
async function withServer(
  env: Record<string, string>,
  body: (page: Page, server: RunningServer) => Promise<void>,
): Promise<void> {
  const server = await startServer(env);
  const page = await newPage();
  try {
    await body(page, server);
  } finally {
    // Open pages keep the hub's websocket, which would hold the server's shutdown.
    await page
      .context()
      .close()
      .catch(() => undefined);
    await server.stop();
    if (env.DATA_DIR) await rm(env.DATA_DIR, { recursive: true, force: true });
  }
}

/** A fresh data folder for a server, named `bimdrive-e2e-<name>-…` in the system's temporary folder. */
const dataFolder = (name: string) => mkdtemp(path.join(tmpdir(), `bimdrive-e2e-${name}-`));

/** Open the account card by hovering the avatar. */
async function openCard(page: Page) {
  await page.getByTestId('account-menu').hover();
  const card = page.getByTestId('account-card');
  await card.waitFor({ state: 'visible' });
  return card;
}

test('personal edition hides company routes and menus', async () => {
  await withServer({ SYSTEM_IS_PERSONAL: 'true', ...HELP }, async (page, server) => {
    await signInWithPassword(page, server.url, DEMO.phone, DEMO.password);
    await page.getByTestId('top-menu-mySpace').waitFor();
    assert.equal(await page.getByTestId('top-menu-companySpace').count(), 0, 'no 企业空间 menu');
    // The demo account is a system administrator: 系统管理 shows in the personal edition too (000 §2).
    assert.equal(await page.getByTestId('top-menu-systemManagement').count(), 1, '系统管理 menu');

    // Company routes of the table are refused (001 §2 edition rules).
    for (const p of ['/lately', '/myCreated', '/companyKnowledgeBase']) {
      await page.goto(`${server.url}${p}`);
      await page.waitForURL((u) => u.pathname === '/404', { timeout: 15_000 });
    }
    // A route open to every edition still works: 我的资源库 lists its files, uploads allowed.
    await page.goto(`${server.url}/myKnowledgeBase`);
    await page.getByTestId('file-table').waitFor();
    await page
      .getByRole('button', { name: /上传文件/ })
      .first()
      .waitFor();
    assert.match(await page.title(), /^我的资源库 - /);

    await page.goto(`${server.url}/userCenter`);
    await page.getByTestId('user-center').waitFor();
    assert.equal(await page.getByTestId('company-card').count(), 0, 'no company card');

    const card = await openCard(page);
    await page
      .getByTestId('space-bar-person')
      .getByText(/到期时间：无限制/)
      .waitFor();
    assert.equal(await card.getByTestId('account-company').count(), 0);
    assert.equal(await card.getByText('加入或创建企业').count(), 0);
    assert.equal(await card.getByTestId('space-bar-corp').count(), 0);
    await card.getByTestId('expand-person').waitFor();
    await shot(page, J, '01-personal-account-card');

    await card.getByTestId('account-help').click();
    const help = page.getByTestId('help-center-dialog');
    await help.getByText('扫码联系我们').waitFor();
    assert.equal(await help.locator('canvas').count(), 1, 'a QR code is drawn');
    const helpDialog = page.getByRole('dialog').filter({ has: help });
    await settled(helpDialog); // the dialog's opening animation
    await shot(page, J, '02-help-center-qr');
    await helpDialog.getByRole('button', { name: '关闭', exact: true }).click();
    await help.waitFor({ state: 'hidden' });

    await (await openCard(page)).getByTestId('account-consult').click();
    await page.getByTestId('consult-dialog').getByText('咨询电话：400-800-1234').waitFor();
    const consultDialog = page.getByRole('dialog').filter({ has: page.getByTestId('consult-dialog') });
    await settled(consultDialog); // the dialog's opening animation
    await shot(page, J, '02b-consult-phone');
    await consultDialog.getByRole('button', { name: '关闭', exact: true }).click();
    await consultDialog.waitFor({ state: 'hidden' });

    // 手机版 in the top bar (000 §2): hovering shows the site's QR code for phones, 180 px (000 §9).
    await page.getByTestId('mobile-qr-button').hover();
    const mobileQr = page.getByTestId('mobile-qr');
    await mobileQr.locator('canvas').waitFor();
    const qrBox = (await mobileQr.locator('canvas').locator('xpath=..').boundingBox())!;
    assert.equal(Math.round(qrBox.width), 180, 'the QR code is 180 px');
    await mobileQr.getByText('手机扫码访问 bimdrive').waitFor();
    await settled(mobileQr);
    await shot(page, J, '02c-mobile-qr');
    await page.mouse.move(0, 400);
    await mobileQr.waitFor({ state: 'hidden' });

    // The server refuses company calls in this edition, whatever the page does.
    const answer = await page.evaluate(async () => {
      const r = await fetch('/api/WebAccount/MyCompany', {
        headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      });
      return { status: r.status, body: (await r.json()) as { msg: string } };
    });
    assert.equal(answer.status, 403);
    assert.equal(answer.body.msg, '个人版不支持企业功能');
  });
});

test('company edition: expired personal space warns; administrators may buy, others contact one', async () => {
  const dataDir = await dataFolder('expiry');
  const phone = '13700000101';
  const password = 'Passw0rd!x';
  await cli(dataDir, 'create-user', '--phone', phone, '--password', password, '--name', '张工');
  await cli(dataDir, 'service-stop', '--phone', phone, '--at', '2026-01-31T08:00:00+08:00');
  await withServer({ DATA_DIR: dataDir, ...HELP }, async (page, server) => {
    await signInWithPassword(page, server.url, phone, password);
    const banner = page.getByTestId('expiry-person');
    await banner.waitFor();
    assert.match(await banner.innerText(), /您的个人空间已过期，文件上传可能受限，请联系管理员续费/);
    assert.equal(await page.getByTestId('expiry-corp').count(), 0);
    // No company yet: 企业空间 carries a badge.
    await page.getByTestId('company-space-badge').waitFor();
    await shot(page, J, '03-expiry-warning-member');

    // As the administrator of a new company, the warning offers the payment page in a new tab.
    const created = await page.evaluate(async () => {
      const r = await fetch('/api/WebAccount/CreateCompany', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
        },
        body: JSON.stringify({ name: '张工建设', code: '91350100M000100Y43' }),
      });
      return ((await r.json()) as { code: number }).code;
    });
    assert.equal(created, 1);
    await page.reload();
    const buy = page.getByTestId('expiry-person').getByText('点击购买存储空间');
    await buy.waitFor();
    assert.equal(await page.getByTestId('company-space-badge').count(), 0, 'badge gone with a company');
    await shot(page, J, '04-expiry-warning-admin');
    const [pay] = await Promise.all([page.context().waitForEvent('page'), buy.click()]);
    await pay.waitForURL((u) => u.pathname === '/payCenter' && u.searchParams.get('type') === 'person');
    await pay.close();

    const card = await openCard(page);
    await card.getByTestId('space-bar-person').getByText('到期时间：2026年01月31日').waitFor();
    // A new company is on the free trial (TRIAL_DAYS, 15 by default): its bar shows the trial's end.
    const trial = new Date(Date.now() + 15 * 24 * 3600 * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const trialEnd = `${trial.getFullYear()}年${pad(trial.getMonth() + 1)}月${pad(trial.getDate())}日`;
    await card.getByTestId('space-bar-corp').getByText(`到期时间：${trialEnd}`).waitFor();
    await card.getByTestId('expand-corp').waitFor();
    await card.getByTestId('account-help').waitFor();
    await card.getByTestId('account-consult').waitFor();
    await shot(page, J, '05-account-card-company');
  });
});

test('private deployment without a licence lands on /systemInitError', async () => {
  const env = { PRIVATE_DEPLOYMENT: 'true', OFFICIAL_SITE_URL: 'https://bim.example.com' };
  await withServer(env, async (page, server) => {
    // The login page keeps its still background without LOGIN_VIDEO_URL and links the official site.
    await page.goto(`${server.url}/login`);
    const home = page.getByTestId('login-home-link');
    await home.waitFor();
    assert.equal(await home.getAttribute('href'), 'https://bim.example.com');
    assert.equal(await page.getByTestId('login-video').count(), 0);
    await shot(page, J, '00-login-home-link');
    await submitPasswordSignIn(page, server.url, DEMO.phone, DEMO.password);
    await page.waitForURL((u) => u.pathname === '/systemInitError', { timeout: 30_000 });
    assert.equal(await page.getByTestId('system-init-error-text').innerText(), '系统验证文件异常！！！');
    assert.match(await page.title(), /^系统验证 - /);
    await shot(page, J, '06-system-init-error');
    // Any signed-in screen leads back there.
    await page.goto(`${server.url}/myShare`);
    await page.waitForURL((u) => u.pathname === '/systemInitError', { timeout: 15_000 });
  });
});

test('private deployment with a valid licence: no space bars, help, consult or system management', async () => {
  const dataDir = await dataFolder('licence');
  await cli(dataDir, 'licence-keygen', '--out', dataDir);
  await cli(
    dataDir,
    'licence-sign',
    '--key',
    path.join(dataDir, 'licence-private.pem'),
    '--customer',
    '甲建设集团',
    '--expires',
    'never',
    '--out',
    path.join(dataDir, 'licence.json'),
  );
  const env = {
    DATA_DIR: dataDir,
    PRIVATE_DEPLOYMENT: 'true',
    LICENCE_PUBLIC_KEY: await readFile(path.join(dataDir, 'licence-public.pem'), 'utf8'),
    ...HELP,
  };
  await withServer(env, async (page, server) => {
    await signInWithPassword(page, server.url, DEMO.phone, DEMO.password);
    await page.getByTestId('top-menu-mySpace').waitFor();
    assert.notEqual(new URL(page.url()).pathname, '/systemInitError');
    const card = await openCard(page);
    await card.getByTestId('account-user-center').waitFor();
    await card.getByTestId('account-logout').waitFor();
    for (const id of ['space-bar-person', 'space-bar-corp', 'account-help', 'account-consult'])
      assert.equal(await card.getByTestId(id).count(), 0, `${id} hidden`);
    await shot(page, J, '07-private-account-card');

    // Log-out asks 确认要退出吗？ and reloads on /login.
    await card.getByTestId('account-logout').click();
    await page.getByText('确认要退出吗？').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
  });
});
