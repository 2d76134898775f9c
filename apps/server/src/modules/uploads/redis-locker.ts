/**
 * tus locker shared by every API process through Redis (DESIGN.md "rate limits, locks": Redis when
 * `REDIS_URL` is set), so one upload can be continued on any node: a PATCH, HEAD or DELETE of an
 * upload holds its lock on whichever node it lands, and a request for the same upload on another
 * node waits for it. No published `@tus/*` package has one (npm has `@tus/server`'s MemoryLocker
 * only), so this implements the `Locker` interface of `@tus/utils` with the semantics of
 * MemoryLocker:
 * - `lock(signal, requestRelease)`: take the lock, or ask its holder to let go and wait. The holder's
 *   `requestRelease` (a PATCH stops reading its body and keeps what it stored; tus-patch.ts) is
 *   called on whichever node holds it, through a Redis channel. Gives up with `ERR_LOCK_TIMEOUT`
 *   after `acquireTimeoutMs` or when `signal` aborts.
 * - `unlock()`: release, only when this lock still holds the key (release by token), and wake the
 *   waiters of every node at once through a second channel (they also poll, so a lost message only
 *   costs `pollMs`).
 * The lock is a key `<prefix><id>` set with `SET NX PX leaseMs` to a random token and renewed every
 * `leaseMs / 3` while held, so the locks of a process that died free themselves after `leaseMs`.
 * A holder whose lease was lost (its process stalled longer than the lease) is asked to let go.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';

/** KEYS[1] the lock; ARGV: token, lease ms. Extends the lease of a lock this token holds (1), else 0. */
const RENEW_LUA = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
`;
/** KEYS[1] the lock; ARGV: token. Deletes the lock when this token holds it (1), else 0. */
const RELEASE_LUA = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

/** Options of the Redis locker. */
export interface RedisLockerOptions {
  /** Key and channel prefix (default `bimdrive:tus-lock:`). */
  prefix?: string;
  /** Lifetime of a lock without renewal (default 30 s). */
  leaseMs?: number;
  /** How long `lock` waits for a held lock (default 30 s, as MemoryLocker). */
  acquireTimeoutMs?: number;
  /** Retry interval while waiting (default 100 ms). */
  pollMs?: number;
}

/** The Redis-shared locker (see the module comment). `close()` ends its subscriber connection. */
export class RedisLocker implements Locker {
  readonly prefix: string;
  readonly leaseMs: number;
  readonly acquireTimeoutMs: number;
  readonly pollMs: number;
  /** Locks this process holds, by upload id. */
  private readonly held = new Map<string, Set<RedisLock>>();
  /** Wake-ups of this process's waiters, by upload id. */
  private readonly waiters = new Map<string, Set<() => void>>();
  private subscriber: Redis | null = null;
  private subscribed: Promise<void> | null = null;

  readonly redis: Redis;

  /** @param redis a connected client (the app's; not closed here). */
  constructor(redis: Redis, opts: RedisLockerOptions = {}) {
    this.redis = redis;
    this.prefix = opts.prefix ?? 'bimdrive:tus-lock:';
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.acquireTimeoutMs = opts.acquireTimeoutMs ?? 30_000;
    this.pollMs = opts.pollMs ?? 100;
  }

  /** Channel on which a waiter asks the holder of an id to let go. */
  get releaseChannel(): string {
    return `${this.prefix}release`;
  }
  /** Channel announcing that the lock of an id was released. */
  get unlockedChannel(): string {
    return `${this.prefix}unlocked`;
  }

  newLock(id: string): Lock {
    return new RedisLock(this, id);
  }

  /** Subscribe once to both channels (a dedicated connection, as Redis requires). */
  ready(): Promise<void> {
    if (!this.subscribed) {
      const sub = this.redis.duplicate();
      this.subscriber = sub;
      sub.on('message', (channel: string, id: string) => {
        if (channel === this.releaseChannel) for (const l of this.held.get(id) ?? []) l.askRelease();
        else if (channel === this.unlockedChannel) for (const wake of this.waiters.get(id) ?? []) wake();
      });
      sub.on('error', () => undefined); // reconnects by itself; waiters fall back to polling
      this.subscribed = sub.subscribe(this.releaseChannel, this.unlockedChannel).then(() => undefined);
    }
    return this.subscribed;
  }

  /** @internal */
  track(id: string, lock: RedisLock, on: boolean): void {
    const set = this.held.get(id) ?? new Set<RedisLock>();
    if (on) set.add(lock);
    else set.delete(lock);
    if (set.size) this.held.set(id, set);
    else this.held.delete(id);
  }

  /** @internal Resolve after `ms`, or earlier when the lock of `id` is released or `signal` aborts. */
  pause(id: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiters.get(id) ?? new Set<() => void>();
      this.waiters.set(id, set);
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        set.delete(done);
        if (!set.size && this.waiters.get(id) === set) this.waiters.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      set.add(done);
    });
  }

  /** End the subscriber connection. */
  async close(): Promise<void> {
    this.subscriber?.disconnect();
    this.subscriber = null;
    this.subscribed = null;
  }
}

/** One lock of an upload id; `lock` and `unlock` as in `@tus/utils` `Lock`. */
class RedisLock implements Lock {
  private token: string | null = null;
  private renewal: ReturnType<typeof setInterval> | null = null;
  private requestRelease: RequestRelease | null = null;

  private readonly locker: RedisLocker;
  private readonly id: string;

  constructor(locker: RedisLocker, id: string) {
    this.locker = locker;
    this.id = id;
  }

  private get key(): string {
    return `${this.locker.prefix}${this.id}`;
  }

  /** Called when another request (on any node) wants this lock. */
  askRelease(): void {
    void Promise.resolve(this.requestRelease?.()).catch(() => undefined);
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { redis } = this.locker;
    await this.locker.ready();
    const token = randomUUID();
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    let askedAt = 0;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if ((await redis.set(this.key, token, 'PX', this.locker.leaseMs, 'NX')) === 'OK') break;
      // Held elsewhere: ask the holder to let go (again every second), then wait for its release.
      if (Date.now() - askedAt >= 1000) {
        askedAt = Date.now();
        await redis.publish(this.locker.releaseChannel, this.id);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw ERRORS.ERR_LOCK_TIMEOUT;
      await this.locker.pause(this.id, Math.min(this.locker.pollMs, left), signal);
    }
    this.token = token;
    this.requestRelease = requestRelease;
    this.locker.track(this.id, this, true);
    this.renewal = setInterval(
      () =>
        void redis
          .eval(RENEW_LUA, 1, this.key, token, this.locker.leaseMs)
          .then((kept) => {
            if (Number(kept) !== 1 && this.token === token) this.askRelease(); // lease lost
          })
          .catch(() => undefined),
      Math.max(50, Math.floor(this.locker.leaseMs / 3)),
    );
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    const token = this.token;
    if (!token) return;
    this.token = null;
    this.requestRelease = null;
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    this.locker.track(this.id, this, false);
    const { redis } = this.locker;
    const released = await redis.eval(RELEASE_LUA, 1, this.key, token).catch(() => 0);
    if (Number(released) === 1) await redis.publish(this.locker.unlockedChannel, this.id).catch(() => 0);
  }
}
