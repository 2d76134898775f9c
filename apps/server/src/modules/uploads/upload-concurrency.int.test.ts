/**
 * Per-user limit of concurrent uploads (issue 5 "a per-user limit of concurrent uploads with the
 * rest 等待中..."; upload-slots.ts, tus-patch.ts): with UPLOAD_CONCURRENCY = 2, a third upload of the
 * same user that starts receiving bytes while two PATCHes are in flight answers 429 with
 * `Retry-After` and an envelope message, keeps its offset, and goes through once a slot frees; other
 * users are not held back. The Redis store is checked with two clients standing for two API
 * processes, and an app started with REDIS_URL refuses a PATCH while another process holds the
 * user's slot (a local redis-server on 127.0.0.1, when the machine has one).
 */
import http from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, ResultCode, type ListDataValue } from '@bimdrive/contracts';
import {
  call,
  signUp,
  startTestApp,
  testDbKind,
  tusCreate,
  tusPatch,
  type TestApp,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { startRedisServer, REDIS_SERVER, type TestRedis } from '../../test/redis-server.ts';
import { UPLOAD_BUSY_MSG } from './tus-patch.ts';
import { memoryUploadSlots, redisUploadSlots } from './upload-slots.ts';

const SIZE = 200_000;

/** A PATCH whose body is sent in part and held open until `finish()` or `abort()`. */
function slowPatch(t: TestApp, token: string, location: string, bytes: Uint8Array) {
  const url = new URL(location, t.baseUrl);
  let resolveDone!: (v: { status: number; headers: http.IncomingHttpHeaders }) => void;
  const done = new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((r) => (resolveDone = r));
  const req = http.request(url, {
    method: 'PATCH',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(bytes.length),
    },
  });
  req.on('response', (res) => {
    res.resume();
    res.on('end', () => resolveDone({ status: res.statusCode ?? 0, headers: res.headers }));
  });
  req.on('error', () => resolveDone({ status: 0, headers: {} }));
  req.write(bytes.subarray(0, 1000));
  return {
    done,
    finish: () => req.end(bytes.subarray(1000)),
    abort: () => req.destroy(),
  };
}

describe(`per-user limit of concurrent uploads (${testDbKind})`, () => {
  const [t, u, other] = useTestApp({ config: { uploadConcurrency: 2 }, users: ['上传者', '另一人'] });

  const create = async (token: string, name: string) => {
    const r = await tusCreate(t, token, SIZE, { filename: name, folderId: '' });
    expect(r.status).toBe(201);
    return r.headers.get('location')!;
  };
  const offsetOf = async (token: string, loc: string) =>
    (
      await fetch(new URL(loc, t.baseUrl), {
        method: 'HEAD',
        headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
      })
    ).headers.get('upload-offset');
  const holders = () => t.built.ctx.uploadSlots.holders(u.login.userID);

  it('tells the web client the limit, so a tab starts no more than the server allows', async () => {
    const c = await call<{ uploadConcurrency: number }>(t, 'GET', Api.clientConfig);
    expect(c.body.data.uploadConcurrency).toBe(2);
  });

  it('answers 429 with Retry-After to a third upload while two receive bytes, then lets it through', async () => {
    const bytes = new Uint8Array(SIZE).map((_, i) => i % 253);
    const [a, b, c] = [
      await create(u.token, 'a.bin'),
      await create(u.token, 'b.bin'),
      await create(u.token, 'c.bin'),
    ];
    const pa = slowPatch(t, u.token, a, bytes);
    const pb = slowPatch(t, u.token, b, bytes);
    await waitUntil(async () => (await holders()).length === 2, 'two uploads hold a slot');

    const refused = await tusPatch(t, u.token, c, 0, bytes);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(t.built.ctx.uploadSlots.retryAfterSeconds));
    expect(await refused.json()).toEqual({ code: ResultCode.refused, msg: UPLOAD_BUSY_MSG, data: null });
    expect(await offsetOf(u.token, c)).toBe('0'); // nothing was written

    // Another user is not held back by this user's uploads.
    const theirs = await create(other.token, 'theirs.bin');
    expect((await tusPatch(t, other.token, theirs, 0, bytes)).status).toBe(204);

    // One upload ends: its slot frees and the waiting one goes through from its offset.
    pa.finish();
    expect((await pa.done).status).toBe(204);
    await waitUntil(async () => (await holders()).length === 1, 'the finished upload gave its slot back');
    const resumed = await tusPatch(t, u.token, c, 0, bytes);
    expect(resumed.status).toBe(204);
    expect(resumed.headers.get('x-file-iuid')).toBeTruthy();

    // A client that goes away mid-body frees its slot too (the bytes it sent are kept).
    pb.abort();
    await waitUntil(async () => (await holders()).length === 0, 'the aborted upload gave its slot back');
    const list = await call<ListDataValue>(t, 'GET', Api.myDocumentList, { token: u.token });
    expect(list.body.data.list.map((f) => f.fileName).sort()).toEqual(['a.bin', 'c.bin']);
  });

  it('counts an upload once when its client sends a second PATCH while the first is still open', async () => {
    const bytes = new Uint8Array(SIZE).fill(7);
    const [a, b] = [await create(u.token, 'd.bin'), await create(u.token, 'e.bin')];
    const first = slowPatch(t, u.token, a, bytes);
    const pb = slowPatch(t, u.token, b, bytes);
    await waitUntil(async () => (await holders()).length === 2, 'two uploads hold a slot');
    // A retry of upload `a` (e.g. after a network hiccup) is not refused: the slot is the upload's.
    // It waits for the upload's lock, which asks the first request to stop; then it writes from
    // offset 0 (204), or is told the offset moved (409) when the first request's bytes landed first.
    const retry = await tusPatch(t, u.token, a, 0, bytes);
    expect([204, 409]).toContain(retry.status);
    first.abort();
    pb.abort();
    await waitUntil(async () => (await holders()).length === 0, 'every slot given back');
  });

  it('the in-memory store admits up to the limit and frees on release', async () => {
    const slots = memoryUploadSlots({ limit: 2 });
    const s1 = await slots.acquire('u', 'x');
    const s2 = await slots.acquire('u', 'y');
    expect(s1 && s2).toBeTruthy();
    expect(await slots.acquire('u', 'z')).toBeNull();
    expect(await slots.acquire('v', 'z')).not.toBeNull(); // per user
    const again = await slots.acquire('u', 'x'); // same upload: admitted, counted once
    expect(again).not.toBeNull();
    await s1!.release();
    expect(await slots.acquire('u', 'z')).toBeNull(); // `x` still has a request in flight
    await again!.release();
    await again!.release(); // idempotent
    expect(await slots.holders('u')).toEqual(['y']);
    expect(await slots.acquire('u', 'z')).not.toBeNull();
  });
});

