/**
 * The pay centre and share limits (issue 16; spec 000 §2 /payCenter, /wxPay, account card 扩容, §7
 * paySuccess, §9 plans; 001 §2 share dialog limit notice, §8): the product runs with a fake WeChat Pay
 * (apps/server/src/test/fake-wechatpay.ts, signing and encrypting as the real one) configured through
 * the WECHATPAY_* settings. The demo account opens /payCenter?type=person from the account card's 扩容
 * tag (a new tab), picks the personal plan for 3 months and 微信支付, sees the QR code, and the fake
 * "scans and pays"; the pay tab shows 支付成功 with the new service end and the first tab hears
 * paySuccess (message) and its account card shows the new date. The pay pages fit a 390 px phone.
 * Then, on the personal plan (5 shared files), a share made while the dialog is open takes the last
 * place: 创建链接 is refused and the notice with the accounts table and 去升级 replaces the form;
 * opening the dialog again shows the notice at once. Without a session /payCenter asks to sign in and
 * /login comes back to it. Screenshots: e2e/artifacts/pay-centre/.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startFakeWechatPay, type FakeWechatPay } from '../../apps/server/src/test/fake-wechatpay.ts';
import { shot } from '../lib/browser.ts';
import { journey, journeyPage, logPageErrors } from '../lib/journey.ts';
import { wechatPayEnv } from '../lib/payments.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { apiData, DEMO } from '../lib/server.ts';
import { tusUpload } from '../lib/tus.ts';
import { settled } from '../lib/waits.ts';

const J = 'pay-centre';

let wx: FakeWechatPay;

const j = journey(async () => {
  wx = await startFakeWechatPay();
  return { ...wechatPayEnv(wx), CONSULT_PHONE: '400-800-0000' };
});
after(async () => {
  await wx?.close();
});

interface OrderView {
  orderNo: string;
  state: string;
  amountFen: number;
  serviceStopTime: string | null;
}

/** `2026-02-25 10:00:00` → `2026年02月25日` (000 §9). */
const cnDate = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  assert.ok(m, s);
  return `${m[1]}年${m[2]}月${m[3]}日`;
};

/** Whether the page scrolls sideways. */
const overflowsX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

