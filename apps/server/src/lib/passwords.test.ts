import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import {
  configurePasswordHashing,
  HASH_BUSY_MSG,
  hashPassword,
  passwordHashLoad,
  verifyPassword,
} from './passwords.ts';

describe('password hashing', () => {
  afterEach(() => configurePasswordHashing({ concurrency: 2, queue: 32 }));

  it('verifies the password it hashed and nothing else', async () => {
    const stored = await hashPassword('Passw0rd!x');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Passw0rd!x', stored)).toBe(true);
    expect(await verifyPassword('Passw0rd!y', stored)).toBe(false);
    expect(await verifyPassword('Passw0rd!x', 'argon2$whatever')).toBe(false);
  });

  it('bounds the hashes in flight: one runs, one waits, the rest get 503 with Retry-After', async () => {
    configurePasswordHashing({ concurrency: 1, queue: 1 });
    const results = await Promise.allSettled([1, 2, 3, 4].map((i) => hashPassword(`pw-${i}`)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    const err = (results[2] as PromiseRejectedResult).reason as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(503);
    expect(err.message).toBe(HASH_BUSY_MSG);
    expect(err.retryAfter).toBeGreaterThan(0);
    expect(passwordHashLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
