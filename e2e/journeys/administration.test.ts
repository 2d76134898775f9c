/**
 * Administration (issue 16 "Done when"; spec 000 §2 /payCenter, /aliPay, §7 paySuccess; 001 §2
 * administration group /orderManagement and /operationLog, §6 roles): the product runs with a fake
 * Alipay and a fake WeChat Pay (apps/server/src/test/fake-alipay.ts, fake-wechatpay.ts; signing as
 * the real ones) configured through the ALIPAY_* and WECHATPAY_* settings.
 * - A company administrator (new account and company) buys 企业版 1-5 人 for one month with 支付宝 on
 *   /payCenter?type=corp; the fake "scans and pays"; the pay tab shows 支付成功 with the new service
 *   end and the first tab hears paySuccess.
 * - A personal user (new account, one failed sign-in first) buys 个人版 for one month with WeChat Pay
 *   through the API; the fake pays.
 * - The demo account (a system administrator) opens 系统管理 → 订单管理, finds both orders (filter by
 *   channel), opens the Alipay order's detail (the provider's transaction id), exports the paid
 *   orders as CSV and reads its rows; then 操作日志: the sign-ins with their IP and browser, the failed
 *   sign-in with its reason, and both payments.
 * - The company administrator, no system administrator, typing /orderManagement lands on /404 and
 *   the server answers 403 to the order list.
 * Screenshots: e2e/artifacts/administration/.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { startFakeAlipay, type FakeAlipay } from '../../apps/server/src/test/fake-alipay.ts';
import { startFakeWechatPay, type FakeWechatPay } from '../../apps/server/src/test/fake-wechatpay.ts';
import { shot } from '../lib/browser.ts';
import { journeyBrowser, journeyPage, logPageErrors } from '../lib/journey.ts';
import { alipayEnv, wechatPayEnv } from '../lib/payments.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { apiData, DEMO, ROOT, startServer, type RunningServer } from '../lib/server.ts';
import { settled, until } from '../lib/waits.ts';

const J = 'administration';
const PASSWORD = 'Passw0rd!x';
const CORP_ADMIN = { phone: '13700000161', name: '王采购' };
const PERSON = { phone: '13700000162', name: '李个人' };
const CORP = '鲁班建筑设计有限公司';

let server: RunningServer;
let wx: FakeWechatPay;
let ali: FakeAlipay;
let dataDir: string;

interface OrderView {
  orderNo: string;
  state: string;
  amountFen: number;
  channel: string;
  serviceStopTime: string | null;
}

/** The server with both fake providers, on `dataDir`. */
function start(): Promise<RunningServer> {
  return startServer({ DATA_DIR: dataDir, ...wechatPayEnv(wx), ...alipayEnv(ali) });
}

/** POST JSON without a session (registration); answers the envelope. */
async function post<T>(
  route: string,
  body: unknown,
  token?: string,
): Promise<{ code: number; msg: string; data: T }> {
  const r = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { code: number; msg: string; data: T };
}

/** Register an account by API and answer its session token. */
async function register(phone: string, name: string): Promise<string> {
  const reg = await post<{ token: string }>('/api/Home/Register', { phone, password: PASSWORD, name });
  assert.equal(reg.code, 1, reg.msg);
  return reg.data.token;
}

/** The session token of a signed-in page (one session per account: a new sign-in ends the old token). */
async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  assert.ok(token);
  return token;
}

