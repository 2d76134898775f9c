/**
 * Company invite links and registered persons (spec 000 §2 member list "copy invite link" and the
 * 已注册人员数 dialog, §3 invitebit, §6, §8 链接复制成功): the administrator invites a phone in 人员信息
 * (650 px dialog, list at most 400 px high), the row shows 未接受邀请 and 复制邀请链接; the copied link
 * opened in a fresh browser shows the invitation; a different phone is refused; registering with the
 * invited phone lands the person in the company; the administrator's list then shows them as a
 * member without a copy link; the used link is refused; 已注册人员数 lists both persons under the
 * pricing table. Screenshots: e2e/artifacts/company-invite/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { scrollBodyMaxHeight } from '../lib/layout.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { settled } from '../lib/waits.ts';

const J = 'company-invite';
const PASSWORD = 'Passw0rd!x';
const ADMIN = '13700000021';
const INVITED = '13600000022';
const CORP = '闽建工程有限公司';

const j = journey();

async function post<T>(
  url: string,
  body: unknown,
  token?: string,
): Promise<{ code: number; msg: string; data: T }> {
  const r = await fetch(`${j.server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { code: number; msg: string; data: T };
}

/** Width of the open dialog and the max-height of its table's scrolling body. */
async function dialogBox(page: Page, testId: string) {
  const width = await page.evaluate(
    (id) =>
      document.querySelector(`[data-testid="${id}"]`)!.closest('[role="dialog"]')!.getBoundingClientRect()
        .width,
    testId,
  );
  return { width, maxHeight: await scrollBodyMaxHeight(page, `[data-testid="${testId}"]`) };
}

