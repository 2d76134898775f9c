/**
 * 用户管理 (issue 16 administration group; spec 001 §2 layout 4 /personalManagement, §6; 000 §2 top
 * bar 系统管理, §8 session ended): the demo account — a system administrator of the embedded default —
 * opens 系统管理 from the top bar and lands on /personalManagement in the 220px system-management
 * sidebar; the list shows the users; it searches a second account (registered through the API),
 * changes its quota (GB) and service end (date) and sees both in the row, resets its password (the
 * generated password, shown once, signs that user in), then disables it while that user has two tabs
 * open in another browser: the tab with a live hub lands on /login at once with 该账号已被停用，如有疑问
 * 请联系管理员; the tab whose hub is cut off is sent there by its next request's 401 with the same
 * notice; sign-in is refused while disabled and works again once enabled. The server refuses the
 * administrator disabling themselves. A non-administrator typing /personalManagement lands on /404.
 * On a 390×844 screen the page has no horizontal overflow and the sidebar is collapsed.
 * Screenshots: e2e/artifacts/admin-users/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { changeQuota, changeServiceEnd, confirm, rowAction, toast } from '../lib/admin.ts';
import { contextPage, DESKTOP, journey, journeyContext } from '../lib/journey.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { DEMO, registerAccount } from '../lib/server.ts';
import { hubRegistered } from '../lib/waits.ts';

const J = 'admin-users';
const USER = { phone: '13700000181', name: '赵停用', password: 'Passw0rd!x' };
const DISABLED = '该账号已被停用，如有疑问请联系管理员';

const j = journey({}, async () => {
  await registerAccount(j.server.url, USER);
});

const desktop = () => journeyContext(j.browser, DESKTOP);
const newPage = (ctx: BrowserContext) => contextPage(ctx);

/** The user table's row of a phone. */
const rowOf = (page: Page, phone: string) => page.locator(`tr[data-row-phone="${phone}"]`);

/** The open error dialog (Modal.error: the one with the error's close-circle icon). */
const errorDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('img', { name: 'close-circle' }) });

/** Search the user table and wait for exactly this phone's row. */
async function search(page: Page, phone: string): Promise<Locator> {
  const box = page.getByPlaceholder('搜索用户名或手机号');
  await box.fill(phone);
  await box.press('Enter');
  await page.waitForURL((u) => u.searchParams.get('search') === phone);
  const row = rowOf(page, phone);
  await row.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('tr[data-row-phone]').length === 1);
  return row;
}

/**
 * Whether the system-management layout (sidebar and page) reaches past the screen's right edge or
 * scrolls sideways, with the elements that do (for the failure message), or '' when it fits. The top
 * bar above it is the app shell's (its 390px fit is not this page's).
 */
const layoutOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const content = document.querySelector('[data-testid=admin-content]')!;
    const root = content.parentElement!;
    const out = [root, ...root.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > width + 1 && !e.closest('[data-table-scroll]'))
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName}.${String(e.className).slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}`,
      );
    if (content.scrollWidth > content.clientWidth + 1) out.push(`content scrolls ${content.scrollWidth}`);
    return out.join('; ');
  });

test('the administrator manages a user; a disabled user is sent to /login at once', async () => {
  const adminCtx = await desktop();
  const userCtx = await desktop();
  try {
    const admin = await newPage(adminCtx);
    await signInWithPassword(admin, j.server.url, DEMO.phone, DEMO.password);
    // 系统管理 in the top bar opens the group's first entry, 用户管理.
    await admin.getByTestId('top-menu-systemManagement').click();
    await admin.waitForURL((u) => u.pathname === '/personalManagement');
    const sidebar = admin.getByTestId('admin-sidebar');
    for (const entry of ['用户管理', '企业管理', '订单管理', '操作日志'])
      await sidebar.getByRole('menuitem', { name: entry }).waitFor();
    assert.equal(Math.round((await sidebar.boundingBox())!.width), 220, 'sidebar 220px');
    await rowOf(admin, DEMO.phone).waitFor();
    await rowOf(admin, USER.phone).waitFor();
    const demoRow = rowOf(admin, DEMO.phone);
    await demoRow.getByText('系统管理员').waitFor();
    await demoRow.getByText('正常').waitFor();
    for (const col of [
      '用户名',
      '手机号',
      '企业',
      '注册时间',
      '最近登录',
      '存储(已用/配额)',
      '服务到期',
      '状态',
    ])
      await admin.getByRole('columnheader', { name: col }).first().waitFor();
    assert.match(await admin.title(), /^用户管理 - /);
    await shot(admin, J, '01-user-list');

    // Search finds the second account alone.
    let row = await search(admin, USER.phone);
    await row.getByText(USER.name).waitFor();

    // 修改配额: 20 GB.
    await changeQuota(admin, row, '修改配额', '20', () => shot(admin, J, '02-quota-dialog'));
    await row
      .getByTestId('user-storage')
      .getByText(/\/ 20GB$/)
      .waitFor();

    // 修改服务到期: 2030-12-31.
    await changeServiceEnd(admin, row, '2030-12-31', () => shot(admin, J, '03-service-end-dialog'));
    await row.getByTestId('user-service-end').getByText('2030-12-31').waitFor();

    // 重置密码: the generated password is shown once, copyable, and signs the user in.
    await rowAction(admin, row, '重置密码');
    await confirm(admin);
    await toast(admin, '密码已重置').waitFor();
    const shown = admin.getByTestId('new-password');
    await shown.waitFor();
    const password = (await shown.textContent())!.trim();
    assert.match(password, /^[A-Za-z\d]{12}$/);
    await admin.getByRole('button', { name: /复制密码/ }).waitFor();
    await shot(admin, J, '04-new-password');
    await admin.getByRole('button', { name: /我已记下/ }).click();

    // The user opens two tabs with the new password; the second tab's hub never reaches the server.
    const live = await newPage(userCtx);
    const liveRegistered = hubRegistered(live);
    await signInWithPassword(live, j.server.url, USER.phone, password);
    await live.getByText('我的文件').first().waitFor();
    const cut = await newPage(userCtx);
    await cut.routeWebSocket(/\/api\/chatHub/, () => undefined);
    await cut.route(/\/api\/chatHub/, (route) => route.abort());
    await cut.goto(`${j.server.url}/myDocument`);
    await cut.getByText('我的文件').first().waitFor();
    // The live tab's hub connection has registered its token.
    await liveRegistered;

    // 停用 (with a confirm): the live tab lands on /login at once with the notice.
    await row.getByRole('button', { name: '停用' }).click();
    await confirm(admin);
    await toast(admin, '已停用').waitFor();
    await row.getByText('停用', { exact: true }).last().waitFor();
    await row.getByRole('button', { name: '启用' }).waitFor();
    await live.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
    await live.waitForLoadState('networkidle');
    const alert = errorDialog(live);
    await alert.waitFor({ timeout: 15_000 });
    await alert.getByText(DISABLED, { exact: true }).waitFor();
    assert.equal(await live.evaluate(() => localStorage.getItem('token')), null, 'signed out');
    await live.waitForFunction(() => document.getAnimations().length === 0); // the alert has zoomed in
    await shot(live, J, '05-disabled-tab-on-login');
    await alert.getByRole('button', { name: /确\s*定/ }).click();
    await shot(admin, J, '06-user-disabled');

    // The tab that missed the event is sent to /login by its next request (401), with the same notice.
    assert.equal(new URL(cut.url()).pathname, '/myDocument');
    await cut.getByText('我的收藏').first().click();
    await cut.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
    await cut.waitForLoadState('networkidle');
    const cutAlert = errorDialog(cut);
    await cutAlert.waitFor({ timeout: 15_000 });
    await cutAlert.getByText(DISABLED, { exact: true }).waitFor();
    await cut.waitForFunction(() => document.getAnimations().length === 0);
    await shot(cut, J, '06b-missed-event-tab-on-login');
    await cut.close();

    // Sign-in is refused while disabled.
    await live.locator('input:not([type=password])').first().fill(USER.phone);
    await live.locator('input[type=password]').first().fill(password);
    await live
      .getByRole('button', { name: /登\s*录/ })
      .first()
      .click();
    await live.getByText(DISABLED).first().waitFor();
    assert.equal(new URL(live.url()).pathname, '/login');

    // 启用: the user signs in again.
    await row.getByRole('button', { name: '启用' }).click();
    await confirm(admin);
    await toast(admin, '已启用').waitFor();
    await row.getByText('正常', { exact: true }).waitFor();
    await signInWithPassword(live, j.server.url, USER.phone, password);
    await live.getByText('我的文件').first().waitFor();

    // The administrator cannot disable themselves: the server says so.
    row = await search(admin, DEMO.phone);
    await row.getByRole('button', { name: '停用' }).click();
    await confirm(admin);
    await admin.getByText('不能停用自己的账号').first().waitFor();
    await row.getByText('正常', { exact: true }).waitFor();

    // A non-administrator typing /personalManagement lands on /404, and has no 系统管理 menu.
    await live.goto(`${j.server.url}/personalManagement`);
    await live.waitForURL((u) => u.pathname === '/404', { timeout: 15_000 });
    assert.equal(await live.getByTestId('top-menu-systemManagement').count(), 0, 'no 系统管理');
  } finally {
    await adminCtx.close();
    await userCtx.close();
  }
});

test('on a 390×844 phone screen the page fits and the sidebar is collapsed', async () => {
  const ctx = await journeyContext(j.browser, { viewport: { width: 390, height: 844 } });
  try {
    const page = await newPage(ctx);
    await signInWithPassword(page, j.server.url, DEMO.phone, DEMO.password);
    await page.goto(`${j.server.url}/personalManagement`);
    await rowOf(page, USER.phone).waitFor();
    const sidebar = page.getByTestId('admin-sidebar');
    // Collapsed to icons once the layout has settled (the sidebar animates its width).
    await page
      .waitForFunction(
        () =>
          (document.querySelector('[data-testid="admin-sidebar"]')?.getBoundingClientRect().width ?? 999) <=
          64,
        undefined,
        { timeout: 5000 },
      )
      .catch(() => undefined);
    assert.ok((await sidebar.boundingBox())!.width <= 64, 'collapsed to icons');
    await shot(page, J, '07-phone');
    assert.equal(await layoutOverflow(page), '', 'no horizontal overflow');

    // Opened, the sidebar lies over the page (still no overflow); choosing an entry closes it.
    await page.getByTestId('sidebar-toggle').click();
    await sidebar.getByRole('menuitem', { name: '用户管理' }).waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid=admin-sidebar]')?.getBoundingClientRect().width ?? 0) >= 200,
    );
    assert.equal(await layoutOverflow(page), '', 'no horizontal overflow with the sidebar open');
    await shot(page, J, '08-phone-sidebar-open');
    await sidebar.getByRole('menuitem', { name: '用户管理' }).click();
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid=admin-sidebar]')?.getBoundingClientRect().width ?? 999) <= 64,
    );
  } finally {
    await ctx.close();
  }
});
