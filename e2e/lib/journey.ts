/**
 * A journey's scaffolding: one product server and one Chromium for the whole file (node:test
 * `before`/`after` hooks), and a fresh browser context with a page that logs its uncaught errors.
 *
 *   const j = journey({ UPLOAD_CONCURRENCY: '1' });
 *   test('…', async () => {
 *     const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
 *     await page.goto(j.server.url);
 *   });
 *
 * node:test starts a file's top-level `before` hooks together (one does not wait for the one
 * registered before it), so a journey does its own set-up through journey(): what the server is
 * configured with (a fake provider, a prepared data folder, files to upload) in the `env` function,
 * run first; what needs the running server (accounts made through the API) in `prepare`, run last.
 * `after` hooks do run one after another in the order registered: a journey's own `after`,
 * registered after journey(), runs once the browser is closed and the server stopped.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

/** Extra environment of the product server (startServer's `env`: name → value). */
export type ServerEnv = Record<string, string>;

/** What a journey's hooks started; reading one before the `before` hook ran throws. */
export interface Journey {
  /** The product server started for this file. */
  readonly server: RunningServer;
  /** Chromium launched for this file (launchBrowser: closing is bounded). */
  readonly browser: Browser;
}

/** How a journey's server is configured: its environment, or a function run first that answers it. */
export type JourneyEnv = ServerEnv | (() => ServerEnv | Promise<ServerEnv>);

/**
 * The hooks: `before` runs `env` (when a function), starts the server (unless `env` is or answers null), launches
 * Chromium and runs `prepare`, one after another; `after` closes the browser, then stops the server.
 */
function fixture(
  env: ServerEnv | null | (() => ServerEnv | null | Promise<ServerEnv | null>),
  prepare?: () => Promise<void>,
): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    const vars = typeof env === 'function' ? await env() : env;
    if (vars !== null) server = await startServer(vars);
    browser = await launchBrowser();
    await prepare?.();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`the journey's ${what} is not running (read before its before hook?)`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

/**
 * Register this file's hooks; call it once at module level. `before`: when `env` is a function, run
 * it (it may start fakes or write files first) and take its answer as the environment; start a fresh
 * product server with it (startServer); launch Chromium; then run `prepare` (e.g. register accounts
 * through `j.server`). `after`: close the browser, then stop the server.
 * @returns getters for the running server and browser.
 */
export function journey(env: JourneyEnv = {}, prepare?: () => Promise<void>): Journey {
  return fixture(env, prepare);
}

/**
 * journey() without the shared server, for a journey that starts its own servers (one per test, or
 * one it restarts itself): `before` runs `first` (when given), then launches Chromium; `after` closes
 * it. @returns a getter for the browser.
 */
export function journeyBrowser(first?: () => Promise<void>): Pick<Journey, 'browser'> {
  return fixture(
    first
      ? async () => {
          await first();
          return null;
        }
      : null,
  );
}

/**
 * A temporary folder of a journey file's own (files it makes to upload): `make()` creates it under the
 * system's temporary folder with a name starting `prefix` and answers its path (call it from journey()'s
 * `env` function); an `after` hook registered by this call removes it. Call it before journey(): its
 * `before` hook starts at once and runs `env` then.
 *
 *   const scratch = scratchFolder('bimdrive-drawings-');
 *   const j = journey(async () => { work = await scratch.make(); … return {}; });
 */
export function scratchFolder(prefix: string): { make: () => Promise<string> } {
  let made: string | undefined;
  after(async () => {
    if (made) await rm(made, { recursive: true, force: true });
  });
  return {
    make: async () => (made = await mkdtemp(path.join(tmpdir(), prefix))),
  };
}

/** The context options journeyPage starts from: a 1280×800 zh-CN desktop. */
export const PAGE_DEFAULTS: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  locale: 'zh-CN',
};

/** A desktop browser window: 1440×900 (journeyPage / journeyContext options). */
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };

/** A phone: a 390×844 touch screen that reports itself as mobile (journeyPage / journeyContext options). */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** Print the page's uncaught errors on stderr as `[<label>] <message>` (e.g. `[page error] …`). */
export function logPageErrors(page: Page, label = 'page error'): void {
  page.on('pageerror', (e) => console.error(`[${label}]`, e.message));
}

/**
 * A fresh browser context (PAGE_DEFAULTS overridden by `options`: viewport, locale, isMobile,
 * hasTouch, deviceScaleFactor, acceptDownloads, storageState, …) and a page in it whose uncaught
 * errors are logged (logPageErrors with `label`). The caller closes `ctx`.
 */
export async function journeyPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  label = 'page error',
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await journeyContext(browser, options);
  return { ctx, page: await contextPage(ctx, label) };
}

/** A fresh browser context: PAGE_DEFAULTS overridden by `options`. The caller closes it. */
export function journeyContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ ...PAGE_DEFAULTS, ...options });
}

/** A new page (tab) in `ctx` whose uncaught errors are logged (logPageErrors with `label`). */
export async function contextPage(ctx: BrowserContext, label = 'page error'): Promise<Page> {
  const page = await ctx.newPage();
  logPageErrors(page, label);
  return page;
}
