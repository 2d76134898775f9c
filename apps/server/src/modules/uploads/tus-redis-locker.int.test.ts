/**
 * The tus locker shared through Redis (redis-locker.ts; issue 15 "a locker shared through Redis so
 * that one upload can be continued on any API node"). First the locker alone, with two clients
 * standing for two API processes: a waiter asks the holder on the other process to let go and gets
 * the lock when it does, gives up after its timeout when the holder does not, takes over the lock
 * of a dead process after its lease, a live holder keeps it by renewing, and a holder whose lease
 * ended cannot release the next holder's lock. Then two apps on the same database, storage and
 * Redis: a PATCH running on node A is asked to stop by a HEAD on node B, which answers the offset A
 * stored, and the upload is finished on B. Needs a local redis-server and PostgreSQL (skipped
 * without them).
 */
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Redis } from 'ioredis';
import { ERRORS } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type FileRowValue } from '@bimdrive/contracts';
import {
  call,
  freshPostgres,
  signUp,
  startTestApp,
  testDbKind,
  tusCreate,
  tusPatch,
  type TestApp,
} from '../../test/harness.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { startRedisServer, REDIS_SERVER, type TestRedis } from '../../test/redis-server.ts';
import { postgresUp } from '../../test/service-probes.ts';
import { RedisLocker } from './redis-locker.ts';

const hasPostgres = await postgresUp();

