/**
 * A company forms itself (issue "accounts, sessions and companies", spec 000 §2 account centre and
 * member list, §4 join application, §7 companyApply / accessApply, §8): a person registers with an SMS
 * code (development provider), sets a login password in the 设置登录密码 dialog, creates a company
 * with its credit code in 个人中心; a second person searches it, which fills and locks the code, and
 * applies; the administrator's red dot appears without a reload; they approve in 人员信息 → 新申请;
 * the applicant sees 申请已通过,请重新登录, signs in again and is a member. A third person's application
 * is shown as waiting in their account centre; rejected, their open tab is told at once, the card says
 * so, and the notice is not repeated on the next visit (issue 17). Screenshots:
 * e2e/artifacts/company/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journey, logPageErrors } from '../lib/journey.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { requestCode } from '../lib/sms.ts';
import { settled } from '../lib/waits.ts';

const J = 'company';
const CODE = '91350100M000100Y43';
const PASSWORD = 'Passw0rd!x';

const j = journey({ LOG_LEVEL: 'info' }); // the development SMS provider logs codes at info

async function register(phone: string, name: string): Promise<void> {
  const r = await fetch(`${j.server.url}/api/Home/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password: PASSWORD, name }),
  });
  assert.equal(((await r.json()) as { code: number }).code, 1);
}

/** Register through the sign-in page's 注册 tab with an SMS code and no password, then set one in the dialog. */
async function registerBySms(ctx: BrowserContext, phone: string, name: string): Promise<Page> {
  const page = await ctx.newPage();
  logPageErrors(page);
  await page.goto(`${j.server.url}/login?phoneNum=${phone}`);
  await page.getByRole('tab', { name: '注册' }).click();
  await page
    .getByTestId('register-code')
    .fill(await requestCode(j.server, page, 'register-code', phone, 'register'));
  await page.getByPlaceholder('姓名').fill(name);
  await page.getByRole('button', { name: '注册并登录' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
  const dialog = page.getByRole('dialog').filter({ hasText: '设置登录密码' });
  await dialog.waitFor();
  await dialog.locator('input[type=password]').first().fill(PASSWORD);
  await dialog.locator('input[type=password]').nth(1).fill(PASSWORD);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('设置成功').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  return page;
}

async function signIn(ctx: BrowserContext, phone: string): Promise<Page> {
  const page = await ctx.newPage();
  logPageErrors(page);
  await signInWithPassword(page, j.server.url, phone, PASSWORD);
  return page;
}

test('register, set a password, create a company, apply to it, approve live, sign in again as a member', async () => {
  await register('13700000002', '李工');
  const adminCtx = await j.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const applicantCtx = await j.browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
  });

  // The first person registers by SMS code, sets a password, creates the company and becomes its administrator.
  const admin = await registerBySms(adminCtx, '13700000001', '王建国');
  // Without a company: 企业资源库 is not offered, and 企业空间 shows the way in (issue 17).
  const sidebar = admin.getByTestId('doc-sidebar');
  await sidebar.getByRole('menuitem', { name: '我的资源库' }).waitFor();
  assert.equal(await sidebar.getByRole('menuitem', { name: '企业资源库' }).count(), 0);
  await admin.getByTestId('top-menu-companySpace').click();
  const noCompany = admin.getByTestId('no-company-actions');
  await noCompany.waitFor();
  await admin.getByText('您还未加入企业').first().waitFor();
  await shot(admin, J, '00-company-space-without-company');
  await noCompany.getByRole('button', { name: '创建企业' }).click();
  await admin.waitForURL(/\/userCenter/);
  const createForm = admin.getByTestId('company-form');
  await createForm.getByLabel('企业名称').fill('闽建工程有限公司');
  await createForm.getByLabel('组织机构代码').fill('91350100M000100Y44');
  await createForm.getByLabel('组织机构代码').blur();
  await admin.getByText('组织机构代码校验失败，请核对后重新输入').waitFor();
  await createForm.getByLabel('组织机构代码').fill(CODE);
  await admin.getByRole('button', { name: /确\s*定/ }).click();
  await admin.getByTestId('company-card').getByText('闽建工程有限公司').waitFor();
  await admin.getByTestId('company-card').getByText('企业管理员').waitFor();
  await shot(admin, J, '01-company-created');
  // The menu follows: 企业资源库 is offered now, without signing in again.
  await admin.getByTestId('top-menu-mySpace').click();
  await sidebar.getByRole('menuitem', { name: '企业资源库' }).waitFor();
  await admin.goto(`${j.server.url}/userCenter`);
  await admin.getByTestId('company-card').getByText('企业管理员').waitFor();

  // The second person finds it by name (the code is filled and locked) and applies.
  const applicant = await signIn(applicantCtx, '13700000002');
  await applicant.goto(`${j.server.url}/userCenter`);
  await applicant.getByTestId('company-join').click();
  const joinForm = applicant.getByTestId('company-form');
  await joinForm.getByLabel('企业名称').fill('闽建');
  await applicant.getByTitle('闽建工程有限公司', { exact: true }).click();
  assert.equal(await joinForm.getByTestId('company-code').inputValue(), CODE);
  assert.ok(await joinForm.getByTestId('company-code').isDisabled(), 'the chosen company locks the code');
  await shot(applicant, J, '02-join-form');
  await applicant.getByRole('button', { name: /确\s*定/ }).click();
  await applicant.getByText('申请已提交，请等待管理员审核').waitFor();

  // The administrator's red dot appears without a reload; they approve.
  await admin.locator('[data-testid="account-red-dot"][data-pending="1"]').waitFor({ timeout: 15_000 });
  await shot(admin, J, '03-red-dot');
  await admin.getByTestId('company-members-open').click();
  await admin.getByRole('tab', { name: /新申请/ }).click();
  const row = admin.getByTestId('company-applicants').getByRole('row', { name: /李工/ });
  await row.waitFor();
  await shot(admin, J, '04-applicants');
  await row.getByRole('button', { name: /通\s*过/ }).click();
  await admin.locator('[data-testid="account-red-dot"][data-pending="0"]').waitFor({ timeout: 15_000 });

  // The applicant is told, signed out, and signs in again as a member.
  await applicant.getByText('申请已通过,请重新登录').waitFor({ timeout: 15_000 });
  await shot(applicant, J, '05-access-apply');
  await applicant.getByRole('button', { name: /确\s*定/ }).click();
  await applicant.waitForURL(/\/login/);
  const member = await signIn(applicantCtx, '13700000002');
  await member.goto(`${j.server.url}/userCenter`);
  await member.getByTestId('company-card').getByText('闽建工程有限公司').waitFor();
  await member.getByTestId('company-card').getByText('成员', { exact: true }).waitFor();
  await member.getByTestId('company-members-open').click();
  await member.getByTestId('company-members').getByText('王建国').waitFor();
  const membersDialog = member.getByRole('dialog', { name: '人员信息' });
  await settled(membersDialog);
  assert.equal(await member.getByRole('tab', { name: /新申请/ }).count(), 0, 'members see no applicants tab');
  await shot(member, J, '06-member');
  // Everyone can see who administers the company (checkCompanyAdmin, GetCorpAdmin).
  await member.getByRole('tab', { name: '管理员' }).click();
  await member.getByTestId('company-admins').getByText('王建国').waitFor();
  assert.equal(await member.getByTestId('company-admins').getByText('李工').count(), 0);
  await settled(membersDialog.getByRole('tablist')); // the tab's ink bar
  await shot(member, J, '07-admins');
  // Dialogs can be dragged by their title (000 §2).
  const title = membersDialog.locator('[data-drag-handle]');
  const from = (await title.boundingBox())!;
  await member.mouse.move(from.x + 10, from.y + 5);
  await member.mouse.down();
  await member.mouse.move(from.x + 110, from.y + 45, { steps: 5 });
  await member.mouse.up();
  const to = (await title.boundingBox())!;
  assert.ok(
    Math.abs(to.x - from.x - 100) < 3 && Math.abs(to.y - from.y - 40) < 3,
    'the dialog follows the drag',
  );
  await adminCtx.close();
  await applicantCtx.close();
});