describe.skipIf(!REDIS_SERVER)('per-user upload slots shared through Redis (two API processes)', () => {
  let server: TestRedis;
  let socket: string;
  let port = 0;
  const clients: Redis[] = [];
  const client = () => {
    const r = new Redis({ path: socket, maxRetriesPerRequest: 1 });
    clients.push(r);
    return r;
  };
  beforeAll(async () => {
    server = await startRedisServer();
    ({ socket, port } = server);
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await server?.stop();
  });

  it('two processes share one limit per user; a dead process’s slots expire with their lease', async () => {
    const prefix = `test-${Date.now()}:`;
    const api1 = redisUploadSlots(client(), { limit: 2, prefix });
    const api2 = redisUploadSlots(client(), { limit: 2, prefix });
    const a = await api1.acquire('u', 'a');
    const b = await api2.acquire('u', 'b');
    expect(a && b).toBeTruthy();
    expect(await api1.acquire('u', 'c')).toBeNull();
    expect(await api2.acquire('u', 'c')).toBeNull();
    expect(await api2.acquire('v', 'c')).not.toBeNull(); // another user
    expect(await api2.acquire('u', 'a')).not.toBeNull(); // the same upload through the other process
    await b!.release();
    const c = await api1.acquire('u', 'c');
    expect(c).not.toBeNull();
    expect((await api1.holders('u')).sort()).toEqual(['a', 'c']);

    // Concurrent acquisitions from both processes never overshoot the limit.
    await a!.release();
    await c!.release();
    const raced = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? api1 : api2).acquire('w', `r${i}`)),
    );
    expect(raced.filter(Boolean)).toHaveLength(2);

    // A process that dies without releasing: its slot ends with the lease (no renewals).
    const dying = client();
    const api3 = redisUploadSlots(dying, { limit: 1, prefix: `${prefix}lease:`, leaseMs: 300 });
    expect(await api3.acquire('u', 'x')).not.toBeNull();
    dying.disconnect();
    const api4 = redisUploadSlots(client(), { limit: 1, prefix: `${prefix}lease:`, leaseMs: 300 });
    expect(await api4.acquire('u', 'y')).toBeNull();
    await new Promise((r) => setTimeout(r, 400));
    expect(await api4.acquire('u', 'y')).not.toBeNull();
  });

  it('the app with REDIS_URL counts the slots another API process holds for the same user', async () => {
    const app = await startTestApp({ redisUrl: `redis://127.0.0.1:${port}`, uploadConcurrency: 1 });
    try {
      const u = await signUp(app, 'Redis 用户');
      // Another API process (same Redis, the app's default key prefix) has this user's upload running.
      const elsewhere = redisUploadSlots(client(), { limit: 1 });
      const held = await elsewhere.acquire(u.login.userID, 'upload-on-another-node');
      expect(held).not.toBeNull();
      const bytes = new Uint8Array(5_000).fill(1);
      const created = await tusCreate(app, u.token, bytes.length, { filename: 'r.bin', folderId: '' });
      expect(created.status).toBe(201);
      const loc = created.headers.get('location')!;
      const refused = await tusPatch(app, u.token, loc, 0, bytes);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      await held!.release();
      const done = await tusPatch(app, u.token, loc, 0, bytes);
      expect(done.status).toBe(204);
      // The app's own PATCH gave its slot back in Redis.
      expect(await elsewhere.holders(u.login.userID)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('a live holder keeps its slot past the lease by renewing it', async () => {
    const prefix = `renew-${Date.now()}:`;
    const api1 = redisUploadSlots(client(), { limit: 1, prefix, leaseMs: 300 });
    const api2 = redisUploadSlots(client(), { limit: 1, prefix, leaseMs: 300 });
    const held = await api1.acquire('u', 'x');
    await new Promise((r) => setTimeout(r, 700));
    expect(await api2.acquire('u', 'y')).toBeNull();
    await held!.release();
    expect(await api2.acquire('u', 'y')).not.toBeNull();
  });
});
