/**
 * Per-user limit of concurrent uploads (issue 5 "Uploading tab": "a per-user limit of concurrent
 * uploads with the rest 等待中..."; 000 §2 File-transfer panel). An upload holds a slot while one of
 * its PATCH requests is receiving bytes; a user's PATCH for an upload without a slot, when `limit`
 * of their uploads already hold one, is refused (tus-patch.ts answers 429 with `Retry-After`, and the
 * web client waits and retries). A slot belongs to the upload, not to the request: a second PATCH of
 * an upload that already holds one (a client retry while the old request is still being torn down)
 * is admitted and does not count twice.
 *
 * Two stores, chosen by configuration (DESIGN.md "embedded default" vs "scale-out"):
 * - memory (no REDIS_URL): one process; counts are exact.
 * - Redis (REDIS_URL): shared by every API process. A user's slots are one sorted set
 *   `<prefix><userId>` whose members are upload ids scored by the end of their lease (Redis server
 *   time, ms). A holder renews its lease every `leaseMs / 3` while its PATCH runs, so the slots of a
 *   process that died free themselves after at most `leaseMs`. Acquisition is one Lua script
 *   (expire stale leases, then admit when the upload is already a member or the set has fewer than
 *   `limit` members), so concurrent requests on several processes cannot overshoot the limit.
 */
import type { Redis } from 'ioredis';

/** A slot held by a PATCH; `release` is idempotent. */
export interface UploadSlot {
  release(): Promise<void>;
}

/** The limiter of concurrent uploads per user. */
export interface UploadSlots {
  /** Uploads one user may have receiving bytes at once. */
  readonly limit: number;
  /** Seconds a refused client should wait before trying again (the `Retry-After` value). */
  readonly retryAfterSeconds: number;
  /**
   * Take a slot for `uploadId` of `userId`.
   * @returns the slot, or null when `limit` other uploads of the user hold one.
   */
  acquire(userId: string, uploadId: string): Promise<UploadSlot | null>;
  /** The upload ids of `userId` holding a slot now (diagnostics and tests). */
  holders(userId: string): Promise<string[]>;
}

/** Options of both stores. */
export interface UploadSlotOptions {
  /** Uploads per user receiving bytes at once (config UPLOAD_CONCURRENCY). */
  limit: number;
  /** Retry-After of a refusal in seconds (default 3). */
  retryAfterSeconds?: number;
}

const DEFAULT_RETRY_AFTER_SECONDS = 3;

/**
 * In-process slots (embedded default). Holders are counted per upload id with the number of its
 * requests in flight, so the slot frees when the last of them ends.
 */
export function memoryUploadSlots(opts: UploadSlotOptions): UploadSlots {
  const byUser = new Map<string, Map<string, number>>();
  return {
    limit: opts.limit,
    retryAfterSeconds: opts.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
    async acquire(userId, uploadId) {
      let held = byUser.get(userId);
      if (!held) byUser.set(userId, (held = new Map()));
      const n = held.get(uploadId);
      if (n === undefined && held.size >= opts.limit) return null;
      held.set(uploadId, (n ?? 0) + 1);
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          const left = (held.get(uploadId) ?? 1) - 1;
          if (left > 0) held.set(uploadId, left);
          else held.delete(uploadId);
          if (held.size === 0 && byUser.get(userId) === held) byUser.delete(userId);
        },
      };
    },
    async holders(userId) {
      return [...(byUser.get(userId)?.keys() ?? [])];
    },
  };
}

/** KEYS[1] the user's set; ARGV: upload id, lease ms, limit. Answers 1 when admitted, else 0. */
const ACQUIRE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], now + lease, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], lease)
  return 1
end
return 0
`;
/** KEYS[1] the user's set; ARGV: upload id, lease ms. Extends a lease that is still held. */
const RENEW_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1
`;

/**
 * Slots shared by every API process through Redis (see the module comment).
 * @param redis a connected ioredis client (the app's; not closed here).
 * @param opts.leaseMs how long a slot survives without renewal (default 60 s).
 * @param opts.prefix key prefix (default `bimdrive:upload-slots:`).
 * Redis errors while acquiring are thrown (the PATCH answers 500 and the client retries); errors
 * while renewing or releasing are ignored (the lease then ends by itself).
 */
export function redisUploadSlots(
  redis: Redis,
  opts: UploadSlotOptions & { leaseMs?: number; prefix?: string },
): UploadSlots {
  const leaseMs = opts.leaseMs ?? 60_000;
  const prefix = opts.prefix ?? 'bimdrive:upload-slots:';
  /** Requests of this process in flight per `<user>\n<upload>`, so only the last one releases. */
  const local = new Map<string, number>();
  const keyOf = (userId: string) => `${prefix}${userId}`;
  return {
    limit: opts.limit,
    retryAfterSeconds: opts.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
    async acquire(userId, uploadId) {
      const key = keyOf(userId);
      const admitted = await redis.eval(ACQUIRE_LUA, 1, key, uploadId, leaseMs, opts.limit);
      if (Number(admitted) !== 1) return null;
      const localKey = `${userId}\n${uploadId}`;
      local.set(localKey, (local.get(localKey) ?? 0) + 1);
      const timer = setInterval(
        () => void redis.eval(RENEW_LUA, 1, key, uploadId, leaseMs).catch(() => undefined),
        Math.max(50, Math.floor(leaseMs / 3)),
      );
      timer.unref();
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          clearInterval(timer);
          const left = (local.get(localKey) ?? 1) - 1;
          if (left > 0) {
            local.set(localKey, left);
            return;
          }
          local.delete(localKey);
          await redis.zrem(key, uploadId).catch(() => undefined);
        },
      };
    },
    async holders(userId) {
      const now = Date.now();
      const members = await redis.zrangebyscore(keyOf(userId), now, '+inf');
      return members;
    },
  };
}
