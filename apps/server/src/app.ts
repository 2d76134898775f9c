/**
 * Builds the Fastify app: external plugins (zod type provider, swagger at /api/docs, helmet,
 * rate limit, static web app) → app services (database, storage, tokens, hub, queue) → modules.
 * One error handler turns every failure into the `{code, msg, data}` envelope with the right status.
 * Every route needs a session unless it says `config.public` (modules/auth/route-auth.ts); every
 * request's strings are screened before validation (lib/input-screen.ts); the request log keeps
 * reads at debug and security events at warn (lib/request-log.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { Redis } from 'ioredis';
import type { PgBoss } from 'pg-boss';
import { Api, ResultCode, WEB_FLAG_HEADER } from '@bimdrive/contracts';
import type { AppConfig } from './config.ts';
import type { AppContext } from './app-context.ts';
import { openDatabase } from './db/client.ts';
import { createServices, type Services } from './services.ts';
import { AppError } from './lib/errors.ts';
import { addInputScreening } from './lib/input-screen.ts';
import { configurePasswordHashing } from './lib/passwords.ts';
import { addRequestLog } from './lib/request-log.ts';
import { createTokens, resolveSecret } from './lib/tokens.ts';
import { createKeyring } from './lib/keys.ts';
import { createSmsProvider } from './modules/sms/sms.provider.ts';
import { smsRoutes } from './modules/sms/sms.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { startPaymentsJob } from './modules/payments/payments.job.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { adminRepository } from './modules/admin/admin.repository.ts';
import { operationLogRoutes } from './modules/operation-log/operation-log.routes.ts';
import { startOperationLogJob } from './modules/operation-log/operation-log.job.ts';
import { addRequestMeta } from './modules/operation-log/request-meta.ts';
import { createHub } from './realtime/hub.ts';
import { createLocalStorage } from './storage/local-storage.ts';
import type { ObjectStorage } from './storage/object-storage.ts';
import { createS3Storage } from './storage/s3-storage.ts';
import { CLEANUP_QUEUE, enqueueConversion, enqueueThumbnail, startQueue } from './jobs/queue.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { addRouteAuthentication, routeRegistry, type RouteInfo } from './modules/auth/route-auth.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { fileServeRoutes } from './modules/files/file-serve.routes.ts';
import { thumbnailRoutes } from './modules/thumbnails/thumbnail.routes.ts';
import {
  queueMissingThumbnails,
  startThumbnailWorker,
  wantsThumbnail,
} from './modules/thumbnails/thumbnail.worker.ts';
import { archivesRoutes } from './modules/archives/archives.routes.ts';
import { folderZipRoutes } from './modules/folder-zip/folder-zip.routes.ts';
import { versionsRoutes } from './modules/versions/versions.routes.ts';
import { favouritesRoutes } from './modules/favourites/favourites.routes.ts';
import { librariesRoutes } from './modules/libraries/libraries.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { memoryUploadSlots, redisUploadSlots } from './modules/uploads/upload-slots.ts';
import { RedisLocker } from './modules/uploads/redis-locker.ts';
import { MemoryLocker } from '@tus/server';
import { transfersRoutes } from './modules/transfers/transfers.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { sharesRoutes } from './modules/shares/shares.routes.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { boardRoutes } from './modules/board/board.routes.ts';
import { listAddRoutes } from './modules/spaces/list-add.routes.ts';
import { officeRoutes } from './modules/office/office.routes.ts';
import { addBimIframeHeaders, bimIframeRoutes } from './modules/bimiframe/bimiframe.routes.ts';
import { drawingLinksRoutes } from './modules/drawing-links/drawing-links.routes.ts';
import { fontsRoutes } from './modules/fonts/fonts.routes.ts';
import { modelOpensRoutes } from './modules/model-opens/model-opens.routes.ts';
import { queueMissingRenditions, startConversionWorker } from './modules/conversions/conversion.worker.ts';
import { prewarmDrawingConverter } from './converters/drawing/drawing-to-dxf.ts';
import { startConversionRecovery } from './modules/conversions/conversion-recovery.ts';
import { fieldOpener, resolveFieldKey } from './modules/field-crypto/field-crypto.service.ts';
import { fieldCryptoRoutes, installFieldDecryption } from './modules/field-crypto/field-crypto.routes.ts';
import { DINGTALK_IMAGE_ORIGINS, dingtalkRoutes } from './modules/dingtalk/dingtalk.routes.ts';
import {
  addEditionGate,
  addLicenceGate,
  serviceStateRoutes,
} from './modules/service-state/service-state.routes.ts';
import { deploymentLicence, LICENCE_REFUSED_MSG } from './modules/service-state/service-state.service.ts';

/** The origin of an absolute http(s) URL, as a CSP source list (empty for relative or bad URLs). */
function mediaOrigin(url: string): string[] {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? [u.origin] : [];
  } catch {
    return [];
  }
}

