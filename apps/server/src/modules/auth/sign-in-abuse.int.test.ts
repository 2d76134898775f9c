/**
 * Sign-in abuse (issue 15): whose X-Forwarded-For counts (TRUST_PROXY), the per-account throttle with
 * a growing wait besides the per-client limit, the bound on password hashes in flight (503 with
 * Retry-After when the queue is full), and no demo account on a production start.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type ShareCreatedValue } from '@bimdrive/contracts';
import { users as usersTable } from '../../db/schema/accounts.ts';
import { buildApp, DEMO_ACCOUNT } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { configurePasswordHashing, HASH_BUSY_MSG } from '../../lib/passwords.ts';
import { testDbKind, uploadTestFile, type TestApp } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { redisUp } from '../../test/service-probes.ts';
import { shareEntry } from '../../test/share-entry.ts';

/** A JSON POST from a claimed address (X-Forwarded-For). */
async function post(t: TestApp, url: string, body: unknown, from?: string) {
  const res = await fetch(`${t.baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { code: number; msg: string; data: unknown },
  };
}

/** The n-th of many client addresses. */
const address = (n: number) => `203.0.113.${n % 250}`;

describe(`TRUST_PROXY off: X-Forwarded-For is not the client (${testDbKind})`, () => {
  const [t, u] = useTestApp({
    config: { sharePwd: { perClient: 3, perLink: 50, windowSeconds: 600 } },
    users: ['防刷用户'],
  });
  beforeAll(() => {
    expect(t.config.trustProxy).toBe(false);
  });

  it('rotating X-Forwarded-For does not get past the per-client sign-in limit', async () => {
    // 20 a minute per client (auth.routes.ts); an invalid phone answers 400 without hashing.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await post(t, Api.login, { phone: '1', password: 'x' }, address(i))).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('rotating X-Forwarded-For does not get past the per-client extraction-code limit', async () => {
    const iuid = await uploadTestFile(t, u.token, 'images/SimpleWall_Screenshot_1.png');
    const created = await fetch(`${t.baseUrl}${Api.share}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
      body: JSON.stringify([shareEntry(iuid)]),
    });
    const code = ((await created.json()) as { data: ShareCreatedValue }).data.shareCode;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post(t, Api.shareVerify, { code, pwd: 'zzzz' }, address(i))).status);
    expect(statuses).toEqual([403, 403, 403, 429]);
  });
});

describe(`per-account sign-in throttle from many addresses (${testDbKind})`, () => {
  const [t, u] = useTestApp({
    config: {
      trustProxy: 1,
      loginThrottle: { freeAttempts: 3, lockBaseSeconds: 2, lockMaxSeconds: 8, windowSeconds: 600 },
    },
    users: ['被猜密码的人'],
  });
  let n = 0;
  /** A sign-in from a new address each time (TRUST_PROXY=1: the proxy's X-Forwarded-For counts). */
  const login = (password: string, phone = u.phone) =>
    post(t, Api.login, { phone, password }, address((n += 1)));

  afterAll(() => {
    configurePasswordHashing(t.config.passwordHashing);
  });

  it('with TRUST_PROXY set, each forwarded address is its own client', async () => {
    // More than the per-client 20 a minute, each from another address: none refused.
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await login('x', '1')).status);
    expect(new Set(statuses)).toEqual(new Set([400]));
  });

  it('locks the account after the free wrong passwords, the right one too, with a growing wait', async () => {
    expect((await login('wrong-1')).status).toBe(400);
    expect((await login('wrong-2')).status).toBe(400);
    const third = await login('wrong-3');
    expect(third.status).toBe(429);
    expect(third.body.code).toBe(-2);
    expect(third.body.msg).toMatch(/^密码错误次数过多，账号已临时锁定，请\d+秒后再试$/);
    expect(Number(third.retryAfter)).toBe(2);
    // The right password from yet another address: still locked.
    const right = await login(u.password);
    expect(right.status).toBe(429);
    expect(right.body.msg).toMatch(/密码错误次数过多/);
    // After the wait, one more wrong password waits twice as long.
    await new Promise((r) => setTimeout(r, 2100));
    const fourth = await login('wrong-4');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.retryAfter)).toBe(4);
    await new Promise((r) => setTimeout(r, 4100));
    // The right password works once the wait is over and forgets the count.
    const ok = await login(u.password);
    expect(ok.body.code).toBe(1);
    expect((await login('wrong-5')).status).toBe(400);
  });

  it('counts unknown phones alike, so the answer tells nothing', async () => {
    const phone = '13700000001';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await login('nope', phone)).status);
    expect(statuses).toEqual([400, 400, 429]);
  });

  it('bounds the password hashes in flight: a full queue answers 503 with Retry-After', async () => {
    configurePasswordHashing({ concurrency: 1, queue: 1 });
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(t, Api.login, { phone: `1370000010${i}`, password: 'x' }, address(100 + i)),
      ),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(3);
    expect(statuses.every((s) => s === 400 || s === 503)).toBe(true);
    const busy = burst.find((r) => r.status === 503)!;
    expect(busy.body.msg).toBe(HASH_BUSY_MSG);
    expect(Number(busy.retryAfter)).toBeGreaterThan(0);
    configurePasswordHashing(t.config.passwordHashing);
  });
});

