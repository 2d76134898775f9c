/**
 * 企业管理 and /corpDetail (issue 16 administration group; spec 001 §2 /companyManagement, §7
 * UpdateCorpUsingStatus; 000 §2 /corpDetail): a company created through the API (its administrator
 * 钱老板, a member 孙员工 who joined by application, a project) shows in 系统管理 → 企业管理 with its
 * credit code, administrator, members, storage, service end and 正常; the demo account (a system
 * administrator) changes its quota (GB) and service end and sees both in the row, disables it (confirm)
 * — the row says 停用 and the member opening the project space gets 该企业已被停用，如有疑问请联系管理员
 * while their personal space still works — enables it again (the project opens), and opens 详情 →
 * /corpDetail with its tabs 企业信息, 管理员, 成员, 空间, 套餐与订单. The company's administrator reaches
 * the same page from the account centre; the member gets 无权查看. On a 390×844 screen both pages fit.
 * Screenshots: e2e/artifacts/admin-companies/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { changeQuota, changeServiceEnd, confirm, toast } from '../lib/admin.ts';
import { contextPage, DESKTOP, journey, journeyContext } from '../lib/journey.ts';
import { overflowingElements } from '../lib/layout.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { apiData, DEMO, registerAccount } from '../lib/server.ts';

const J = 'admin-companies';
const BOSS = { phone: '13700000261', name: '钱老板', password: 'Passw0rd!x' };
const STAFF = { phone: '13700000262', name: '孙员工', password: 'Passw0rd!x' };
// A valid unified social credit code (GB 32100-2015 check character).
const CORP = { name: '钱氏建设集团', code: '91350100M000100Y43' };
const PROJECT = '钱氏停用演示项目';
const DISABLED = '该企业已被停用，如有疑问请联系管理员';

let corpId = '';

const j = journey({}, async () => {
  const boss = (await registerAccount(j.server.url, BOSS)).token;
  const { token: staff, userID: staffId } = await registerAccount(j.server.url, STAFF);
  const corp = await apiData<{ corpId: string }>(
    j.server.url,
    boss,
    'POST',
    '/api/WebAccount/CreateCompany',
    CORP,
  );
  corpId = corp.corpId;
  await apiData(j.server.url, staff, 'POST', '/api/WebAccount/JoinCompany', {
    name: CORP.name,
    code: CORP.code,
    userName: STAFF.name,
    useUserName: true,
  });
  const apps = await apiData<Array<{ iuid: string; phone: string }>>(
    j.server.url,
    boss,
    'GET',
    '/api/WebAccount/CheckCompanyApplyPerson',
  );
  const app = apps.find((a) => a.phone === STAFF.phone)!;
  await apiData(j.server.url, boss, 'POST', '/api/WebCompanyApply/AccessApply', {
    UserApplyHistoryId: app.iuid,
  });
  const project = await apiData<{ iuid: string }>(j.server.url, boss, 'POST', '/api/Project/ProjectAdd', {
    projectName: PROJECT,
  });
  await apiData(j.server.url, boss, 'POST', '/api/Project/ProjectMemberSet', {
    iuid: project.iuid,
    userId: staffId,
    role: 'editor',
  });
});

const desktop = () => journeyContext(j.browser, DESKTOP);
const newPage = (ctx: BrowserContext) => contextPage(ctx);

/** The company table's row of a company name. */
const rowOf = (page: Page, name: string) => page.locator(`tr[data-row-corp="${name}"]`);

/** The tag of the usage state in a row. */
const stateOf = (row: Locator) => row.getByTestId('company-state');

/** Wait until the company's row shows this usage state. */
const rowState = (page: Page, name: string, state: string) =>
  page.waitForFunction(
    ([n, s]) =>
      document.querySelector(`tr[data-row-corp="${n}"] [data-testid=company-state]`)?.textContent === s,
    [name, state] as const,
  );