test('a rejected applicant is told at once, sees it in the account centre, and is not told twice', async () => {
  await register('13700000003', '赵工');
  const adminCtx = await j.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const applicantCtx = await j.browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
  });
  const applicant = await signIn(applicantCtx, '13700000003');
  await applicant.goto(`${j.server.url}/userCenter`);
  await applicant.getByTestId('company-join').click();
  const joinForm = applicant.getByTestId('company-form');
  await joinForm.getByLabel('企业名称').fill('闽建');
  await applicant.getByTitle('闽建工程有限公司', { exact: true }).click();
  await applicant.getByRole('button', { name: /确\s*定/ }).click();
  await applicant.getByText('申请已提交，请等待管理员审核').waitFor();
  await applicant
    .getByTestId('my-application')
    .getByText('已申请加入「闽建工程有限公司」，等待管理员审核')
    .waitFor({ timeout: 15_000 });

  const admin = await signIn(adminCtx, '13700000001');
  await admin.goto(`${j.server.url}/userCenter`);
  await admin.getByTestId('company-members-open').click();
  await admin.getByRole('tab', { name: /新申请/ }).click();
  const row = admin.getByTestId('company-applicants').getByRole('row', { name: /赵工/ });
  await row.getByRole('button', { name: /拒\s*绝/ }).click();

  const notice = applicant.getByRole('dialog').filter({ hasText: '未通过管理员审核' });
  await notice.getByText('您加入「闽建工程有限公司」的申请未通过管理员审核').waitFor({ timeout: 15_000 });
  await shot(applicant, J, '08-rejected-live');
  await notice.getByRole('button', { name: /确\s*定/ }).click();
  await applicant
    .getByTestId('my-application')
    .getByText('加入「闽建工程有限公司」的申请未通过管理员审核')
    .waitFor({ timeout: 15_000 });
  // The next visit shows the state in the card, not the dialog again.
  await applicant.reload();
  await applicant.getByTestId('my-application').waitFor();
  await applicant.getByTestId('company-join').waitFor();
  assert.equal(await applicant.getByRole('dialog').filter({ hasText: '未通过管理员审核' }).count(), 0);
  await shot(applicant, J, '09-rejected-card');
  await adminCtx.close();
  await applicantCtx.close();
});
