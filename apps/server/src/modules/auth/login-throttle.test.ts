import { describe, expect, it } from 'vitest';
import { createLoginThrottle, lockedOut, lockSecondsAfter, waitText } from './login-throttle.ts';

const c = { freeAttempts: 5, lockBaseSeconds: 30, lockMaxSeconds: 900, windowSeconds: 3600 };

describe('per-account sign-in throttle (issue 15)', () => {
  it('waits after the free attempts, doubling up to the longest wait', () => {
    expect([1, 2, 3, 4].map((n) => lockSecondsAfter(n, c))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 50].map((n) => lockSecondsAfter(n, c))).toEqual([
      30, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });

  it('says the wait in seconds or minutes, with Retry-After', () => {
    expect(waitText(30)).toBe('30秒');
    expect(waitText(61)).toBe('2分钟');
    const err = lockedOut(120);
    expect(err.status).toBe(429);
    expect(err.message).toBe('密码错误次数过多，账号已临时锁定，请2分钟后再试');
    expect(err.retryAfter).toBe(120);
  });

  it('counts wrong passwords per account in memory and forgets them at a correct sign-in', async () => {
    const t = createLoginThrottle({ ...c, freeAttempts: 2, lockBaseSeconds: 60 }, null);
    expect(await t.failed('13800000001')).toBe(0);
    expect(await t.waitOf('13800000001')).toBe(0);
    expect(await t.failed('13800000001')).toBe(60);
    expect(await t.waitOf('13800000001')).toBeGreaterThan(55);
    expect(await t.waitOf('13800000002')).toBe(0);
    await t.succeeded('13800000001');
    expect(await t.waitOf('13800000001')).toBe(0);
    expect(await t.failed('13800000001')).toBe(0);
  });
});
