/**
 * Per-account sign-in throttle with a growing wait (issue 15; in the manner of Nextcloud's
 * brute-force protection), besides the per-client limit of the sign-in route. Wrong passwords are
 * counted per account (the canonical phone, whether or not it has an account, so the answer tells
 * nothing) from whichever addresses they come: after `freeAttempts` of them the account waits
 * `lockBaseSeconds`, and each further wrong password doubles the wait up to `lockMaxSeconds`. While it
 * waits, every password sign-in of the account — the right password too — answers 429 with the time
 * left, without checking the password. A correct sign-in forgets the count; otherwise it is forgotten
 * `windowSeconds` after the first wrong password. With REDIS_URL the counts are shared by every API
 * node (rate-limiter-flexible, like the extraction-code limits); otherwise they live in memory.
 * Sign-in with an SMS code is not throttled here (the codes have their own limits), so the owner of
 * the phone can still get in while someone is guessing the password.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppConfig } from '../../config.ts';
import { tooMany } from '../../lib/errors.ts';

/** The throttle of one deployment. */
export interface LoginThrottle {
  /** Seconds the account must still wait before a password sign-in (0: it may try now). */
  waitOf(account: string): Promise<number>;
  /** Count a wrong password; answers the wait it starts (0 while attempts are left). */
  failed(account: string): Promise<number>;
  /** A correct sign-in: forget the account's wrong passwords. */
  succeeded(account: string): Promise<void>;
}

/** The wait after the `failures`-th wrong password (0 while under the free attempts). */
export function lockSecondsAfter(failures: number, c: AppConfig['loginThrottle']): number {
  if (failures < c.freeAttempts) return 0;
  const doublings = Math.min(failures - c.freeAttempts, 30);
  return Math.min(c.lockBaseSeconds * 2 ** doublings, c.lockMaxSeconds);
}

/** The time left in words: 45秒, 3分钟. */
export function waitText(seconds: number): string {
  return seconds < 60 ? `${Math.max(1, Math.ceil(seconds))}秒` : `${Math.ceil(seconds / 60)}分钟`;
}

/** The 429 of an account that must wait (Retry-After in seconds). */
export function lockedOut(seconds: number) {
  return tooMany(`密码错误次数过多，账号已临时锁定，请${waitText(seconds)}后再试`, Math.ceil(seconds));
}

/** Create the throttle (Redis when given, else in memory). */
export function createLoginThrottle(c: AppConfig['loginThrottle'], redis: Redis | null): LoginThrottle {
  const make = (points: number, duration: number, keyPrefix: string): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({ storeClient: redis, points, duration, keyPrefix })
      : new RateLimiterMemory({ points, duration, keyPrefix });
  // Failures: only counted (penalty), never refused by this limiter itself.
  const failures = make(1_000_000, c.windowSeconds, 'login-fail');
  // Waits: `block` for the wait's length; blocked = more points consumed than its single point.
  const locks = make(1, c.lockMaxSeconds, 'login-lock');
  return {
    async waitOf(account) {
      const r = await locks.get(account);
      return r && r.consumedPoints > 1 && r.msBeforeNext > 0 ? Math.ceil(r.msBeforeNext / 1000) : 0;
    },
    async failed(account) {
      const r = await failures.penalty(account, 1);
      const wait = lockSecondsAfter(r.consumedPoints, c);
      if (wait > 0) await locks.block(account, wait);
      return wait;
    },
    async succeeded(account) {
      await Promise.all([failures.delete(account), locks.delete(account)]);
    },
  };
}
