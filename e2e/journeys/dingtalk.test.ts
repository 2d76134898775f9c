/**
 * The workplace chat app (DingTalk) sign-in in Chromium (spec 000 §1, §2 /ddLogin and /login
 * appType=inside, §7 DDLogin) against a local fake DingTalk the journey starts: the chat-app screen
 * (正在通过钉钉登录…, no form, no register or official-site link), a redirect's code signing in and
 * landing on / with the chat-app flag kept, a bad code and a plain browser (no DingTalk JSAPI)
 * showing the reason with 重试, and 重试 succeeding once a valid code is there; a failure outside DingTalk, or
 * 使用账号密码登录, leaves the chat-app mode so a later /login shows the normal form (issue 17).
 * Screenshots: e2e/artifacts/dingtalk/.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  startFakeDingTalk,
  type FakeDingTalk,
  type FakePerson,
} from '../../apps/server/src/test/fake-dingtalk.ts';
import { shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';

const J = 'dingtalk';
const CORP = 'dingcorpE2E';
const PERSON: FakePerson = {
  userid: 'e2e-user-1',
  unionid: 'e2e-union-1',
  name: '钉钉张工',
  mobile: '13600000001',
  avatar: 'https://static.dingtalk.example/avatar/e2e.png',
};

let fake: FakeDingTalk;

const j = journey(async () => {
  fake = await startFakeDingTalk();
  return {
    DINGTALK_APP_KEY: fake.appKey,
    DINGTALK_APP_SECRET: fake.appSecret,
    DINGTALK_CORP_ID: CORP,
    DINGTALK_OAPI_URL: fake.url,
    DINGTALK_API_URL: fake.url,
  };
});
after(async () => {
  await fake?.close();
});

async function newPage(): Promise<Page> {
  const { page } = await journeyPage(j.browser);
  return page;
}

test('a redirect code signs in on /ddLogin; the screen shows progress, no form or register link', async () => {
  const page = await newPage();
  // Hold the DDLogin answer a moment to see the working state.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/DingDing/Account/DDLogin**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${j.server.url}/ddLogin?code=${fake.inAppCode(PERSON)}&corpId=${CORP}`);
  await page.getByText('正在通过钉钉登录…').waitFor();
  assert.equal(await page.locator('input').count(), 0);
  assert.equal(await page.getByText('注册').count(), 0);
  assert.equal(await page.title(), '钉钉登录 - bimdrive');
  await shot(page, J, '01-ddlogin-working');
  release();
  await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/myDocument', { timeout: 30_000 });
  // The tab stays in chat-app mode (menus of 000 §2/§6).
  assert.equal(await page.evaluate(() => sessionStorage.getItem('bimdrive:appType')), 'inside');
  await page.getByText(PERSON.name).first().waitFor({ timeout: 15_000 });
  await shot(page, J, '02-signed-in-home');
  await page.context().close();
});

test('/login?appType=inside shows the chat-app screen; a bad code shows the reason and 重试 works', async () => {
  const page = await newPage();
  await page.goto(`${j.server.url}/login?appType=inside&corpId=${CORP}&code=not-a-code`);
  await page.getByText('钉钉登录失败').waitFor({ timeout: 15_000 });
  await page.getByText('钉钉授权码无效或已过期，请重新从钉钉打开应用').waitFor();
  assert.equal(await page.locator('input').count(), 0);
  assert.ok(!new URL(page.url()).searchParams.has('code'), 'the used code is dropped from the URL');
  await shot(page, J, '03-login-inside-bad-code');

  // 重试 asks DingTalk's JSAPI for a code: a plain browser is not DingTalk.
  await page.getByRole('button', { name: /重\s*试/ }).click();
  await page.getByText('请在钉钉工作台中打开本应用').waitFor({ timeout: 20_000 });
  await shot(page, J, '04-not-in-dingtalk');
  // Not inside DingTalk: the tab is not trapped in the chat-app screen (issue 17) — a later /login
  // shows the normal form.
  assert.equal(await page.evaluate(() => sessionStorage.getItem('bimdrive:appType')), null);
  await page.goto(`${j.server.url}/login`);
  await page.locator('input[type=password]').first().waitFor({ timeout: 15_000 });

  // A failed chat-app sign-in offers 使用账号密码登录, which leaves the chat-app mode at once.
  await page.goto(`${j.server.url}/login?appType=inside&corpId=${CORP}&code=not-a-code`);
  await page.getByText('钉钉登录失败').waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: '使用账号密码登录' }).click();
  await page.locator('input[type=password]').first().waitFor({ timeout: 15_000 });
  assert.ok(!new URL(page.url()).searchParams.has('appType'));
  await page.goto(`${j.server.url}/login`);
  await page.locator('input[type=password]').first().waitFor({ timeout: 15_000 });

  // Opened again from DingTalk with a fresh code: signed in.
  await page.goto(`${j.server.url}/login?appType=inside&corpId=${CORP}&code=${fake.inAppCode(PERSON)}`);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.context().close();
});

test('outside the chat app /login keeps the normal sign-in page', async () => {
  const page = await newPage();
  await page.goto(`${j.server.url}/login`);
  await page.locator('input[type=password]').first().waitFor();
  assert.equal(await page.getByText('正在通过钉钉登录…').count(), 0);
  await page.context().close();
});
