/**
 * A throwaway redis-server for integration tests of what several API processes share through Redis
 * (issue 15: tus locker, upload slots): the machine's own redis-server binary, on a free loopback
 * port and a unix socket in a temporary folder, without persistence.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './free-port.ts';

/** The redis-server binary of this machine, or undefined when it has none (tests skip then). */
export const REDIS_SERVER: string | undefined = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find(
  (p) => existsSync(p),
);

/** A running throwaway redis-server. */
export interface TestRedis {
  /** Its TCP port on 127.0.0.1. */
  port: number;
  /** The path of its unix socket. */
  socket: string;
  /** Kill it and remove its folder. */
  stop: () => Promise<void>;
}

/**
 * Start REDIS_SERVER (no RDB snapshots, no AOF; its folder a new temporary one).
 * @returns it once it answers PING (within `timeoutMs`, default 10 s).
 * @throws when there is no redis-server, or it does not answer in time (it is stopped then).
 */
export async function startRedisServer(timeoutMs = 10_000): Promise<TestRedis> {
  if (!REDIS_SERVER) throw new Error('no redis-server on this machine');
  const dir = await mkdtemp(path.join(tmpdir(), 'bimdrive-redis-'));
  const socket = path.join(dir, 'redis.sock');
  const port = await freePort();
  const server = spawn(
    REDIS_SERVER,
    [
      ...['--port', String(port), '--bind', '127.0.0.1', '--unixsocket', socket],
      ...['--save', '', '--appendonly', 'no', '--dir', dir],
    ],
    { stdio: 'ignore' },
  );
  const stop = async () => {
    server.kill();
    await rm(dir, { recursive: true, force: true });
  };
  const end = Date.now() + timeoutMs;
  for (;;) {
    const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    const pong = await probe
      .connect()
      .then(() => probe.ping())
      .catch(() => '');
    probe.disconnect();
    if (pong === 'PONG') return { port, socket, stop };
    if (Date.now() > end) {
      await stop();
      throw new Error('redis-server did not answer PING');
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}