test('buy a plan with WeChat Pay, see paySuccess live; the share limit notice at limit + 1', async () => {
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await signInWithPassword(page, j.server.url, DEMO.phone, DEMO.password);
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;

  // The account card's 扩容 opens the pay centre in a new tab.
  await page.getByTestId('account-menu').hover();
  const card = page.getByTestId('account-card');
  await card
    .getByTestId('space-bar-person')
    .getByText(/到期时间/)
    .waitFor();
  const [pay] = await Promise.all([ctx.waitForEvent('page'), card.getByTestId('expand-person').click()]);
  logPageErrors(pay, 'pay page error');
  await pay.waitForURL(/\/payCenter\?type=person/);
  await pay.getByTestId('pay-center').waitFor();
  await pay.getByTestId('pay-plan-personal').getByText('可分享 5 个文件').waitFor();
  await pay.locator('label:has([data-testid=pay-period-3m])').click();
  assert.equal((await pay.getByTestId('pay-amount').innerText()).trim(), '¥48.00');
  await pay.locator('label:has([data-testid=pay-channel-wechat])').click();
  await shot(pay, J, '01-pay-centre');

  // 立即购买: the order (priced by the server) and its QR code on /wxPay.
  await pay.getByTestId('pay-buy').click();
  await pay.waitForURL(/\/wxPay\?orderNo=/);
  const orderNo = new URL(pay.url()).searchParams.get('orderNo')!;
  const qr = pay.getByTestId('pay-qrcode');
  await qr.waitFor();
  assert.match((await qr.getAttribute('data-value'))!, /^weixin:\/\/wxpay\/bizpayurl\?pr=/);
  assert.equal((await pay.getByTestId('pay-order-amount').innerText()).trim(), '¥48.00');
  assert.match(await pay.getByTestId('pay-countdown').innerText(), /01:5\d:\d\d/);
  assert.equal(wx.orders.get(orderNo)?.total, 4800);
  await shot(pay, J, '02-wxpay-qr');

  // The buyer scans and pays: the fake sends the signed notification; both tabs hear paySuccess.
  const sent = await wx.pay(orderNo);
  assert.equal(sent?.status, 204);
  await pay.getByTestId('pay-success').waitFor({ timeout: 10_000 });
  const paid = await apiData<OrderView>(
    j.server.url,
    token,
    'GET',
    `/api/WebOrder/GetOrderState?orderNo=${orderNo}`,
  );
  assert.equal(paid.state, 'paid');
  const end = cnDate(paid.serviceStopTime!);
  assert.match(await pay.getByTestId('pay-service-end').innerText(), new RegExp(`服务到期时间：${end}`));
  await shot(pay, J, '03-pay-success');

  await page.bringToFront();
  await page.getByText(`支付成功，服务到期时间：${end}`).waitFor({ timeout: 10_000 });
  await page.mouse.move(10, 400);
  await page.getByTestId('account-menu').hover();
  await card.getByTestId('space-bar-person').getByText(`到期时间：${end}`).waitFor({ timeout: 10_000 });
  await shot(page, J, '04-account-card-renewed');
  await page.mouse.move(10, 400);

  // Phone 390×844: the pay centre and a pay page fit without sideways scrolling.
  const phone = await j.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const user = await page.evaluate(() => localStorage.getItem('user'));
  await phone.addInitScript(
    ([tk, u]) => {
      localStorage.setItem('token', tk);
      if (u) localStorage.setItem('user', u);
    },
    [token, user] as const,
  );
  const mobile = await phone.newPage();
  await mobile.goto(`${j.server.url}/payCenter?type=person`);
  await mobile.getByTestId('pay-center').waitFor();
  assert.equal(await overflowsX(mobile), false, '/payCenter scrolls sideways on a phone');
  await shot(mobile, J, '05-phone-pay-centre');
  const second = await apiData<OrderView>(j.server.url, token, 'POST', '/api/WebOrder/CreateOrder', {
    type: 'person',
    planId: 'personal',
    periodId: '1m',
    channel: 'wechat',
  });
  await mobile.goto(`${j.server.url}/wxPay?orderNo=${second.orderNo}`);
  await mobile.getByTestId('pay-qrcode').waitFor();
  assert.equal(await overflowsX(mobile), false, '/wxPay scrolls sideways on a phone');
  await shot(mobile, J, '06-phone-wxpay');
  await mobile.goto(`${j.server.url}/wxPayRedirect?orderNo=${second.orderNo}`);
  await mobile.getByTestId('pay-unpaid').waitFor();
  assert.equal(await overflowsX(mobile), false, '/wxPayRedirect scrolls sideways on a phone');
  await shot(mobile, J, '07-phone-redirect-unpaid');
  await phone.close();

  // Share limit: the personal plan allows 5 active shared files.
  const folder = await apiData<{ iuid: string }>(j.server.url, token, 'POST', '/api/Home/FolderAdd', {
    parentIUID: '',
    fileName: '分享额度',
  });
  const name = '额度测试.txt';
  const fileId = await tusUpload(j.server.url, token, name, new TextEncoder().encode('分享额度测试'), {
    folderId: folder.iuid,
  });
  const entry = { MainIUID: fileId, ShareType: 7, Isvisible: '1', Isallow: '2' };
  const check = await apiData<{ limitShareCount: number; shareFileCount: number }>(
    j.server.url,
    token,
    'POST',
    '/api/Drawing/DrawingShareCheckForWeb',
    [entry],
  );
  assert.equal(check.limitShareCount, 5);
  const active = check.shareFileCount - 1;
  for (let i = active; i < 4; i += 1)
    await apiData(j.server.url, token, 'POST', '/api/Drawing/DrawingShare', [entry]);

  await page.goto(`${j.server.url}/myDocument?folderId=${folder.iuid}`);
  const row = page.locator(`[data-row-name="${name}"]`);
  await row.getByRole('button', { name: '分享' }).click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByTestId('share-form').waitFor();
  // Another tab takes the last place meanwhile: 创建链接 is refused and the notice replaces the form.
  await apiData(j.server.url, token, 'POST', '/api/Drawing/DrawingShare', [entry]);
  await dialog.getByTestId('share-create').click();
  const notice = dialog.getByTestId('share-limit');
  await notice.waitFor();
  await notice.getByText('本次分享后共有 6 个分享文件，当前套餐最多可分享 5 个文件。').waitFor();
  await notice.getByText('请升级套餐后再分享。').waitFor();
  await notice.locator('tbody tr', { hasText: '5' }).first().waitFor();
  assert.equal(await dialog.getByTestId('share-form').count(), 0);
  await shot(page, J, '08-share-limit-on-create');
  const [upgrade] = await Promise.all([
    ctx.waitForEvent('page'),
    notice.getByTestId('share-limit-upgrade').click(),
  ]);
  await upgrade.waitForURL(/\/payCenter\?type=person/);
  await upgrade.close();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // Opening the dialog again: the check shows the notice at once.
  await row.getByRole('button', { name: '分享' }).click();
  await page.getByTestId('share-limit').waitFor();
  await settled(page.getByRole('dialog').filter({ has: page.getByTestId('share-limit') })); // its zoom-in
  await shot(page, J, '09-share-limit-on-open');
  await ctx.close();

  // Without a session the pay centre asks to sign in, and /login comes back to it.
  const fresh = await j.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const guest = await fresh.newPage();
  await guest.goto(`${j.server.url}/payCenter?type=person`);
  await guest.getByTestId('pay-sign-in').waitFor();
  await shot(guest, J, '10-sign-in-required');
  await guest.getByRole('button', { name: /去登录/ }).click();
  await guest.waitForURL(/\/login\?redirect=/);
  await guest.locator('input:not([type=password])').first().fill(DEMO.phone);
  await guest.locator('input[type=password]').first().fill(DEMO.password);
  await guest
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await guest.waitForURL((u) => u.pathname === '/payCenter' && u.searchParams.get('type') === 'person');
  await guest.getByTestId('pay-center').waitFor();
  await fresh.close();
});
