/** The services every module receives (built once in app.ts; no globals). */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db, DbHandle } from './db/client.ts';
import type { ObjectStorage } from './storage/object-storage.ts';
import type { Tokens } from './lib/tokens.ts';
import type { Hub } from './realtime/hub.ts';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Locker } from '@tus/utils';
import type { SmsProvider } from './modules/sms/sms.provider.ts';
import type { UploadSlots } from './modules/uploads/upload-slots.ts';
import type { LoginThrottle } from './modules/auth/login-throttle.ts';

export interface AppContext {
  config: AppConfig;
  db: Db;
  dbHandle: DbHandle;
  storage: ObjectStorage;
  tokens: Tokens;
  hub: Hub;
  log: FastifyBaseLogger;
  /** Enqueue a conversion job for a file (pg-boss); `version` names a version (default: the current one). */
  enqueueConversion: (fileId: string, version?: number) => Promise<void>;
  /**
   * Queue a thumbnail of a file version (issue 14) when it has a source now (thumbnail-maker.ts:
   * images and PDFs, converted office documents and videos); a no-op otherwise. Never throws: a
   * failure to queue is logged and the file keeps its icon.
   */
  enqueueThumbnail: (
    file: {
      id: string;
      spaceId: string;
      storageKey: string | null;
      suffix: string;
      statusType: number;
      derivedKey: string | null;
    },
    version?: number,
  ) => Promise<void>;
  /** Per-account wrong-password throttle of the password sign-in (Redis when REDIS_URL is set). */
  loginThrottle: LoginThrottle;
  /** Wrong extraction code limiters: per link+client and per link overall. */
  sharePwdLimiters: { perClient: RateLimiterAbstract; perLink: RateLimiterAbstract };
  /** Per-user limit of concurrent uploads (config UPLOAD_CONCURRENCY; Redis when REDIS_URL is set). */
  uploadSlots: UploadSlots;
  /** The tus locker of uploads (in memory; shared through Redis across API nodes when REDIS_URL is set). */
  uploadLocker: Locker;
  /** Sends SMS codes (development log or Alibaba Cloud, config SMS_PROVIDER); read at call time, tests swap it. */
  sms: SmsProvider;
  /** A 32-byte key for `label` derived from the server secret (lib/keys.ts), e.g. `sms-code`, `avatar-path`. */
  secretKey: (label: string) => Buffer;
}