/**
 * Fastify's `trustProxy` of TRUST_PROXY. A hop count n trusts the connecting address and the n − 1
 * addresses before it in X-Forwarded-For (Fastify itself ignores a number since 5.8, so it is a
 * function here), making the client the address n hops back; addresses and CIDR ranges trust
 * X-Forwarded-For only from those proxies.
 */
export function fastifyTrustProxy(
  tp: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp !== 'number') return tp;
  return (_address: string, hop: number) => hop < tp;
}

/** Process roles (DESIGN.md): all-in-one, API only, or worker only. */
export type Role = 'all' | 'api' | 'worker';

/** Demo account created on first start of an empty embedded database, outside production only. */
export const DEMO_ACCOUNT = { phone: '13800000000', password: 'Bimdrive2026', name: '演示用户' } as const;

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  boss: PgBoss;
  /** Whether the demo account was created by this start. */
  demoCreated: boolean;
  /** The services, each built once (services.ts; tests reach e.g. the uploads sweep and its failure injection). */
  services: Services;
  /** Every route registered, with its access (public or session), one entry per method. */
  routes: () => RouteInfo[];
  close: () => Promise<void>;
}

/** Build (not listen) the app for a role. */
export async function buildApp(config: AppConfig, role: Role = 'all'): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // lib/request-log.ts writes one line per request, at a level by its outcome.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 2 * 1024 * 1024,
    // Whose X-Forwarded-For counts (TRUST_PROXY): off by default, so the per-client limits key on
    // the connecting address; a hop count or the proxies' addresses behind a reverse proxy.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of all: every route registered from here on is recorded with its access.
  const registry = routeRegistry(app);
  addRequestLog(app);
  configurePasswordHashing(config.passwordHashing);

  const dbHandle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  const secret = await resolveSecret(config.jwtSecret, config.dataDir);
  const tokens = createTokens(secret);
  const fieldKey = await resolveFieldKey(config.fieldKeyPem, config.dataDir);
  // Files on local disk (embedded default) or in an S3-compatible store shared by every node.
  let storage: ObjectStorage = createLocalStorage(config.storageDir);
  if (config.s3) {
    const s3 = createS3Storage(config.s3);
    await s3.ensureBucket();
    storage = s3;
  }
  const redis = config.redisUrl ? new Redis(config.redisUrl, { enableOfflineQueue: true }) : null;
  const limiter = (points: number, prefix: string) =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis,
          points,
          duration: config.sharePwd.windowSeconds,
          keyPrefix: prefix,
        })
      : new RateLimiterMemory({ points, duration: config.sharePwd.windowSeconds, keyPrefix: prefix });

  // The hub needs `authenticate`, which needs the services built from the context: resolve lazily.
  let servicesRef: Services | null = null;
  const hub = await createHub({
    httpServer: role === 'worker' ? undefined : app.server,
    redisUrl: config.redisUrl,
    authenticate: async (token) => {
      if (!servicesRef) return null;
      const caller = await servicesRef.auth.authenticate(token);
      return { userId: caller.user.id, sessionId: caller.sessionId };
    },
    // A private deployment without a valid licence refuses the hub too, as the HTTP API does.
    admit: config.privateDeployment
      ? async () => ((await deploymentLicence(config)) === 'valid' ? null : LICENCE_REFUSED_MSG)
      : undefined,
  });
  const boss = await startQueue(dbHandle, { schedule: role !== 'api' });
  /** The conversion worker of this process (roles all and worker). */
  let conversionWorkerId: string | null = null;
  /** The thumbnail worker of this process (roles all and worker). */
  let thumbnailWorkerId: string | null = null;
  /** One upload may be continued on any API node: its tus lock lives in Redis when there is one. */
  const redisLocker = redis ? new RedisLocker(redis) : null;
  const ctx: AppContext = {
    config,
    db: dbHandle.db,
    dbHandle,
    storage,
    tokens,
    hub,
    log: app.log,
    enqueueConversion: async (fileId, version) => {
      await enqueueConversion(boss, fileId, version);
      // A worker in this process starts at once instead of at its next poll (up to 1 s later).
      if (conversionWorkerId) boss.notifyWorker(conversionWorkerId);
    },
    enqueueThumbnail: async (file, version) => {
      if (!wantsThumbnail(file)) return;
      try {
        await enqueueThumbnail(boss, file.id, version);
        if (thumbnailWorkerId) boss.notifyWorker(thumbnailWorkerId);
      } catch (err) {
        app.log.warn({ fileId: file.id, err }, 'thumbnail not queued');
      }
    },
    sms: createSmsProvider(config, app.log),
    secretKey: createKeyring(secret),
    loginThrottle: createLoginThrottle(config.loginThrottle, redis),
    sharePwdLimiters: {
      perClient: limiter(config.sharePwd.perClient, 'sharepwd-client'),
      perLink: limiter(config.sharePwd.perLink, 'sharepwd-link'),
    },
    uploadSlots: redis
      ? redisUploadSlots(redis, { limit: config.uploadConcurrency })
      : memoryUploadSlots({ limit: config.uploadConcurrency }),
    uploadLocker: redisLocker ?? new MemoryLocker(),
  };
  const services = createServices(ctx);
  servicesRef = services;

  let demoCreated = false;
  const { auth, uploads } = services;
  // Its password is published (README): never in production, where the first administrator comes
  // from the command line (`cli.ts create-user --admin`).
  const hasDemo = config.demoAccount && config.env !== 'production' && dbHandle.kind === 'pglite';
  if (hasDemo && (await auth.countUsers()) === 0) {
    demoCreated = Boolean(
      await auth.createUser(DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password, DEMO_ACCOUNT.name),
    );
    // The demo account is a system administrator (issue 16): 系统管理 can be tried at once.
    if (demoCreated) await adminRepository(ctx.db).setSystemAdministrator(DEMO_ACCOUNT.phone, true);
  }

  // Uploads whose finishing a crash cut short are finished; expired and orphaned ones removed.
  await uploads.sweep().then(
    (r) => r.expired + r.finished + r.orphans > 0 && app.log.info(r, 'upload sweep at start-up'),
    (err: unknown) => app.log.error({ err }, 'upload sweep at start-up failed'),
  );
  /** The crash-recovery sweep of this process (roles all and worker). */
  let recovery: { stop: () => Promise<void> } | null = null;
  if (role !== 'api') {
    conversionWorkerId = await startConversionWorker(ctx, boss);
    if (ctx.config.conversion.prewarm) void prewarmDrawingConverter(ctx.config.conversion.memoryMb);
    recovery = startConversionRecovery(ctx, boss); // versions left at 1/2 without a job (issue 15)
    const backfilled = await queueMissingRenditions(ctx);
    if (backfilled > 0) app.log.info({ queued: backfilled }, 'office and video files queued for renditions');
    thumbnailWorkerId = await startThumbnailWorker(ctx, boss);
    const thumbs = await queueMissingThumbnails(ctx, (id) => enqueueThumbnail(boss, id));
    if (thumbs > 0) app.log.info({ queued: thumbs }, 'files queued for thumbnails');
    await startPaymentsJob(ctx, boss, services.payments); // orders: lost notifications recovered, 2 h unpaid closed (issue 16)
    await startOperationLogJob(ctx, boss, services.operationLog); // operation log: entries past the retention removed daily
    await boss.schedule(CLEANUP_QUEUE, '*/15 * * * *');
    await boss.work(CLEANUP_QUEUE, async () => {
      const swept = await uploads.sweep();
      if (swept.expired + swept.finished + swept.orphans > 0) app.log.info(swept, 'upload sweep');
      const codes = await services.sms.cleanup();
      if (codes > 0) app.log.info({ removed: codes }, 'old sms codes removed');
    });
  }

  // Over plain http (embedded default, LAN installs) neither HSTS nor upgrade-insecure-requests may
  // be sent: they would break every request of a browser that is not on localhost.
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    strictTransportSecurity: https,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", 'blob:'],
        // Avatars of chat-app (DingTalk) accounts are DingTalk's own images (BaseInfo ddUserAvatar).
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.dingtalk.appKey ? DINGTALK_IMAGE_ORIGINS : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:', 'blob:', 'data:'],
        // The login page's background video may come from another origin (LOGIN_VIDEO_URL).
        mediaSrc: ["'self'", 'blob:', ...mediaOrigin(config.loginVideoUrl)],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Per-client limits of single routes (sign-in, codes): shared by the API nodes through Redis when
  // REDIS_URL is set; a Redis outage lets requests through rather than refusing every sign-in.
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'bimdrive-rl-', skipOnError: true } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'bimdrive API',
        version: '0.1.0',
        description: '{code, msg, data} envelope; code 1 is success.',
      },
    },
    transform: jsonSchemaTransform,
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfter !== undefined) void reply.header('retry-after', String(err.retryAfter));
      // An expected refusal reaches the web client as HTTP 200 (lib/errors.ts), its status in a header.
      const envelope = { code: err.code, msg: err.message, data: err.data };
      if (err.expected && req.headers[WEB_FLAG_HEADER] === 'web')
        // Sent as text: the route's own 200 response schema is not this envelope's.
        return reply
          .code(200)
          .header('x-error-status', String(err.status))
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(envelope));
      return reply.code(err.status).send(envelope);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const msg =
        first?.message && /[\u4e00-\u9fa5]/.test(first.message)
          ? first.message
          : `参数错误：${first?.instancePath || ''} ${first?.message ?? ''}`.trim();
      return reply.code(400).send({ code: ResultCode.fail, msg, data: null });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply
        .code(500)
        .send({ code: ResultCode.serverError, msg: '服务器繁忙，请稍后重试', data: null });
    }
    const msg = status === 429 ? '请求过于频繁，请稍后再试' : status === 413 ? '请求体过大' : err.message;
    return reply
      .code(status)
      .send({ code: status === 429 ? ResultCode.refused : ResultCode.fail, msg, data: null });
  });

  addLicenceGate(app, ctx); // private deployment: no valid licence → sessions refused (000 §2 step 3)
  addEditionGate(app, ctx, auth); // personal edition: company calls refused (001 §2)
  addRouteAuthentication(app, auth); // deny by default: a session unless the route is public
  // Sensitive fields (000 §7) are opened before any route's validation; the key is public.
  installFieldDecryption(app, fieldOpener(fieldKey, config.fieldEncryption));
  addInputScreening(app); // after the opening: the opened strings are screened too
  addRequestMeta(app); // client address and user agent for operation-log entries

  await registry.marking(
    () => true,
    () => app.register(swaggerUi, { routePrefix: '/api/docs' }),
  );
  await app.register(fieldCryptoRoutes(fieldKey, config.fieldEncryption));
  await app.register(authRoutes(ctx, services, () => (hasDemo ? DEMO_ACCOUNT.phone : null)));
  await app.register(dingtalkRoutes(services.dingtalk)); // chat-app sign-in (000 §2 /ddLogin, §7)
  await app.register(serviceStateRoutes(services));
  await app.register(filesRoutes(services));
  await app.register(modelOpensRoutes(ctx, services)); // models open in a viewer, -120 and ModelClose (001 §8)
  await app.register(fileServeRoutes(ctx, services));
  await app.register(thumbnailRoutes(ctx, services));
  await app.register(officeRoutes(ctx, services)); // external office viewer, /bridgeOffice links (issue 14)
  await app.register(bimIframeRoutes(ctx, services)); // embeddable viewer links (issue 13, /bimiframe)
  await app.register(drawingLinksRoutes(services)); // drawings linked to a model (001 §2, issue 13)
  addBimIframeHeaders(app, ctx);
  await app.register(fontsRoutes()); // the drawing viewer's CJK font (issue 13)
  await app.register(archivesRoutes(services)); // zip/rar entries in the preview (issue 14)
  await app.register(folderZipRoutes(ctx, services)); // folder download as a zip (issue 5)
  await app.register(versionsRoutes(services)); // file versions (issue 5)
  await app.register(favouritesRoutes(services.favourites));
  await app.register(librariesRoutes(services)); // knowledge bases and public libraries (issue 5)
  await app.register(searchRoutes(services));
  // The tus endpoint authenticates each request itself (its errors are tus answers); its other
  // route (Getfragmentdelete) needs the session like any other.
  await registry.marking(
    (r) =>
      r.url === Api.tus || r.url.startsWith(`${Api.tus}/`) || r.url === Api.versionAdd
        ? 'self-auth'
        : undefined,
    () => app.register(uploadsRoutes(ctx, services)),
  );
  await app.register(transfersRoutes(services)); // completed-transfer records (000 §7; issue 5)
  await app.register(sharesRoutes(services));
  await app.register(companiesRoutes(services));
  await app.register(projectsRoutes(services)); // projects (issue 5)
  await app.register(boardRoutes(services)); // the /board dashboard (001 §2 看板, issue 16)
  await app.register(listAddRoutes(services)); // upload batch confirmations into their area (001 §7)
  await app.register(smsRoutes(services.sms));
  await app.register(accountRoutes(ctx, services));
  await app.register(ordersRoutes(services)); // plans, orders, order administration (issue 16)
  await app.register(paymentsRoutes(services)); // WeChat Pay / Alipay notifications (public, verified)
  await app.register(operationLogRoutes(services)); // operation log (001 §2 /operationLog)
  await app.register(adminRoutes(services)); // user and company administration (001 §2)

  const hasWeb = existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb)
    await registry.marking(
      () => true, // the web app's own files
      () =>
        app.register(fastifyStatic, {
          root: config.webDist,
          wildcard: false,
          index: false,
          preCompressed: true, // .br / .gz written by the web build
          // Hashed build assets never change; everything else (index.html, logo) is revalidated.
          setHeaders: (reply, file) =>
            reply.header(
              'cache-control',
              file.includes(`${path.sep}assets${path.sep}`)
                ? 'public, max-age=31536000, immutable'
                : 'no-cache',
            ),
        }),
    );
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || !hasWeb || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ code: ResultCode.fail, msg: '接口不存在', data: null });
    }
    const file = req.url.split('?')[0]!.slice(1);
    if (file && !file.includes('..') && existsSync(path.join(config.webDist, file)) && !file.endsWith('/')) {
      return reply.sendFile(file);
    }
    return reply.type('text/html').sendFile('index.html');
  });

  return {
    app,
    ctx,
    boss,
    demoCreated,
    services,
    routes: () => registry.routes(),
    async close() {
      await recovery?.stop();
      await app.close();
      await boss.stop({ graceful: false, close: dbHandle.kind === 'postgres' }).catch(() => undefined);
      await hub.close();
      await redisLocker?.close();
      redis?.disconnect();
      await dbHandle.close();
    },
  };
}
