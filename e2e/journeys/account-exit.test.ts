/**
 * One active session per account (spec 000 §7 AccountExit, §8 "Event AccountExit"): a user signed in
 * in one browser signs in again in a second one; the first browser, without any action of its own,
 * shows the error alert titled 提示 with 账户在其他地点登录，如果不是本人登录，请及时更改密码！！, is
 * signed out and ends on /login. A browser that missed the live event (offline) is told the same at its
 * next request, on /login. Screenshots: e2e/artifacts/account-exit/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journey, logPageErrors } from '../lib/journey.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { hubRegistered, until } from '../lib/waits.ts';

const J = 'account-exit';
const PHONE = '13700000011';
const PASSWORD = 'Passw0rd!x';
const TEXT = '账户在其他地点登录，如果不是本人登录，请及时更改密码！！';

const j = journey();

async function signIn(ctx: BrowserContext, before?: (page: Page) => void): Promise<Page> {
  const page = await ctx.newPage();
  logPageErrors(page);
  before?.(page);
  await signInWithPassword(page, j.server.url, PHONE, PASSWORD);
  return page;
}

/** The AccountExit alert: the error dialog (Modal.error, its close-circle icon) titled 提示. */
const exitAlert = (page: Page) =>
  page
    .getByRole('dialog', { name: '提示', exact: true })
    .filter({ has: page.getByRole('img', { name: 'close-circle' }) });

test('signing in elsewhere ends the first session with the AccountExit alert', async () => {
  const r = await fetch(`${j.server.url}/api/Home/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: PHONE, password: PASSWORD, name: '张工' }),
  });
  assert.equal(((await r.json()) as { code: number }).code, 1);
  const first = await j.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const second = await j.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });

  let registered: Promise<void> | undefined;
  const page1 = await signIn(first, (page) => (registered = hubRegistered(page)));
  await page1.getByText('我的文件').first().waitFor();
  // The shell's hub connection has registered its token.
  await registered;
  const page2 = await signIn(second);
  await page2.getByText('我的文件').first().waitFor();

  // The first browser is told at once, with no action of its own.
  const alert = exitAlert(page1);
  await alert.waitFor({ timeout: 15_000 });
  assert.equal(await alert.getByText(TEXT, { exact: true }).count(), 1, 'the AccountExit text');
  assert.equal(await page1.evaluate(() => localStorage.getItem('token')), null, 'signed out');
  await shot(page1, J, '01-account-exit-alert');
  await alert.getByRole('button', { name: /确\s*定/ }).click();
  await page1.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
  await page1.locator('input[type=password]').first().waitFor();
  await shot(page1, J, '02-login');

  // The second browser stays signed in.
  await page2.reload();
  await page2.getByText('我的文件').first().waitFor();
  assert.ok(await page2.evaluate(() => localStorage.getItem('token')));
  await first.close();
  await second.close();
});

test('a browser that missed the live event is told the reason at its next request', async () => {
  const first = await j.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const second = await j.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  // The first browser's hub never reaches the server (as when it is offline while the other sign-in happens).
  let refused = 0;
  await first.routeWebSocket(/\/api\/chatHub/, () => void refused++);
  await first.route(/\/api\/chatHub/, (route) => (refused++, route.abort()));

  const page1 = await signIn(first);
  await page1.getByText('我的文件').first().waitFor();
  // Its hub has tried to connect and been refused, so no event can reach it from now on.
  await until(
    () => refused,
    (n) => n > 0,
    { message: 'the first browser never tried its hub' },
  );
  const page2 = await signIn(second);
  await page2.getByText('我的文件').first().waitFor();
  // The first page has handled whatever reached it since (two frames rendered), and is still in.
  await page1.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(undefined)))),
  );
  assert.equal(await exitAlert(page1).count(), 0, 'no live event reached it');
  assert.ok(
    await page1.evaluate(() => localStorage.getItem('token')),
    'still signed in until its next request',
  );

  // Its next request answers -501 with the reason; /login shows it in the 提示 alert.
  await page1.getByText('我的收藏').first().click();
  await page1.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
  const alert = exitAlert(page1);
  await alert.waitFor({ timeout: 15_000 });
  assert.equal(await alert.getByText(TEXT, { exact: true }).count(), 1, 'the AccountExit text');
  assert.equal(await page1.evaluate(() => localStorage.getItem('token')), null, 'signed out');
  await shot(page1, J, '03-missed-event-alert-on-login');
  await alert.getByRole('button', { name: /确\s*定/ }).click();
  await alert.waitFor({ state: 'detached' });
  await page1.reload();
  await page1.locator('input[type=password]').first().waitFor();
  assert.equal(await exitAlert(page1).count(), 0, 'shown once');
  await first.close();
  await second.close();
});
