/**
 * One validated configuration object, read from environment variables (DESIGN.md "embedded default"
 * vs "scale-out"). A bad value stops start-up with a message naming the variable.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Whose `X-Forwarded-For` counts (Fastify `trustProxy`): off, a hop count, or proxy addresses. */
export type TrustProxy = false | number | string[];

/** Address-range names proxy-addr knows (127.0.0.1/8 and ::1, fe80::/10…, fc00::/7 and private v4). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether `v` is an IP address, an address with a prefix length (CIDR), or a proxy-addr range name. */
function isProxyAddress(v: string): boolean {
  if (PROXY_RANGE_NAMES.has(v)) return true;
  const [ip, bits, ...rest] = v.split('/');
  const family = isIP(ip ?? '');
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Parse `TRUST_PROXY`: empty, `false`, `off`, `no` or `0` — off (the connecting address is the
 * client); a whole number n ≥ 1 — the client is n hops back through `X-Forwarded-For` (n proxies in
 * front); otherwise a comma-separated list of proxy addresses and CIDR ranges (or `loopback`,
 * `linklocal`, `uniquelocal`) whose `X-Forwarded-For` is believed. `true` (every hop) is refused:
 * any client could then choose its own address and slip past the per-client limits.
 * @returns the value, or an error message.
 */
export function parseTrustProxy(raw: string): TrustProxy | { error: string } {
  const v = raw.trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'off' || v === 'no' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    return n <= 64 ? n : { error: 'a hop count must be at most 64' };
  }
  if (v === 'true' || v === 'yes' || v === 'on' || v === '*')
    return {
      error:
        "trusting every hop lets any client choose its address: give a hop count or the proxies' addresses",
    };
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((s) => !isProxyAddress(s));
  if (bad.length > 0 || list.length === 0)
    return { error: `not an address or CIDR range: ${bad.join(', ') || raw}` };
  return list;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public base URL used in share links and QR codes (default http://HOST:PORT). */
  PUBLIC_URL: z.url().optional(),
  /** Folder for the embedded database and local storage. */
  DATA_DIR: z.string().default('data'),
  /** PostgreSQL connection string; unset = embedded PGlite under DATA_DIR/db. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Redis for the socket.io adapter and rate limits across API nodes; unset = in memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Where files live: `local` (DATA_DIR/storage, the embedded default) or an S3-compatible store. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** S3 API endpoint (`http(s)://host:port`; unset for AWS itself). */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (Ceph RGW, MinIO); virtual-host style when false. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /**
   * Address browsers reach the store at (e.g. the reverse proxy's `https://files.example.com`). When
   * set, downloads answer 302 to a presigned GetObject URL valid 60 s and the bytes go straight from
   * the store; unset, they are streamed through the API node.
   */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  /** Key prefix inside the bucket, e.g. `bimdrive/` (several installations in one bucket). */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or end with / (letters, digits, . _ -)')
    .default(''),
  /** Secret for signing session tokens and download tickets (≥ 32 characters; generated and stored under DATA_DIR if unset). */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Session lifetime in hours. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  REGISTER_ENABLED: bool.default(true),
  /** Create the demo account on first start of an empty embedded database (never in production). */
  DEMO_ACCOUNT: bool.default(true),
  /** Whose X-Forwarded-For counts: off (default), a hop count, or proxy addresses / CIDR ranges (parseTrustProxy). */
  TRUST_PROXY: z.string().default(''),
  /** Per-account sign-in throttle: wrong passwords allowed before the account waits (issue 15). */
  LOGIN_FREE_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  /** The first wait after them, doubled at each further wrong password, up to the longest wait. */
  LOGIN_LOCK_BASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  LOGIN_LOCK_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(15 * 60),
  /** Wrong passwords of an account are forgotten this long after the first (or at a correct one). */
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(12 * 3600),
  /** Password hashes computed at once (scrypt, 128 MiB each) and waiting; a full queue answers 503. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  SYSTEM_IS_PERSONAL: bool.default(false),
  PRODUCT_NAME: z.string().default('bimdrive'),
  OFFICIAL_SITE_URL: z.string().default('https://example.com'),
  /** Personal quota in bytes (default 10 GiB). */
  PERSONAL_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 ** 3),
  /** Company space quota in bytes for a new company (default 100 GiB). */
  COMPANY_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 ** 3),
  /** Largest single upload in bytes (default 20 GiB). */
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 ** 3),
  /** Unfinished tus uploads expire after this many hours. */
  UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().default(24),
  /** Uploads of one user receiving bytes at once, over all tabs, devices and API processes (issue 5). */
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(3),
  /** Conversion limits per job. */
  CONVERSION_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(1800),
  CONVERSION_MEMORY_MB: z.coerce.number().int().positive().default(3072),
  CONVERSION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Start the drawing converter's process at start-up and let it warm up (issue 13); off in tests. */
  CONVERTER_PREWARM: bool.default(true),
  /** Wrong extraction codes allowed per link and client, and per link overall, per window. */
  SHARE_PWD_ATTEMPTS_PER_CLIENT: z.coerce.number().int().positive().default(5),
  SHARE_PWD_ATTEMPTS_PER_LINK: z.coerce.number().int().positive().default(50),
  SHARE_PWD_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serve the built web app from this folder (default apps/web/dist). */
  WEB_DIST: z.string().optional(),
  /** Sensitive request fields (000 §7): `required` refuses them in plain text; default required in production. */
  FIELD_ENCRYPTION: z.enum(['required', 'optional']).optional(),
  /** RSA private key (PKCS#8 PEM, `\n` escapes allowed) for field encryption; generated into DATA_DIR if unset. */
  FIELD_KEY_PEM: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional(),
  /** DingTalk (000 §2 /ddLogin, §7 DDLogin): app key and secret of the internal or third-party app. */
  DINGTALK_APP_KEY: z.string().min(1).optional(),
  DINGTALK_APP_SECRET: z.string().min(1).optional(),
  /** Default corpId when a sign-in does not name one (and the /login redirect inside the chat app). */
  DINGTALK_CORP_ID: z.string().min(1).optional(),
  /** DingTalk base URLs: the old open API (gettoken, topapi) and the new one (v1.0). */
  DINGTALK_OAPI_URL: z.url().default('https://oapi.dingtalk.com'),
  DINGTALK_API_URL: z.url().default('https://api.dingtalk.com'),
  /** Time-out of each DingTalk call in milliseconds. */
  DINGTALK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** SMS codes (issue 4): `log` writes them to the server log (development), `aliyun` sends them. */
  SMS_PROVIDER: z.enum(['log', 'aliyun']).default('log'),
  /** Codes one phone may receive in 24 hours (rolling; all purposes together). */
  SMS_DAILY_LIMIT: z.coerce.number().int().positive().default(10),
  /** Alibaba Cloud SMS (SMS_PROVIDER=aliyun): AccessKey, approved sign name and template (variable `code`). */
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().min(1).optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().min(1).optional(),
  /** SendSms endpoint: a host (HTTPS) or `http(s)://host[:port]` (regional endpoint, proxy, test fake). */
  ALIYUN_SMS_ENDPOINT: z
    .string()
    .regex(/^(?:https?:\/\/)?[A-Za-z0-9.-]+(?::\d{1,5})?\/?$/, {
      message: 'must be a host name or http(s)://host[:port]',
    })
    .default('dysmsapi.aliyuncs.com'),
  /** Private deployment (000 §2, §6): hides help, consult-to-buy, space bars, System Management; needs a licence. */
  PRIVATE_DEPLOYMENT: bool.default(false),
  /** Signed licence of a private deployment (default DATA_DIR/licence.json). */
  LICENCE_FILE: z.string().optional(),
  /** Ed25519 public key (PEM, `\n` escapes allowed) that verifies the licence signature. */
  LICENCE_PUBLIC_KEY: z.string().optional(),
  /** Help-centre address shown as a QR code in the account card (扫码联系我们). */
  HELP_CENTER_URL: z.string().default(''),
  /** Phone number shown by the account card's consult-to-buy entry. */
  CONSULT_PHONE: z.string().default(''),
  /** Length of the free trial in days (000 §9; issue 16: a setting, default 15). */
  TRIAL_DAYS: z.coerce.number().int().min(0).max(3650).default(15),
  /** Days operation-log entries are kept (001 §2 /operationLog); older ones go in a daily job. */
  OPERATION_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(180),
  /** Base URL the payment providers post their notifications to (default PUBLIC_URL). */
  PAY_NOTIFY_BASE_URL: z.url().optional(),
  /**
   * WeChat Pay API v3, Native pay (modules/payments; README "Payments"): all of app id, merchant id,
   * merchant API certificate and private key (PEM text with `\n` escapes, or a file path) and the
   * APIv3 key (32 characters), or none. Notifications and answers are verified with the platform
   * certificates (downloaded and decrypted with the APIv3 key) or, when given, with the WeChat Pay
   * public key and its id (PUB_KEY_ID_…).
   */
  WECHATPAY_APP_ID: z.string().min(1).optional(),
  WECHATPAY_MCH_ID: z.string().min(1).optional(),
  WECHATPAY_MCH_CERT: z.string().min(1).optional(),
  WECHATPAY_MCH_PRIVATE_KEY: z.string().min(1).optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32, 'must be the 32-character APIv3 key').optional(),
  WECHATPAY_PUBLIC_KEY: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().min(1).optional(),
  WECHATPAY_BASE_URL: z.url().default('https://api.mch.weixin.qq.com'),
  /**
   * Alipay OpenAPI (RSA2, public-key mode): app id, application private key and Alipay public key
   * (PEM text with `\n` escapes, or a file path), or none. ALIPAY_SELLER_ID (the merchant's PID,
   * 2088…) is checked on notifications when set.
   */
  ALIPAY_APP_ID: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_SELLER_ID: z.string().min(1).optional(),
  ALIPAY_ENDPOINT: z.url().default('https://openapi.alipay.com'),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  /** Muted looping video behind the login page; unset keeps the still background. */
  LOGIN_VIDEO_URL: z.string().default(''),
  /**
   * External WPS / OnlyOffice / kkFileView viewer for `POST /api/wps/genarate` (001 §7): a URL with
   * `{url}` where the encoded, signed, expiring address of the original goes. Unset: 功能暂停，服务端未支持.
   */
  WPS_VIEWER_URL: z
    .string()
    .regex(/^https?:\/\/.*\{url\}/, 'must be an http(s) URL containing {url}')
    .optional(),
  /**
   * Sites that may embed `/bimiframe` in an iframe and talk to it with postMessage (issue 13): origins
   * separated by commas (`https://oa.example.com,https://erp.example.com`). Unset: this site only.
   */
  BIMIFRAME_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().regex(/^https?:\/\/[^/]+$/, 'an origin: scheme://host[:port], no path'))),
});

