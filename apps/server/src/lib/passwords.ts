/**
 * Password hashing with scrypt at OWASP parameters (N=2^17, r=8, p=1, 32-byte key, 16-byte salt).
 * Stored form: `scrypt$N$r$p$saltB64$hashB64`.
 *
 * Each hash holds 128 MiB while it runs, so hashes in flight are bounded (issue 15): at most
 * `concurrency` run at once (default 2), at most `queue` wait (default 32), and a hash asked for
 * when the queue is full fails at once with 503 and a Retry-After — a burst of sign-ins from many
 * addresses slows down and then is refused instead of exhausting the server's memory.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from './errors.ts';
import { ResultCode } from '@bimdrive/contracts';

const N = 2 ** 17;
const R = 8;
const P = 1;
const KEYLEN = 32;

/** Message of a sign-in refused because too many password checks are waiting. */
export const HASH_BUSY_MSG = '登录人数较多，请稍后重试';
/** Seconds a refused caller is told to wait (Retry-After). */
export const HASH_BUSY_RETRY_SECONDS = 5;

/** The bound of hashes in flight: running and waiting. */
const gate = { concurrency: 2, queue: 32, running: 0, waiting: [] as Array<() => void> };

/** Set the bound (buildApp, from PASSWORD_HASH_CONCURRENCY / PASSWORD_HASH_QUEUE). */
export function configurePasswordHashing(opts: { concurrency: number; queue: number }): void {
  gate.concurrency = Math.max(1, opts.concurrency);
  gate.queue = Math.max(0, opts.queue);
}

/** How many hashes run and wait now (for tests and diagnostics). */
export function passwordHashLoad(): { running: number; waiting: number } {
  return { running: gate.running, waiting: gate.waiting.length };
}

/**
 * Run `task` within the bound.
 * @throws AppError 503 (Retry-After) when `queue` hashes are already waiting.
 */
async function bounded<T>(task: () => Promise<T>): Promise<T> {
  if (gate.running >= gate.concurrency) {
    if (gate.waiting.length >= gate.queue)
      throw new AppError(503, HASH_BUSY_MSG, ResultCode.serverError, null, {
        retryAfter: HASH_BUSY_RETRY_SECONDS,
      });
    await new Promise<void>((resolve) => gate.waiting.push(resolve));
  } else gate.running += 1;
  try {
    return await task();
  } finally {
    // The slot passes straight to the next waiter (running stays the same) or is freed.
    const next = gate.waiting.shift();
    if (next) next();
    else gate.running -= 1;
  }
}

function scrypt(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return bounded(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(
          password.normalize('NFKC'),
          salt,
          KEYLEN,
          { ...opts, maxmem: 256 * 1024 * 1024 },
          (err, key) => (err ? reject(err) : resolve(key)),
        ),
      ),
  );
}

/** Hash a password; ~100–300 ms on purpose. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Check a password against a stored hash in constant time. Unknown formats never match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