test('the administrator manages a company; a disabled company refuses its space until enabled', async () => {
  const adminCtx = await desktop();
  const staffCtx = await desktop();
  try {
    const admin = await newPage(adminCtx);
    await signInWithPassword(admin, j.server.url, DEMO.phone, DEMO.password);
    await admin.getByTestId('top-menu-systemManagement').click();
    await admin.getByTestId('admin-sidebar').getByRole('menuitem', { name: '企业管理' }).click();
    await admin.waitForURL((u) => u.pathname === '/companyManagement');
    const row = rowOf(admin, CORP.name);
    await row.waitFor();
    for (const col of [
      '企业名称',
      '统一社会信用代码',
      '管理员',
      '成员数',
      '存储（已用/配额）',
      '服务到期',
      '使用状态',
    ])
      await admin.getByRole('columnheader', { name: col }).first().waitFor();
    await row.getByText(CORP.code).waitFor();
    await row.getByText(BOSS.name).waitFor();
    await row.getByText('2 人').waitFor();
    // A new company is on the free trial (15 days): 即将到期.
    assert.equal(await stateOf(row).textContent(), '即将到期');
    await shot(admin, J, '01-company-list');

    // Search by name narrows the list to it.
    const box = admin.getByPlaceholder('企业名称或统一社会信用代码');
    await box.fill('钱氏');
    await box.press('Enter');
    await admin.waitForURL((u) => u.searchParams.get('search') === '钱氏');
    await admin.waitForFunction(() => document.querySelectorAll('tr[data-row-corp]').length === 1);

    // 修改配额: 200 GB.
    await changeQuota(admin, row, '修改企业配额', '200', () => shot(admin, J, '02-quota-dialog'));
    await row
      .getByTestId('company-storage')
      .getByText(/\/ 200GB$/)
      .waitFor();

    // 修改服务到期: 2030-12-31.
    await changeServiceEnd(admin, row, '2030-12-31');
    await row.getByTestId('company-service-end').getByText('2030-12-31').waitFor();
    await rowState(admin, CORP.name, '正常');

    // The member sees the project before the company is disabled.
    const staff = await newPage(staffCtx);
    await signInWithPassword(staff, j.server.url, STAFF.phone, STAFF.password);
    await staff.goto(`${j.server.url}/all`);
    await staff.getByText(PROJECT).first().waitFor();

    // 停用 (confirm): the row says 停用 and offers 启用.
    await row.getByRole('button', { name: '停用' }).click();
    await shot(admin, J, '03-disable-confirm');
    await confirm(admin);
    await toast(admin, '已停用').waitFor();
    await rowState(admin, CORP.name, '停用');
    await row.getByRole('button', { name: '启用' }).waitFor();
    await shot(admin, J, '04-disabled-row');

    // The member cannot open the company's projects: the message is shown; the personal space works.
    await staff.goto(`${j.server.url}/all`);
    await staff.getByText(DISABLED).first().waitFor();
    await shot(staff, J, '05-member-refused');
    await staff.goto(`${j.server.url}/myDocument`);
    await staff.getByText('我的文件').first().waitFor();

    // 启用 restores everything at once.
    await row.getByRole('button', { name: '启用' }).click();
    await confirm(admin);
    await toast(admin, '已启用').waitFor();
    await rowState(admin, CORP.name, '正常');
    await staff.goto(`${j.server.url}/all`);
    await staff.getByText(PROJECT).first().waitFor();
    assert.equal(await staff.getByText(DISABLED).count(), 0);

    // 详情 → /corpDetail with its tabs.
    await row.getByRole('button', { name: '详情' }).click();
    await admin.waitForURL((u) => u.pathname === '/corpDetail' && u.searchParams.get('corpId') === corpId);
    await admin.getByTestId('corp-detail-name').getByText(CORP.name).waitFor();
    const profile = admin.getByTestId('corp-detail-profile');
    await profile.getByText(CORP.code).waitFor();
    await profile.getByText('2 人').waitFor();
    await profile.getByText('2030-12-31 23:59:59').waitFor();
    await shot(admin, J, '06-detail-profile');
    await admin.getByRole('tab', { name: '管理员' }).click();
    await admin.getByRole('tabpanel').getByText(BOSS.phone).waitFor();
    await admin.getByRole('tab', { name: '成员' }).click();
    await admin.getByRole('tabpanel').getByText(STAFF.phone).waitFor();
    await shot(admin, J, '07-detail-members');
    await admin.getByRole('tab', { name: '空间' }).click();
    await admin
      .getByTestId('corp-detail-space')
      .getByText(/共 200GB/)
      .waitFor();
    await admin.getByTestId('corp-detail-service-end').getByText('2030-12-31 23:59:59').waitFor();
    await shot(admin, J, '08-detail-space');
    await admin.getByRole('tab', { name: '套餐与订单' }).click();
    const orders = admin.getByTestId('corp-detail-orders');
    await orders.getByText('免费试用').waitFor();
    await orders.getByText('暂无订单').waitFor();
    await shot(admin, J, '09-detail-orders');

    // The member may not see the company's detail pages.
    await staff.goto(`${j.server.url}/corpDetail`);
    await staff.getByText('无权查看').first().waitFor();
    await shot(staff, J, '10-member-no-access');
  } finally {
    await adminCtx.close();
    await staffCtx.close();
  }
});

test("the company's administrator opens the detail pages from the account centre", async () => {
  const ctx = await desktop();
  try {
    const page = await newPage(ctx);
    await signInWithPassword(page, j.server.url, BOSS.phone, BOSS.password);
    await page.goto(`${j.server.url}/userCenter`);
    await page.getByTestId('corp-detail-open').click();
    await page.waitForURL((u) => u.pathname === '/corpDetail');
    await page.getByTestId('corp-detail-name').getByText(CORP.name).waitFor();
    await page.getByRole('tab', { name: '套餐与订单' }).click();
    await page.getByTestId('corp-detail-orders').getByText('暂无订单').waitFor();
  } finally {
    await ctx.close();
  }
});

test('on a 390×844 phone screen 企业管理 and /corpDetail fit', async () => {
  const ctx = await journeyContext(j.browser, { viewport: { width: 390, height: 844 } });
  try {
    const page = await newPage(ctx);
    await signInWithPassword(page, j.server.url, DEMO.phone, DEMO.password);
    await page.goto(`${j.server.url}/companyManagement`);
    await rowOf(page, CORP.name).waitFor();
    await shot(page, J, '11-phone-list');
    assert.deepEqual(
      await overflowingElements(page, '[data-testid=company-management]'),
      [],
      'no horizontal overflow on 企业管理',
    );
    await page.goto(`${j.server.url}/corpDetail?corpId=${corpId}`);
    await page.getByTestId('corp-detail-name').waitFor();
    await shot(page, J, '12-phone-detail');
    assert.deepEqual(
      await overflowingElements(page, '[data-testid=corp-detail]'),
      [],
      'no horizontal overflow on /corpDetail',
    );
    await page.getByRole('tab', { name: '成员' }).click();
    await page.getByRole('tabpanel').getByText(STAFF.phone).waitFor();
    await shot(page, J, '13-phone-detail-members');
  } finally {
    await ctx.close();
  }
});