/** The application configuration (derived, absolute paths). */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  storageDir: string;
  /** An S3-compatible store instead of `storageDir` (STORAGE=s3); null on local disk. */
  s3: {
    endpoint: string | undefined;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
    prefix: string;
    /** S3_PUBLIC_ENDPOINT: downloads are redirected to presigned URLs on it when set. */
    publicEndpoint?: string;
  } | null;
  pgliteDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  sessionTtlHours: number;
  registerEnabled: boolean;
  /** Create the demo account on an empty embedded database (always false in production). */
  demoAccount: boolean;
  /** Fastify `trustProxy` (TRUST_PROXY): false, a hop count, or trusted proxy addresses. */
  trustProxy: TrustProxy;
  /** Per-account sign-in throttle (modules/auth/login-throttle.ts). */
  loginThrottle: {
    freeAttempts: number;
    lockBaseSeconds: number;
    lockMaxSeconds: number;
    windowSeconds: number;
  };
  /** Bound of password hashes in flight (lib/passwords.ts). */
  passwordHashing: { concurrency: number; queue: number };
  systemIsPersonal: boolean;
  productName: string;
  officialSiteUrl: string;
  personalQuotaBytes: number;
  companyQuotaBytes: number;
  maxUploadBytes: number;
  uploadExpiryHours: number;
  /** Per-user limit of concurrent uploads (a PATCH in flight); more answer 429 (upload-slots.ts). */
  uploadConcurrency: number;
  conversion: { timeoutMs: number; memoryMb: number; concurrency: number; prewarm: boolean };
  sharePwd: { perClient: number; perLink: number; windowSeconds: number };
  logLevel: string;
  webDist: string;
  /** Sensitive-field encryption (000 §7) and its key (PEM; undefined = DATA_DIR/field-key.pem). */
  fieldEncryption: 'required' | 'optional';
  fieldKeyPem: string | undefined;
  /** DingTalk sign-in (000 §2, §7): no app key or secret = not configured. */
  dingtalk: {
    appKey: string | undefined;
    appSecret: string | undefined;
    corpId: string | undefined;
    oapiUrl: string;
    apiUrl: string;
    timeoutMs: number;
  };
  /** SMS codes: provider, daily cap per phone, Alibaba Cloud settings (only with provider aliyun). */
  sms: {
    provider: 'log' | 'aliyun';
    dailyLimit: number;
    aliyun: {
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateCode: string;
      endpoint: string;
    } | null;
  };
  /** Private deployment and its licence (000 §2 step 3, /systemInitError). */
  privateDeployment: boolean;
  licenceFile: string;
  licencePublicKey: string | undefined;
  helpCenterUrl: string;
  consultPhone: string;
  /** Free-trial length in days (TRIAL_DAYS). */
  trialDays: number;
  /** Days the operation log keeps an entry (OPERATION_LOG_RETENTION_DAYS). */
  operationLogRetentionDays: number;
  /** Payment providers (modules/payments); a provider left unconfigured is null and not offered. */
  payments: PaymentsConfig;
  loginVideoUrl: string;
  /** External office viewer URL template with `{url}` (WPS_VIEWER_URL), or null. */
  wpsViewerUrl: string | null;
  /** Origins allowed to embed /bimiframe (BIMIFRAME_ALLOWED_ORIGINS); empty: this site only. */
  bimIframeOrigins: string[];
}