describe('the demo account', () => {
  const start = async (env: Record<string, string>) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bimdrive-demo-'));
    const config = loadConfig(
      { LOG_LEVEL: 'warn', PORT: '0', DEMO_ACCOUNT: 'true', ...env },
      { dataDir, storageDir: path.join(dataDir, 'storage'), pgliteDir: 'memory://' },
    );
    const built = await buildApp(config, 'api');
    const users = await built.ctx.db.$count(usersTable);
    const cfg = await built.app.inject({ method: 'GET', url: Api.clientConfig });
    const demoPhone = (cfg.json() as { data: { demoPhone: string | null } }).data.demoPhone;
    await built.close();
    await rm(dataDir, { recursive: true, force: true });
    return { created: built.demoCreated, users, demoPhone };
  };

  it('a production start on an empty embedded database creates none', async () => {
    expect(await start({ NODE_ENV: 'production' })).toEqual({ created: false, users: 0, demoPhone: null });
  });

  it('a development start creates it', async () => {
    expect(await start({ NODE_ENV: 'development' })).toEqual({
      created: true,
      users: 1,
      demoPhone: DEMO_ACCOUNT.phone,
    });
  });
});

/** The Redis of the scale-out test setting. */
const SCALE_OUT_REDIS = 'redis://127.0.0.1:6379';
const scaleOutRedis = await redisUp(SCALE_OUT_REDIS);

describe.skipIf(!scaleOutRedis)('the per-account throttle shared through Redis by two API nodes', () => {
  const shared = {
    redisUrl: SCALE_OUT_REDIS,
    trustProxy: 1,
    loginThrottle: { freeAttempts: 2, lockBaseSeconds: 30, lockMaxSeconds: 60, windowSeconds: 600 },
  } as const;
  const [a, u] = useTestApp({ config: shared, users: ['两个节点'] });
  const [b] = useTestApp({ config: shared });

  it('wrong passwords on one node lock the account on the other', async () => {
    // Each app has its own database: the phone is unknown to b, which counts it all the same.
    expect((await post(a, Api.login, { phone: u.phone, password: 'x1' }, address(1))).status).toBe(400);
    const locked = await post(a, Api.login, { phone: u.phone, password: 'x2' }, address(2));
    expect(locked.status).toBe(429);
    const other = await post(b, Api.login, { phone: u.phone, password: u.password }, address(3));
    expect(other.status).toBe(429);
    expect(other.body.msg).toMatch(/密码错误次数过多/);
  });
});