const never = new AbortController().signal;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!REDIS_SERVER)('tus locker shared through Redis (two API processes)', () => {
  let server: TestRedis;
  let port = 0;
  const clients: Redis[] = [];
  const lockers: RedisLocker[] = [];
  const client = () => {
    const r = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 1 });
    r.on('error', () => undefined); // dropped by `dying.disconnect()`
    clients.push(r);
    return r;
  };
  const locker = (opts: ConstructorParameters<typeof RedisLocker>[1] = {}, redis = client()) => {
    const l = new RedisLocker(redis, { prefix: `t${Date.now()}:`, ...opts });
    lockers.push(l);
    return l;
  };
  beforeAll(async () => {
    server = await startRedisServer();
    port = server.port;
  });
  afterAll(async () => {
    for (const l of lockers) await l.close();
    for (const c of clients) c.disconnect();
    await server?.stop();
  });

  it('a waiter on another process asks the holder to let go, and gets the lock when it does', async () => {
    const prefix = `ask-${Date.now()}:`;
    const a = locker({ prefix });
    const b = locker({ prefix });
    const held = a.newLock('up');
    let asked = 0;
    await held.lock(never, async () => {
      asked++;
      await held.unlock();
    });
    const started = Date.now();
    await b.newLock('up').lock(never, () => undefined);
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a holder that does not let go keeps the lock: the waiter gives up after its timeout', async () => {
    const prefix = `keep-${Date.now()}:`;
    const a = locker({ prefix });
    const b = locker({ prefix, acquireTimeoutMs: 300 });
    await a.newLock('up').lock(never, () => undefined);
    await expect(b.newLock('up').lock(never, () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });

  it('the lock of a process that died frees itself after its lease; a live holder renews it', async () => {
    const prefix = `lease-${Date.now()}:`;
    const dying = client();
    const a = locker({ prefix, leaseMs: 300 }, dying);
    await a.newLock('dead').lock(never, () => undefined);
    const live = locker({ prefix, leaseMs: 300 });
    await live.newLock('alive').lock(never, () => undefined);
    dying.disconnect(); // no more renewals from "process A"
    await sleep(700);
    const b = locker({ prefix, leaseMs: 300, acquireTimeoutMs: 200 });
    await b.newLock('dead').lock(never, () => undefined); // taken over
    await expect(b.newLock('alive').lock(never, () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });

  it('a holder whose lease ended cannot release the lock the next holder took', async () => {
    const prefix = `token-${Date.now()}:`;
    const slow = locker({ prefix, leaseMs: 200 });
    const stale = slow.newLock('up');
    await stale.lock(never, () => undefined);
    // Stop its renewals as a stalled process would: expire the key by hand.
    await client().del(`${prefix}up`);
    const b = locker({ prefix, acquireTimeoutMs: 300 });
    await b.newLock('up').lock(never, () => undefined);
    await stale.unlock(); // its token no longer matches: nothing released
    const c = locker({ prefix, acquireTimeoutMs: 300 });
    await expect(c.newLock('up').lock(never, () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });

  describe.skipIf(!hasPostgres)('two API nodes on one database, one storage and Redis', () => {
    let a: TestApp;
    let b: TestApp;
    let db: Awaited<ReturnType<typeof freshPostgres>> | null = null;
    beforeAll(async () => {
      const redisUrl = `redis://127.0.0.1:${port}`;
      if (testDbKind === 'postgres') a = await startTestApp({ redisUrl });
      else {
        db = await freshPostgres();
        a = await startTestApp({ redisUrl, databaseUrl: db.url });
      }
      // Node B: same database, the same storage (and secrets) as node A, the same Redis.
      b = await startTestApp({
        redisUrl,
        databaseUrl: a.config.databaseUrl,
        dataDir: a.config.dataDir,
        storageDir: a.config.storageDir,
      });
    }, 60_000);
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await db?.drop();
    });

    it('a HEAD on node B stops the PATCH holding the upload on node A, and B finishes the upload', async () => {
      const u = await signUp(a, '两节点');
      const size = 200_000;
      const body = new Uint8Array(size).map((_, i) => i % 251);
      const created = await tusCreate(a, u.token, size, { filename: 'nodes.bin', folderId: '' });
      expect(created.status).toBe(201);
      const loc = created.headers.get('location')!;
      const id = loc.split('/').pop()!;
      const bytesOnDisk = async () => (await stat(path.join(a.config.storageDir, 'tus', id))).size;

      // Node A receives the first 1000 bytes and holds the lock while the client is slow.
      let answered: number | null = null;
      const req = http.request(new URL(loc, a.baseUrl), {
        method: 'PATCH',
        agent: false,
        headers: {
          authorization: `Bearer ${u.token}`,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(size),
        },
      });
      const ended = new Promise<void>((resolve) => {
        req.on('response', (res) => {
          answered = res.statusCode ?? 0;
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', () => resolve()); // node A closed the connection: also a stop
      });
      req.write(body.subarray(0, 1000));
      await waitUntil(async () => (await bytesOnDisk()) === 1000, 'node A stored the first bytes');

      // The client comes back through node B: its HEAD takes the lock over.
      const head = await fetch(new URL(loc, b.baseUrl), {
        method: 'HEAD',
        headers: { authorization: `Bearer ${u.token}`, 'tus-resumable': '1.0.0' },
      });
      expect(head.status).toBe(200);
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBe(1000);
      await ended;
      expect(answered === null || answered >= 400).toBe(true); // node A's PATCH did not complete
      req.destroy();

      const done = await tusPatch(b, u.token, loc, offset, body.subarray(offset));
      expect([done.status, done.headers.get('upload-offset'), done.headers.get('x-file-iuid')]).toEqual([
        204,
        String(size),
        id,
      ]);
      const info = await call<FileRowValue>(a, 'GET', Api.fileInfo, { token: u.token, query: { IUID: id } });
      expect(info.body.data.fileBytes).toBe(size);
    });

    it('a PATCH on node B asks node A to let go of the upload, waits for it, then goes through', async () => {
      const u = await signUp(b, '两节点二');
      const size = 3000;
      const created = await tusCreate(b, u.token, size, { filename: 'wait.bin', folderId: '' });
      const loc = created.headers.get('location')!;
      const id = loc.split('/').pop()!;
      // Node A's locker holds the upload (as a request in flight on A does) and lets go when asked.
      const lockerA = a.built.ctx.uploadLocker;
      const held = lockerA.newLock(id);
      let asked = false;
      await held.lock(never, async () => {
        asked = true;
        await sleep(200); // finishing its write
        await held.unlock();
      });
      const patched = await tusPatch(b, u.token, loc, 0, new Uint8Array(size).fill(3));
      expect(asked).toBe(true);
      expect([patched.status, patched.headers.get('upload-offset')]).toEqual([204, String(size)]);
    });
  });
});
