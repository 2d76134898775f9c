/**
 * Plans, orders and payment end to end against fake WeChat Pay and Alipay servers that sign (and,
 * for WeChat, encrypt) exactly as the real ones (test/fake-wechatpay.ts, test/fake-alipay.ts):
 * the server computes the amount; verified notifications pay the order once (replays change
 * nothing twice) and extend the buyer's service end and plan in one transaction with `paySuccess`
 * pushed to the buyer's tabs; forged signatures, other amounts, app ids or merchant ids change
 * nothing; a lost notification is recovered by querying (on return and by the periodic pass);
 * unpaid orders close after 2 h, and a late notification for a closed order changes nothing;
 * nobody reads another's order; the order administration is for system administrators only.
 * Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  HubEvents,
  ResultCode,
  type AdminOrderPageValue,
  type OrderViewValue,
  type PaySuccessEventValue,
  type PlanCatalogValue,
  type ServiceTimeVerifyValue,
} from '@bimdrive/contracts';
import { companies, users } from '../../db/schema/accounts.ts';
import { orders } from '../../db/schema/orders.ts';
import { startFakeAlipay, type FakeAlipay } from '../../test/fake-alipay.ts';
import { startFakeWechatPay, type FakeWechatPay } from '../../test/fake-wechatpay.ts';
import {
  call,
  connectHub,
  makeSystemAdministrator,
  testDbKind,
  tusCreate,
  type TestUser,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { seedCompany, seedProject } from '../../test/seeded-spaces.ts';

const DAY = 24 * 3600 * 1000;

describe(`plans, orders and payment (${testDbKind})`, () => {
  let wx: FakeWechatPay;
  let ali: FakeAlipay;
  beforeAll(async () => {
    [wx, ali] = await Promise.all([startFakeWechatPay(), startFakeAlipay()]);
  });
  afterAll(async () => {
    await Promise.all([wx?.close(), ali?.close()]);
  });
  const [t, alice, mallory, boss, staff] = useTestApp({
    config: () => ({
      consultPhone: '400-800-0000',
      payments: { notifyBaseUrl: null, wechat: wx.config, alipay: ali.config },
    }),
    users: ['个人买家', '旁人', '企业管理员', '企业员工'],
  });
  let companyId = '';
  let projectId = '';

  const db = () => t.built.ctx.db;
  const user = async (u: TestUser) =>
    (await db().select().from(users).where(eq(users.id, u.login.userID)))[0]!;
  const company = async () => (await db().select().from(companies).where(eq(companies.id, companyId)))[0]!;
  const order = async (orderNo: string) =>
    (await db().select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
  const buy = (u: TestUser, body: Record<string, unknown>) =>
    call<OrderViewValue>(t, 'POST', Api.orderCreate, { token: u.token, body });
  const state = (u: TestUser, orderNo: string, sync = false) =>
    call<OrderViewValue>(t, 'GET', Api.orderState, {
      token: u.token,
      query: { orderNo, sync: sync ? '1' : '0' },
    });

  beforeAll(async () => {
    companyId = await seedCompany(
      t,
      {
        name: '付费测试公司',
        creditCode: `PAY${Date.now()}`,
        quotaBytes: 10_000_000,
        serviceStopAt: new Date(Date.now() - DAY),
      },
      [staff],
      [boss],
    );
    projectId = await seedProject(t, { name: '付费项目', companyId, creator: boss }, [[boss, 'manager']]);
  });

  it('lists the plan table with prices in fen, the trial length and the configured channels', async () => {
    const person = await call<PlanCatalogValue>(t, 'GET', Api.planList, {
      token: alice.token,
      query: { type: 'person' },
    });
    expect(person.body.code).toBe(1);
    expect(person.body.data).toMatchObject({
      type: 'person',
      trialDays: 15,
      consultPhone: '400-800-0000',
      channels: ['wechat', 'alipay'],
      canBuy: true,
      current: { planId: 'trial', shareLimit: null },
    });
    expect(person.body.data.plans.map((p) => [p.id, p.shareLimit, p.periods.map((x) => x.priceFen)])).toEqual(
      [['personal', 5, [1800, 4800, 16800]]],
    );
    const corp = await call<PlanCatalogValue>(t, 'GET', Api.planList, {
      token: staff.token,
      query: { type: 'corp' },
    });
    expect(corp.body.data.canBuy).toBe(false);
    expect(corp.body.data.plans.at(-1)).toMatchObject({
      id: 'corp-unlimited',
      shareLimit: null,
      contactSupplier: true,
    });
  });

  it('WeChat Pay: the server prices the order; the verified notify pays it once, extends the service and pushes paySuccess', async () => {
    const socket = await connectHub(t, alice.token);
    const pushed: PaySuccessEventValue[] = [];
    socket.on(HubEvents.paySuccess, (e: PaySuccessEventValue) => pushed.push(e));
    try {
      // A price sent by the client is ignored (not part of the body).
      const created = await buy(alice, {
        type: 'person',
        planId: 'personal',
        periodId: '3m',
        channel: 'wechat',
        amountFen: 1,
      });
      expect(created.body.code).toBe(1);
      const o = created.body.data;
      expect(o).toMatchObject({ amountFen: 4800, state: 'unpaid', channel: 'wechat', months: 3 });
      expect(o.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      expect(wx.orders.get(o.orderNo)?.total).toBe(4800);
      expect(wx.requests.every((r) => r.authorized)).toBe(true);

      // A new account is on the free trial (TRIAL_DAYS): the paid months follow its end.
      const trialEnd = (await user(alice)).serviceStopAt!.getTime();
      expect(trialEnd).toBeGreaterThan(Date.now() + (t.config.trialDays - 1) * DAY);
      const before = Math.max(Date.now(), trialEnd);
      const sent = await wx.pay(o.orderNo);
      expect(sent?.status).toBe(204);
      const paid = await order(o.orderNo);
      expect(paid.state).toBe('paid');
      const u = await user(alice);
      expect(u.planId).toBe('personal');
      const end = u.serviceStopAt!.getTime();
      expect(end).toBeGreaterThan(before + 88 * DAY);
      expect(end).toBeLessThan(before + 93 * DAY);
      await expect.poll(() => pushed.length).toBe(1);
      expect(pushed[0]).toMatchObject({ orderNo: o.orderNo, type: 'person', planId: 'personal' });

      // The same notification again (WeChat retries): success, nothing changes twice.
      const again = await sent!.replay();
      expect(again.status).toBe(204);
      expect((await user(alice)).serviceStopAt!.getTime()).toBe(end);
      expect((await state(alice, o.orderNo)).body.data).toMatchObject({ state: 'paid', codeUrl: null });
      await new Promise((r) => setTimeout(r, 200));
      expect(pushed).toHaveLength(1);
    } finally {
      socket.close();
    }
  });

  it('WeChat Pay: forged signature, other amount, app id or merchant id change nothing', async () => {
    const o = (await buy(alice, { type: 'person', planId: 'personal', periodId: '1m', channel: 'wechat' }))
      .body.data;
    const endBefore = (await user(alice)).serviceStopAt!.getTime();
    for (const faults of [
      { forge: true },
      { amount: 1 },
      { appid: 'wx0000000000000000' },
      { mchid: '1900000001' },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    ]) {
      const r = await wx.notify(o.orderNo, faults);
      expect(r.status, JSON.stringify(faults)).toBe(400);
      expect(JSON.parse(r.text)).toMatchObject({ code: 'FAIL' });
    }
    expect((await order(o.orderNo)).state).toBe('unpaid');
    expect((await user(alice)).serviceStopAt!.getTime()).toBe(endBefore);
    // A body that is not WeChat's at all.
    const junk = await fetch(`${t.baseUrl}${Api.wxPayNotify}`, { method: 'POST', body: 'x' });
    expect(junk.status).toBe(400);
  });

  it('a lost notification is recovered by the query on return and by the periodic pass', async () => {
    const a = (await buy(alice, { type: 'person', planId: 'personal', periodId: '1m', channel: 'wechat' }))
      .body.data;
    await wx.pay(a.orderNo, { notify: false });
    expect((await state(alice, a.orderNo)).body.data.state).toBe('unpaid');
    expect((await state(alice, a.orderNo, true)).body.data.state).toBe('paid');

    const b = (await buy(alice, { type: 'person', planId: 'personal', periodId: '1m', channel: 'alipay' }))
      .body.data;
    expect(b.codeUrl).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(b.payUrl).toContain(`${ali.url}/gateway.do?method=alipay.trade.page.pay`);
    await ali.pay(b.orderNo, { notify: false });
    const r = await t.built.services.payments.reconcile(new Date(), 0);
    expect(r.paid).toBeGreaterThanOrEqual(1);
    expect((await order(b.orderNo)).state).toBe('paid');
  });

  it('unpaid orders close after 2 h at the provider too; a late notification then changes nothing', async () => {
    const o = (await buy(alice, { type: 'person', planId: 'personal', periodId: '1m', channel: 'wechat' }))
      .body.data;
    const service = t.built.services.payments;
    await service.reconcile(new Date(Date.now() + 60 * 60_000), 0);
    expect((await order(o.orderNo)).state).toBe('unpaid');
    await service.reconcile(new Date(Date.now() + 2 * 3600_000 + 60_000), 0);
    expect((await order(o.orderNo)).state).toBe('closed');
    expect(wx.orders.get(o.orderNo)?.trade_state).toBe('CLOSED');

    const endBefore = (await user(alice)).serviceStopAt!.getTime();
    const late = await wx.notify(o.orderNo);
    expect(late.status).toBe(204); // acknowledged, so WeChat stops retrying
    expect((await order(o.orderNo)).state).toBe('closed');
    expect((await user(alice)).serviceStopAt!.getTime()).toBe(endBefore);
  });

  it("nobody reads another's order by its number", async () => {
    const o = (await buy(alice, { type: 'person', planId: 'personal', periodId: '1m', channel: 'wechat' }))
      .body.data;
    const other = await state(mallory, o.orderNo, true);
    expect(other.status).toBe(404);
    expect(other.body.data).toBeNull();
    const mine = await call<OrderViewValue[]>(t, 'GET', Api.myOrders, { token: mallory.token });
    expect(mine.body.data).toEqual([]);
  });

  it('company plans: administrators only; Alipay pays, extends the company and lifts the upload refusal; one purchase only', async () => {
    const refused = await buy(staff, { type: 'corp', planId: 'corp-5', periodId: '1m', channel: 'alipay' });
    expect(refused.status).toBe(403);
    const supplier = await buy(boss, {
      type: 'corp',
      planId: 'corp-unlimited',
      periodId: '1y',
      channel: 'alipay',
    });
    expect(supplier.status).toBe(400);
    expect(supplier.body.msg).toContain('400-800-0000');
    const wrongType = await buy(boss, {
      type: 'corp',
      planId: 'personal',
      periodId: '1m',
      channel: 'alipay',
    });
    expect(wrongType.status).toBe(400);

    // The company's service has ended: uploads into its project are refused.
    const before = await tusCreate(t, boss.token, 100, {
      filename: 'a.ifc',
      folderId: '',
      spaceId: projectId,
    });
    expect(before.status).toBe(403);

    const o = (await buy(boss, { type: 'corp', planId: 'corp-5', periodId: '1m', channel: 'alipay' })).body
      .data;
    expect(o).toMatchObject({ type: 'corp', amountFen: 19800 });
    expect(ali.trades.get(o.orderNo)?.total_amount).toBe('198.00');

    await ali.pay(o.orderNo, { notify: false });
    for (const faults of [
      { forge: true },
      { totalAmount: '1.98' },
      { appId: '2021000000000000' },
      { sellerId: '2088000000000000' },
    ]) {
      const r = await ali.notify(o.orderNo, faults);
      expect(r, JSON.stringify(faults)).toMatchObject({ status: 400, text: 'fail' });
    }
    expect((await order(o.orderNo)).state).toBe('unpaid');

    const socket = await connectHub(t, boss.token);
    const pushed: PaySuccessEventValue[] = [];
    socket.on(HubEvents.paySuccess, (e: PaySuccessEventValue) => pushed.push(e));
    try {
      const sent = await ali.notify(o.orderNo);
      expect(sent).toMatchObject({ status: 200, text: 'success' });
      const c = await company();
      expect(c.planId).toBe('corp-5');
      expect(c.serviceStopAt!.getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
      const end = c.serviceStopAt!.getTime();
      expect(await sent.replay()).toMatchObject({ status: 200, text: 'success' });
      expect((await company()).serviceStopAt!.getTime()).toBe(end);
      await expect.poll(() => pushed.length).toBe(1);
      expect(pushed[0]).toMatchObject({ type: 'corp', planId: 'corp-5' });
    } finally {
      socket.close();
    }
    // The renewal lifts the refusal at once.
    const verify = await call<ServiceTimeVerifyValue>(t, 'GET', Api.serviceTimeVerify, {
      token: staff.token,
    });
    expect(verify.body.data.isExpire).toBe(false);
    const after = await tusCreate(t, boss.token, 100, {
      filename: 'b.ifc',
      folderId: '',
      spaceId: projectId,
    });
    expect(after.status).toBe(201);

    // The company administrator sees the company's order; "one purchase only" holds.
    expect((await state(boss, o.orderNo)).body.data.state).toBe('paid');
    const once = await buy(boss, { type: 'corp', planId: 'corp-5', periodId: '1m', channel: 'wechat' });
    expect(once.status).toBe(409);
    const catalog = await call<PlanCatalogValue>(t, 'GET', Api.planList, {
      token: boss.token,
      query: { type: 'corp' },
    });
    const corp5 = catalog.body.data.plans.find((p) => p.id === 'corp-5')!;
    expect(corp5.periods.map((p) => [p.id, p.available])).toEqual([
      ['1m', false],
      ['3m', true],
      ['1y', true],
      ['2y', true],
    ]);
    expect(catalog.body.data.current).toMatchObject({ planId: 'corp-5', shareLimit: 25 });
  });

  it('order administration: 403 for others; filters and CSV for system administrators', async () => {
    for (const url of [Api.adminOrderList, Api.adminOrderExport]) {
      const r = await fetch(`${t.baseUrl}${url}`, { headers: { authorization: `Bearer ${boss.token}` } });
      expect(r.status, url).toBe(403);
      expect(await r.json()).toMatchObject({ code: ResultCode.fail });
    }
    await makeSystemAdministrator(t, mallory);
    const all = await call<AdminOrderPageValue>(t, 'GET', Api.adminOrderList, {
      token: mallory.token,
      query: { rows: '100' },
    });
    expect(all.body.code).toBe(1);
    expect(all.body.data.count).toBeGreaterThanOrEqual(6);
    const paidAli = await call<AdminOrderPageValue>(t, 'GET', Api.adminOrderList, {
      token: mallory.token,
      query: { state: 'paid', channel: 'alipay', buyer: '付费测试' },
    });
    expect(paidAli.body.data.list).toHaveLength(1);
    expect(paidAli.body.data.list[0]).toMatchObject({
      companyName: '付费测试公司',
      amountFen: 19800,
      buyerName: '企业管理员',
    });
    const csv = await fetch(`${t.baseUrl}${Api.adminOrderExport}?state=paid`, {
      headers: { authorization: `Bearer ${mallory.token}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM for Excel
    const text = bytes.toString('utf8');
    expect(text).toContain('订单号,下单时间');
    expect(text).toContain('198.00');
    expect(text).not.toContain('待支付');
  });
});