test('invite a phone, copy the link, register with it in a fresh browser, land as a member', async () => {
  const reg = await post<{ token: string }>('/api/Home/Register', {
    phone: ADMIN,
    password: PASSWORD,
    name: '王建国',
  });
  assert.equal(reg.code, 1);
  const created = await post(
    '/api/WebAccount/CreateCompany',
    { name: CORP, code: '91350100M000100Y43' },
    reg.data.token,
  );
  assert.equal(created.code, 1);

  const { ctx: adminCtx, page: admin } = await journeyPage(j.browser, {
    viewport: { width: 1280, height: 860 },
  });
  await adminCtx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: j.server.url });
  await signInWithPassword(admin, j.server.url, ADMIN, PASSWORD);

  // Invite from 人员信息.
  await admin.goto(`${j.server.url}/userCenter`);
  await admin.getByTestId('company-members-open').click();
  await admin.getByTestId('invite-member-open').click();
  const form = admin.getByTestId('invite-form');
  await form.getByLabel('手机号').fill('1360000');
  await form.getByLabel('姓名').click();
  await admin.getByText('请输入正确的手机号').waitFor();
  await form.getByLabel('手机号').fill(INVITED);
  await form.getByLabel('姓名').fill('赵六');
  const inviteWidth = await form.evaluate((el) => (el.closest('[role="dialog"]') as HTMLElement).offsetWidth);
  assert.equal(Math.round(inviteWidth), 425, 'the invite dialog is 425 px wide');
  await admin
    .getByRole('button', { name: /确\s*定/ })
    .last()
    .click();
  await admin.getByText('邀请成功，请复制邀请链接发送给对方').waitFor();
  const row = admin.getByTestId('company-members').getByRole('row', { name: /赵六/ });
  await row.getByText('未接受邀请').waitFor();
  const box = await dialogBox(admin, 'company-members');
  assert.equal(Math.round(box.width), 650, 'the members dialog is 650 px wide');
  assert.equal(box.maxHeight, '400px', 'the member list is at most 400 px high');
  // The administrator's own row has no actions; the invitation's row has delete and copy link.
  const adminRow = admin.getByTestId('company-members').getByRole('row', { name: /王建国/ });
  assert.equal(await adminRow.getByRole('button').count(), 0);
  await form.waitFor({ state: 'hidden' }); // the invite dialog has closed
  await settled(admin.getByRole('dialog').filter({ has: admin.getByTestId('company-members') }));
  await shot(admin, J, '01-members-invited-row');

  await row.getByTestId('copy-invite-link').click();
  await admin.getByText('链接复制成功').waitFor();
  const link = await admin.evaluate(() => navigator.clipboard.readText());
  assert.match(link, new RegExp(`^${j.server.url}/invite\\?code=[A-Za-z0-9_-]{43}$`));

  // A fresh browser opens the link: the invitation, registration offered (the phone has no account).
  const { ctx: guestCtx, page: guest } = await journeyPage(j.browser, {
    viewport: { width: 1280, height: 860 },
  });
  await guest.goto(link);
  const landing = guest.getByTestId('invite-landing');
  await landing.getByText(`邀请您加入 ${CORP}`).waitFor();
  await landing.getByText('136****0022').waitFor();
  assert.equal(await guest.title(), '企业邀请 - bimdrive');
  const registerTab = guest.getByRole('tab', { name: '没有账号，注册并加入' });
  assert.equal(await registerTab.getAttribute('aria-selected'), 'true');
  assert.equal(await landing.getByPlaceholder('姓名').inputValue(), '赵六');
  await shot(guest, J, '02-invite-landing');

  const pane = guest.getByRole('tabpanel');
  await pane.getByPlaceholder('手机号（须为受邀手机号）').fill('13600000099');
  await pane.getByPlaceholder('密码', { exact: true }).fill(PASSWORD);
  await pane.getByPlaceholder('确认密码').fill(`${PASSWORD}x`);
  await pane.getByPlaceholder('手机号（须为受邀手机号）').click();
  await guest.getByText('两次输入的密码不一致！').waitFor();
  await pane.getByPlaceholder('确认密码').fill(PASSWORD);
  await pane.getByRole('button', { name: '注册并加入' }).click();
  await guest.getByText('手机号与邀请的手机号不一致').waitFor();
  await pane.getByPlaceholder('手机号（须为受邀手机号）').fill(INVITED);
  await pane.getByRole('button', { name: '注册并加入' }).click();
  await guest.waitForURL((u) => u.pathname === '/userCenter', { timeout: 30_000 });
  await guest.getByTestId('company-card').getByText(CORP).waitFor();
  await guest.getByTestId('company-card').getByText('成员', { exact: true }).waitFor();
  assert.equal(await guest.getByTestId('corp-users-open').count(), 0, 'members cannot open 已注册人员数');
  await shot(guest, J, '03-joined');

  // The administrator's list refreshes: a member now, no copy link.
  const memberRow = admin.getByTestId('company-members').getByRole('row', { name: /赵六/ });
  await memberRow.getByRole('button', { name: '设为管理员' }).waitFor({ timeout: 15_000 });
  assert.equal(await admin.getByTestId('copy-invite-link').count(), 0);
  assert.equal(await memberRow.getByText('未接受邀请').count(), 0);
  await shot(admin, J, '04-members-accepted');

  // The used link is refused.
  await guest.goto(link);
  await guest.getByText('该邀请链接已被使用').waitFor();
  await shot(guest, J, '05-link-used');

  // 已注册人员数: pricing table, contact button, both persons.
  await admin.keyboard.press('Escape');
  await admin.getByTestId('corp-users-open').click();
  const users = admin.getByTestId('corp-users');
  await users.getByText('赵六').waitFor();
  await users.getByText('王建国').waitFor();
  const plans = admin.getByTestId('sharing-plans');
  await plans.getByText('免费试用').waitFor();
  await plans.getByText('15天', { exact: true }).waitFor();
  assert.equal(await plans.getByText(/说法/).count(), 0, 'the readings of the spec are never shown');
  await settled(admin.getByRole('dialog').filter({ has: users })); // the dialog's opening animation
  const usersBox = await dialogBox(admin, 'corp-users');
  assert.equal(Math.round(usersBox.width), 650);
  assert.equal(await admin.getByTestId('corp-users-count').textContent(), '已注册 2 人');
  await shot(admin, J, '06-corp-users');
  await admin.getByRole('button', { name: /联系供应商购买/ }).click();
  await admin.getByText('请联系供应商购买').waitFor();

  // A person who already has an account signs in on the landing page and joins.
  const MEMBER2 = '13600000023';
  assert.equal(
    (await post('/api/Home/Register', { phone: MEMBER2, password: PASSWORD, name: '钱七' })).code,
    1,
  );
  const adminToken = (await admin.evaluate(() => localStorage.getItem('token')))!;
  const row2 = await post<{ userId: string }>(
    '/api/WebAccount/InviteUser',
    { phone: MEMBER2, userName: '钱七' },
    adminToken,
  );
  const link2 = await post<{ url: string }>(
    '/api/WebAccount/CopyInviteLink',
    { userId: row2.data.userId },
    adminToken,
  );
  const memberCtx = await j.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'zh-CN' });
  const member = await memberCtx.newPage();
  await member.goto(link2.data.url);
  const loginTab = member.getByRole('tab', { name: '已有账号，登录后加入' });
  await loginTab.waitFor();
  assert.equal(await loginTab.getAttribute('aria-selected'), 'true', 'a registered phone is offered sign-in');
  const pane2 = member.getByRole('tabpanel');
  await pane2.getByPlaceholder('手机号（须为受邀手机号）').fill(MEMBER2);
  await pane2.getByPlaceholder('密码').fill(PASSWORD);
  await pane2.getByRole('button', { name: '登录并加入' }).click();
  await member.waitForURL((u) => u.pathname === '/userCenter', { timeout: 30_000 });
  await member.getByTestId('company-card').getByText(CORP).waitFor();
  await shot(member, J, '07-signed-in-and-joined');
  await memberCtx.close();
  await adminCtx.close();
  await guestCtx.close();
});