/** WeChat Pay API v3 merchant settings (PEM texts). */
export interface WechatPayConfig {
  appId: string;
  mchId: string;
  /** Merchant API certificate (apiclient_cert.pem): its serial number signs requests. */
  mchCertPem: string;
  /** Merchant API private key (apiclient_key.pem). */
  mchPrivateKeyPem: string;
  /** APIv3 key: decrypts notification resources and platform certificates (AES-256-GCM). */
  apiV3Key: string;
  /** WeChat Pay public key and its id (public-key mode); null: platform certificates. */
  platformPublicKey: { id: string; pem: string } | null;
  baseUrl: string;
}

/** Alipay OpenAPI settings (PEM texts). */
export interface AlipayConfig {
  appId: string;
  privateKeyPem: string;
  alipayPublicKeyPem: string;
  sellerId: string | null;
  endpoint: string;
  gateway: string;
}

export interface PaymentsConfig {
  /** Where notify URLs point (PAY_NOTIFY_BASE_URL); null = the public URL at call time. */
  notifyBaseUrl: string | null;
  wechat: WechatPayConfig | null;
  alipay: AlipayConfig | null;
}

/** A PEM given as text (`\n` escapes allowed) or as a path to a file holding it. */
function pemOf(name: string, v: string, errors: string[]): string {
  if (v.includes('-----BEGIN')) return v.replace(/\\n/g, '\n');
  try {
    const text = readFileSync(v, 'utf8');
    if (!text.includes('-----BEGIN')) errors.push(`  ${name}: ${v} holds no PEM`);
    return text;
  } catch {
    errors.push(`  ${name}: neither PEM text nor a readable file`);
    return '';
  }
}