const j = journeyBrowser(async () => {
  [wx, ali] = await Promise.all([startFakeWechatPay(), startFakeAlipay()]);
  dataDir = await mkdtemp(path.join(tmpdir(), 'bimdrive-e2e-admin-'));
  server = await start();
});
after(async () => {
  await server?.stop();
  await Promise.all([wx?.close(), ali?.close()]);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Every page a step opened: shot when the journey fails (what the browser showed). */
const opened: Page[] = [];

/** A fresh zh-CN desktop context and page. */
async function newPage(width = 1440): Promise<{ ctx: BrowserContext; page: Page }> {
  const { ctx, page } = await journeyPage(j.browser, {
    viewport: { width, height: 900 },
    acceptDownloads: true,
  });
  opened.push(page);
  page.setDefaultTimeout(60_000);
  return { ctx, page };
}

/** The table rows (those with a record's key: not antd's measure row, not the empty placeholder). */
const rowsOf = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr[data-row-key]');

/** Pick `label` in the antd Select with this test id (typed first when it is searchable: the list is virtual). */
async function choose(page: Page, testId: string, label: string, search = false): Promise<void> {
  await page.getByTestId(testId).click();
  if (search) await page.keyboard.type(label);
  // The open dropdown: the options' accessible listbox and, beside it, the drawn (virtual) list.
  const dropdown = page.getByRole('listbox').locator('..');
  await dropdown.getByTitle(label, { exact: true }).click();
  await dropdown.waitFor({ state: 'hidden' });
}

/** Clear the antd Select with this test id. */
async function clearSelect(page: Page, testId: string): Promise<void> {
  const sel = page.getByTestId(testId);
  await sel.hover();
  await sel.getByRole('button', { name: 'Clear' }).click();
}

test('a company buys with Alipay, a person with WeChat Pay; the administrator finds both orders and the log', async () => {
  try {
    await journey();
  } catch (err) {
    for (const [i, p] of opened.entries())
      if (!p.isClosed()) await shot(p, J, `zz-failure-${i}`).catch(() => undefined);
    throw err;
  }
});

/** The journey's steps. */
async function journey(): Promise<void> {
  // ---- the demo account must be a system administrator ----------------------------------------
  const demoToken = await signInApi(DEMO.phone, DEMO.password);
  const demo = await apiData<{ isadministrator: boolean }>(
    server.url,
    demoToken,
    'GET',
    '/api/Home/GetUserInfo',
  );
  if (!demo.isadministrator) {
    await server.stop();
    const run = promisify(execFile);
    await run(process.execPath, ['apps/server/src/cli.ts', 'set-admin', '--phone', DEMO.phone], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      timeout: 60_000,
    });
    server = await start();
  }

  // ---- a company administrator buys a company plan through the fake Alipay ----------------------
  const registered = await register(CORP_ADMIN.phone, CORP_ADMIN.name);
  const created = await post(
    '/api/WebAccount/CreateCompany',
    { name: CORP, code: '91350100M000100Y43' },
    registered,
  );
  assert.equal(created.code, 1, created.msg);
  const { ctx: corpCtx, page: corpPage } = await newPage();
  await signInWithPassword(corpPage, server.url, CORP_ADMIN.phone, PASSWORD);
  const corpToken = await tokenOf(corpPage);
  const pay = await corpCtx.newPage();
  opened.push(pay);
  pay.setDefaultTimeout(60_000);
  logPageErrors(pay, 'pay page error');
  await pay.goto(`${server.url}/payCenter?type=corp`);
  await pay.getByTestId('pay-center').waitFor();
  await pay.getByTestId('pay-plan-corp-5').click();
  await pay.locator('label:has([data-testid=pay-period-1m])').click();
  await pay.locator('label:has([data-testid=pay-channel-alipay])').click();
  assert.equal((await pay.getByTestId('pay-amount').innerText()).trim(), '¥198.00');
  await pay.getByTestId('pay-buy').click();
  await pay.waitForURL(/\/aliPay\?orderNo=/);
  const corpOrderNo = new URL(pay.url()).searchParams.get('orderNo')!;
  await pay.getByTestId('pay-qrcode').waitFor();
  await shot(pay, J, '01-alipay-qr');
  const sent = await ali.pay(corpOrderNo);
  assert.equal(sent?.status, 200, sent?.text);
  await pay.getByTestId('pay-success').waitFor({ timeout: 60_000 });
  const corpPaid = await apiData<OrderView>(
    server.url,
    corpToken,
    'GET',
    `/api/WebOrder/GetOrderState?orderNo=${corpOrderNo}`,
  );
  assert.equal(corpPaid.state, 'paid');
  assert.equal(corpPaid.amountFen, 19800);
  const end = cnDate(corpPaid.serviceStopTime!);
  assert.match(await pay.getByTestId('pay-service-end').innerText(), new RegExp(`服务到期时间：${end}`));
  await shot(pay, J, '02-alipay-success');
  await corpPage.bringToFront();
  await corpPage.getByText(`支付成功，服务到期时间：${end}`).waitFor({ timeout: 60_000 });
  await shot(corpPage, J, '03-pay-success-live');
  await pay.close();

  // ---- a personal user: one wrong password, then a WeChat Pay order paid by the fake ------------
  await register(PERSON.phone, PERSON.name);
  const { ctx: personCtx, page: personPage } = await newPage(1280);
  await personPage.goto(`${server.url}/login`);
  await personPage.locator('input:not([type=password])').first().fill(PERSON.phone);
  await personPage.locator('input[type=password]').first().fill('Wrong0pass!');
  await personPage
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await personPage
    .getByText(/密码错误|账号或密码/)
    .first()
    .waitFor();
  await signInWithPassword(personPage, server.url, PERSON.phone, PASSWORD);
  const personToken = await tokenOf(personPage);
  await personCtx.close();
  const personOrder = await apiData<OrderView>(server.url, personToken, 'POST', '/api/WebOrder/CreateOrder', {
    type: 'person',
    planId: 'personal',
    periodId: '1m',
    channel: 'wechat',
  });
  assert.equal(personOrder.amountFen, 1800);
  assert.equal((await wx.pay(personOrder.orderNo))?.status, 204);
  // The notify may still be at work; the state call asks the provider too (sync=1).
  const personPaid = await until(
    () =>
      apiData<OrderView>(
        server.url,
        personToken,
        'GET',
        `/api/WebOrder/GetOrderState?orderNo=${personOrder.orderNo}&sync=1`,
      ),
    (order) => order.state === 'paid',
    { timeout: 15_000, interval: 200, message: "the person's order is paid" },
  );
  assert.equal(personPaid.state, 'paid');

  // ---- the demo administrator: 系统管理 → 订单管理 ----------------------------------------------
  const { ctx: adminCtx, page: admin } = await newPage();
  await signInWithPassword(admin, server.url, DEMO.phone, DEMO.password);
  await admin.getByTestId('top-menu-systemManagement').click();
  await admin.waitForURL(/\/personalManagement/);
  const sidebar = admin.getByTestId('admin-sidebar');
  await sidebar.getByText('订单管理').click();
  await admin.waitForURL(/\/orderManagement/);
  await admin.getByTestId('order-management').waitFor();
  const corpRow = admin.locator(`[data-order-no="${corpOrderNo}"]`);
  const personRow = admin.locator(`[data-order-no="${personOrder.orderNo}"]`);
  await corpRow.waitFor();
  await personRow.waitFor();
  assert.match(
    await corpRow.innerText(),
    /王采购[\s\S]*鲁班建筑设计有限公司[\s\S]*企业版 1-5 人[\s\S]*1 个月[\s\S]*198\.00[\s\S]*支付宝[\s\S]*已支付/,
  );
  assert.match(await personRow.innerText(), /李个人[\s\S]*个人版[\s\S]*18\.00[\s\S]*微信支付[\s\S]*已支付/);
  await shot(admin, J, '04-orders');

  // Filter by channel: 支付宝 keeps the company's order only, 微信支付 the person's.
  await choose(admin, 'order-filter-channel', '支付宝');
  await personRow.waitFor({ state: 'detached' });
  await corpRow.waitFor();
  assert.equal(await rowsOf(admin, 'order-table').count(), 1);
  await shot(admin, J, '05-orders-alipay');
  await choose(admin, 'order-filter-channel', '微信支付');
  await corpRow.waitFor({ state: 'detached' });
  await personRow.waitFor();
  assert.equal(await rowsOf(admin, 'order-table').count(), 1);
  await clearSelect(admin, 'order-filter-channel');
  await corpRow.waitFor();

  // Buyer search by company name.
  await admin.getByPlaceholder('购买人姓名、手机号、企业或订单号').fill('鲁班');
  await admin.getByPlaceholder('购买人姓名、手机号、企业或订单号').press('Enter');
  await personRow.waitFor({ state: 'detached' });
  assert.equal(await rowsOf(admin, 'order-table').count(), 1);
  await admin.getByRole('button', { name: /重\s*置/ }).click();
  await personRow.waitFor();

  // The detail: every field, with the provider's transaction id.
  await corpRow.getByRole('button', { name: corpOrderNo }).click();
  const detail = admin.getByTestId('order-detail');
  await detail.waitFor();
  const tradeNo = ali.trades.get(corpOrderNo)?.trade_no;
  assert.ok(tradeNo);
  assert.equal((await detail.getByTestId('order-detail-trade-no').innerText()).trim(), tradeNo);
  const detailText = await detail.innerText();
  for (const want of [
    corpOrderNo,
    '已支付',
    '企业',
    CORP_ADMIN.phone,
    CORP,
    '企业版 1-5 人',
    '¥198.00',
    '支付宝',
  ])
    assert.ok(detailText.includes(want), `detail lacks ${want}:\n${detailText}`);
  await settled(detail); // the drawer's slide-in
  await shot(admin, J, '06-order-detail');
  await admin.keyboard.press('Escape');
  await detail.waitFor({ state: 'hidden' });

  // Export the paid orders: the CSV holds both, with yuan amounts and channel names.
  await choose(admin, 'order-filter-state', '已支付');
  await corpRow.waitFor();
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByTestId('order-export').click(),
  ]);
  assert.match(download.suggestedFilename(), /^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  assert.match(lines[0]!, /^订单号,下单时间,购买人,手机号,企业,套餐,周期\(月\),金额\(元\),支付方式,状态/);
  assert.equal(lines.length, 3, csv);
  const corpLine = lines.find((l) => l.startsWith(corpOrderNo));
  const personLine = lines.find((l) => l.startsWith(personOrder.orderNo));
  assert.ok(corpLine && personLine, csv);
  assert.match(
    corpLine,
    new RegExp(`${CORP_ADMIN.name},${CORP_ADMIN.phone},${CORP},corp-5,1,198\\.00,支付宝,已支付`),
  );
  assert.ok(corpLine.includes(tradeNo));
  assert.match(personLine, new RegExp(`${PERSON.name},${PERSON.phone},,personal,1,18\\.00,微信支付,已支付`));

  // ---- 操作日志: the sign-ins with IP and browser, the failed one, the payments -------------------
  await sidebar.getByText('操作日志').click();
  await admin.waitForURL(/\/operationLog/);
  await admin.getByTestId('operation-log-page').waitFor();
  await rowsOf(admin, 'log-table').first().waitFor();
  await shot(admin, J, '07-operation-log');

  await choose(admin, 'log-filter-action', '登录成功', true);
  const signIns = rowsOf(admin, 'log-table');
  await admin
    .locator('[data-action]:not([data-action="auth.login.ok"])')
    .first()
    .waitFor({ state: 'detached' });
  for (const who of [CORP_ADMIN.name, PERSON.name, DEMO.phone]) {
    const row = signIns.filter({ hasText: who }).first();
    await row.waitFor();
    assert.match(await row.innerText(), /登录成功[\s\S]*127\.0\.0\.1[\s\S]*成功/);
  }
  // The browser of a sign-in in the IP's tooltip.
  await signIns.filter({ hasText: CORP_ADMIN.name }).first().getByTestId('log-ip').hover();
  await admin
    .getByRole('tooltip')
    .getByText(/浏览器：.*Chrome/)
    .waitFor();
  await shot(admin, J, '08-log-sign-ins');
  await admin.mouse.move(5, 5);

  await choose(admin, 'log-filter-action', '登录失败', true);
  const failed = rowsOf(admin, 'log-table').filter({ hasText: PERSON.phone }).first();
  await failed.waitFor();
  assert.match(await failed.innerText(), /登录失败[\s\S]*127\.0\.0\.1[\s\S]*失败[\s\S]*原因：密码错误/);

  await choose(admin, 'log-filter-action', '订单支付', true);
  const payments = rowsOf(admin, 'log-table');
  await payments
    .filter({ hasText: corpOrderNo })
    .or(payments.filter({ hasText: CORP_ADMIN.name }))
    .first()
    .waitFor();
  await admin.locator('[data-action]:not([data-action="order.paid"])').first().waitFor({ state: 'detached' });
  assert.equal(await payments.count(), 2);
  const corpPay = payments.filter({ hasText: CORP_ADMIN.name });
  const corpPayText = await corpPay.innerText();
  for (const want of ['订单支付', '金额：¥198.00', '渠道：支付宝', `支付流水号：${tradeNo}`, '成功'])
    assert.ok(corpPayText.includes(want), `${want} missing in ${corpPayText}`);
  const personPay = payments.filter({ hasText: PERSON.name });
  const personPayText = await personPay.innerText();
  for (const want of ['订单支付', '金额：¥18.00', '渠道：微信支付', '成功'])
    assert.ok(personPayText.includes(want), `${want} missing in ${personPayText}`);
  await shot(admin, J, '09-log-payments');

  // The log's export follows the filter: the two payments.
  const [logDownload] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByTestId('log-export').click(),
  ]);
  const logCsv = (await readFile((await logDownload.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const logLines = logCsv.trim().split(/\r?\n/);
  assert.equal(logLines.length, 3, logCsv);
  assert.ok(
    logLines.slice(1).every((l) => l.includes(',订单支付,order.paid,')),
    logCsv,
  );
  await adminCtx.close();

  // ---- no system administrator: /orderManagement is a 404, the server says 403 -----------------
  await corpPage.goto(`${server.url}/orderManagement`);
  await corpPage.waitForURL(/\/404/);
  await shot(corpPage, J, '10-not-admin-404');
  const refused = await fetch(`${server.url}/api/SystemSetting/GetOrderList`, {
    headers: { authorization: `Bearer ${corpToken}` },
  });
  assert.equal(refused.status, 403);
  await corpCtx.close();
}

/** `2026-02-25 10:00:00` → `2026年02月25日` (000 §9). */
function cnDate(s: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  assert.ok(m, s);
  return `${m[1]}年${m[2]}月${m[3]}日`;
}

/** Password sign-in by API (the web client seals the password; the login call accepts plain JSON too). */
async function signInApi(phone: string, password: string): Promise<string> {
  const r = await post<{ token: string }>('/api/Home/phoneLogin', { phone, password });
  assert.equal(r.code, 1, r.msg);
  return r.data.token;
}