/** The payment settings of the environment; all-or-none per provider (errors collected). */
function paymentsOf(e: z.infer<typeof EnvSchema>, errors: string[]): PaymentsConfig {
  const group = <K extends keyof typeof e>(keys: readonly K[], label: string): boolean => {
    const given = keys.filter((k) => e[k] !== undefined);
    if (given.length === 0) return false;
    for (const k of keys)
      if (e[k] === undefined) errors.push(`  ${String(k)}: required when any ${label} setting is given`);
    return given.length === keys.length;
  };
  const wxKeys = [
    'WECHATPAY_APP_ID',
    'WECHATPAY_MCH_ID',
    'WECHATPAY_MCH_CERT',
    'WECHATPAY_MCH_PRIVATE_KEY',
    'WECHATPAY_API_V3_KEY',
  ] as const;
  const wx = group(wxKeys, 'WECHATPAY_*');
  if (Boolean(e.WECHATPAY_PUBLIC_KEY) !== Boolean(e.WECHATPAY_PUBLIC_KEY_ID))
    errors.push('  WECHATPAY_PUBLIC_KEY / WECHATPAY_PUBLIC_KEY_ID: give both or neither');
  const ali = group(['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const, 'ALIPAY_*');
  return {
    notifyBaseUrl: e.PAY_NOTIFY_BASE_URL?.replace(/\/+$/, '') ?? null,
    wechat: wx
      ? {
          appId: e.WECHATPAY_APP_ID!,
          mchId: e.WECHATPAY_MCH_ID!,
          mchCertPem: pemOf('WECHATPAY_MCH_CERT', e.WECHATPAY_MCH_CERT!, errors),
          mchPrivateKeyPem: pemOf('WECHATPAY_MCH_PRIVATE_KEY', e.WECHATPAY_MCH_PRIVATE_KEY!, errors),
          apiV3Key: e.WECHATPAY_API_V3_KEY!,
          platformPublicKey:
            e.WECHATPAY_PUBLIC_KEY && e.WECHATPAY_PUBLIC_KEY_ID
              ? {
                  id: e.WECHATPAY_PUBLIC_KEY_ID,
                  pem: pemOf('WECHATPAY_PUBLIC_KEY', e.WECHATPAY_PUBLIC_KEY, errors),
                }
              : null,
          baseUrl: e.WECHATPAY_BASE_URL.replace(/\/+$/, ''),
        }
      : null,
    alipay: ali
      ? {
          appId: e.ALIPAY_APP_ID!,
          privateKeyPem: pemOf('ALIPAY_PRIVATE_KEY', e.ALIPAY_PRIVATE_KEY!, errors),
          alipayPublicKeyPem: pemOf('ALIPAY_PUBLIC_KEY', e.ALIPAY_PUBLIC_KEY!, errors),
          sellerId: e.ALIPAY_SELLER_ID ?? null,
          endpoint: e.ALIPAY_ENDPOINT.replace(/\/+$/, ''),
          gateway: e.ALIPAY_GATEWAY,
        }
      : null,
  };
}

/** Thrown for an invalid environment; the message names each bad variable. */
export class ConfigError extends Error {}

/**
 * Parse and validate the environment.
 * @param env variables (default `process.env`); `overrides` win over env (used by tests).
 * @throws ConfigError naming every invalid variable.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && !Array.isArray(trustProxy))
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy.error}`);
  if (e.SMS_PROVIDER === 'aliyun') {
    const missing = (
      [
        'ALIYUN_SMS_ACCESS_KEY_ID',
        'ALIYUN_SMS_ACCESS_KEY_SECRET',
        'ALIYUN_SMS_SIGN_NAME',
        'ALIYUN_SMS_TEMPLATE_CODE',
      ] as const
    ).filter((k) => !e[k]);
    if (missing.length > 0)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when SMS_PROVIDER=aliyun`).join('\n')}`,
      );
  }
  if (e.STORAGE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
    if (missing.length > 0)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when STORAGE=s3`).join('\n')}`,
      );
  }
  const payErrors: string[] = [];
  const payments = paymentsOf(e, payErrors);
  if (payErrors.length > 0) throw new ConfigError(`Invalid configuration:\n${payErrors.join('\n')}`);
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const dataDir = path.resolve(repoRoot, e.DATA_DIR);
  const publicHost = e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://${publicHost}:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    storageDir: path.join(dataDir, 'storage'),
    s3:
      e.STORAGE === 's3'
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX,
            publicEndpoint: e.S3_PUBLIC_ENDPOINT,
          }
        : null,
    pgliteDir: path.join(dataDir, 'db'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    registerEnabled: e.REGISTER_ENABLED,
    // Its password is published in the README: a production start never creates it.
    demoAccount: e.DEMO_ACCOUNT && e.NODE_ENV !== 'production',
    trustProxy,
    loginThrottle: {
      freeAttempts: e.LOGIN_FREE_ATTEMPTS,
      lockBaseSeconds: e.LOGIN_LOCK_BASE_SECONDS,
      lockMaxSeconds: Math.max(e.LOGIN_LOCK_BASE_SECONDS, e.LOGIN_LOCK_MAX_SECONDS),
      windowSeconds: e.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    passwordHashing: { concurrency: e.PASSWORD_HASH_CONCURRENCY, queue: e.PASSWORD_HASH_QUEUE },
    systemIsPersonal: e.SYSTEM_IS_PERSONAL,
    productName: e.PRODUCT_NAME,
    officialSiteUrl: e.OFFICIAL_SITE_URL,
    personalQuotaBytes: e.PERSONAL_QUOTA_BYTES,
    companyQuotaBytes: e.COMPANY_QUOTA_BYTES,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    uploadExpiryHours: e.UPLOAD_EXPIRY_HOURS,
    uploadConcurrency: e.UPLOAD_CONCURRENCY,
    conversion: {
      timeoutMs: e.CONVERSION_TIMEOUT_SECONDS * 1000,
      memoryMb: e.CONVERSION_MEMORY_MB,
      concurrency: e.CONVERSION_CONCURRENCY,
      prewarm: e.CONVERTER_PREWARM,
    },
    sharePwd: {
      perClient: e.SHARE_PWD_ATTEMPTS_PER_CLIENT,
      perLink: e.SHARE_PWD_ATTEMPTS_PER_LINK,
      windowSeconds: e.SHARE_PWD_WINDOW_SECONDS,
    },
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    fieldEncryption: e.FIELD_ENCRYPTION ?? (e.NODE_ENV === 'production' ? 'required' : 'optional'),
    fieldKeyPem: e.FIELD_KEY_PEM,
    dingtalk: {
      appKey: e.DINGTALK_APP_KEY,
      appSecret: e.DINGTALK_APP_SECRET,
      corpId: e.DINGTALK_CORP_ID,
      oapiUrl: e.DINGTALK_OAPI_URL.replace(/\/+$/, ''),
      apiUrl: e.DINGTALK_API_URL.replace(/\/+$/, ''),
      timeoutMs: e.DINGTALK_TIMEOUT_MS,
    },
    sms: {
      provider: e.SMS_PROVIDER,
      dailyLimit: e.SMS_DAILY_LIMIT,
      aliyun:
        e.SMS_PROVIDER === 'aliyun'
          ? {
              accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID!,
              accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET!,
              signName: e.ALIYUN_SMS_SIGN_NAME!,
              templateCode: e.ALIYUN_SMS_TEMPLATE_CODE!,
              endpoint: e.ALIYUN_SMS_ENDPOINT,
            }
          : null,
    },
    privateDeployment: e.PRIVATE_DEPLOYMENT,
    licenceFile: e.LICENCE_FILE ? path.resolve(repoRoot, e.LICENCE_FILE) : path.join(dataDir, 'licence.json'),
    licencePublicKey: e.LICENCE_PUBLIC_KEY?.replace(/\\n/g, '\n'),
    helpCenterUrl: e.HELP_CENTER_URL,
    consultPhone: e.CONSULT_PHONE,
    trialDays: e.TRIAL_DAYS,
    operationLogRetentionDays: e.OPERATION_LOG_RETENTION_DAYS,
    payments,
    loginVideoUrl: e.LOGIN_VIDEO_URL,
    wpsViewerUrl: e.WPS_VIEWER_URL ?? null,
    bimIframeOrigins: e.BIMIFRAME_ALLOWED_ORIGINS,
    ...overrides,
  };
}
