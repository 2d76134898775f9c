/**
 * Initial JavaScript size check (issue 17 "Weight and speed"): starts the product (web build in
 * apps/web/dist), loads /login, a share link's landing page (/s?code= of a model shared with an
 * extraction code, as a visitor sees it before typing the code) and /myDocument (signed in as the demo
 * account) in headless Chromium, each in a fresh context (cold cache), waits until the network is
 * idle and sums the gzip bytes of every JavaScript response (page and workers). A response sent gzip
 * counts its encoded body size; one sent otherwise (identity, or brotli) counts the gzip (level 9)
 * size of its body, so every figure is gzip. Prints a table and exits 1 when a page is over budget.
 * A size check, not a timed one. Run: `npm run size` (after `npm run build`); `WEB_DIST=<dir>` measures
 * the build in another folder (e.g. `vite build --outDir <dir>`), `--files` lists each page's scripts,
 * `--pages /login,/s` measures and checks only those pages (scripts/test.sh checks all three).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { launchBrowser } from '../e2e/lib/browser.ts';
import { DEMO, ROOT, startServer, TESTDATA } from '../e2e/lib/server.ts';
import { signIn, uploadFile } from './lib/product.ts';

const gz = promisify(gzip);

/** Budgets in KB (1 KB = 1024 bytes) of gzip JavaScript per page. */
const BUDGETS: Record<string, number> = { '/login': 200, '/s': 200, '/myDocument': 350 };

/** Quiet time after the load's network idle before the count is closed (late lazy chunks). */
const SETTLE_MS = 1500;

interface Counted {
  url: string;
  bytes: number;
  encoding: string;
}

const isScript = (res: Response): boolean => {
  const type = res.headers()['content-type'] ?? '';
  return /javascript|ecmascript/.test(type) || /\.m?js(\?|$)/.test(new URL(res.url()).pathname);
};

/** The gzip size of one JavaScript response (see the header). */
async function gzipBytes(res: Response): Promise<Counted> {
  const encoding = res.headers()['content-encoding'] ?? 'identity';
  if (encoding === 'gzip') {
    const sizes = await res.request().sizes();
    return { url: res.url(), bytes: sizes.responseBodySize, encoding };
  }
  const body = await res.body();
  return { url: res.url(), bytes: (await gz(body, { level: 9 })).length, encoding };
}

/** Open `url` in `context` and count its JavaScript until the network has been idle. */
async function measure(context: BrowserContext, url: string, ready?: (page: Page) => Promise<void>) {
  const pending: Promise<Counted>[] = [];
  const onResponse = (res: Response) => {
    if (res.status() === 200 && isScript(res)) pending.push(res.finished().then(() => gzipBytes(res)));
  };
  context.on('response', onResponse);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  if (ready) await ready(page);
  // Idle again after the page is usable, then a quiet spell: lazy chunks fetched late still count.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(SETTLE_MS);
  await page.waitForLoadState('networkidle');
  context.off('response', onResponse);
  const counted = await Promise.all(pending);
  // The same script fetched twice (e.g. a module and its preload) counts once.
  const byUrl = new Map(counted.map((c) => [c.url, c]));
  return { page, files: [...byUrl.values()] };
}

// WEB_DIST (as the server reads it) measures another build than apps/web/dist; startServer passes the
// environment on.
const webDist = path.resolve(ROOT, process.env.WEB_DIST ?? 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(`${webDist} has no build: run \`npm run build\` first.`);
  process.exit(2);
}

const server = await startServer();
const browser = await launchBrowser();
const rows: { page: string; kb: number; files: number; budget: number; encodings: string }[] = [];
const verbose = process.argv.includes('--files');
// `--pages a,b` (or `--pages=a,b`): only these pages.
const pagesArg = process.argv.find((a, i) => process.argv[i - 1] === '--pages' || a.startsWith('--pages='));
const only =
  pagesArg
    ?.replace(/^--pages=/, '')
    .split(',')
    .filter(Boolean) ?? null;
const unknown = only?.filter((p) => !(p in BUDGETS)) ?? [];
if (unknown.length) {
  console.error(`Unknown page(s) ${unknown.join(', ')}: the pages are ${Object.keys(BUDGETS).join(', ')}.`);
  process.exit(2);
}
try {
  // A model shared with an extraction code: the landing page a visitor sees first.
  const token = await signIn(server.url, DEMO.phone, DEMO.password);
  const iuid = await uploadFile(server.url, token, path.join(TESTDATA, 'ifc/SimpleWall.ifc'));
  const share = await fetch(`${server.url}/api/Drawing/DrawingShare`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify([{ MainIUID: iuid, ShareType: 7, Isvisible: '0', Isallow: '2' }]),
  });
  const shareCode = ((await share.json()) as { data: { shareCode: string } }).data.shareCode;

  // The demo account's session for /myDocument, taken from a sign-in in its own context.
  const signInContext = await browser.newContext();
  const signInPage = await signInContext.newPage();
  await signInPage.goto(`${server.url}/login`);
  await signInPage.locator('input:not([type=password])').first().fill(DEMO.phone);
  await signInPage.locator('input[type=password]').first().fill(DEMO.password);
  await signInPage
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await signInPage.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
  const storageState = await signInContext.storageState();
  await signInContext.close();

  const pages: { name: string; url: string; signedIn?: boolean; ready: (p: Page) => Promise<void> }[] = [
    {
      name: '/login',
      url: '/login',
      ready: (p) => p.locator('input[type=password]').first().waitFor(),
    },
    {
      name: '/s',
      url: `/s?code=${encodeURIComponent(shareCode)}`,
      ready: (p) => p.locator('[data-testid="share-pwd-input"]').waitFor(),
    },
    {
      name: '/myDocument',
      url: '/myDocument',
      signedIn: true,
      ready: (p) => p.getByRole('table').first().waitFor(),
    },
  ];
  for (const spec of pages.filter((p) => !only || only.includes(p.name))) {
    const context = await browser.newContext(spec.signedIn ? { storageState } : {});
    const { files } = await measure(context, `${server.url}${spec.url}`, spec.ready);
    await context.close();
    const bytes = files.reduce((s, f) => s + f.bytes, 0);
    const encodings = [...new Set(files.map((f) => f.encoding))].join('+');
    rows.push({
      page: spec.name,
      kb: bytes / 1024,
      files: files.length,
      budget: BUDGETS[spec.name]!,
      encodings,
    });
    if (verbose)
      for (const f of files.sort((a, b) => b.bytes - a.bytes))
        console.log(
          `  ${spec.name}  ${(f.bytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(f.url).pathname}`,
        );
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log('\nInitial JavaScript (gzip, cold cache, until the network is idle)');
console.log(
  `${'page'.padEnd(12)} ${'KB gzip'.padStart(8)} ${'budget'.padStart(7)} ${'files'.padStart(6)}  result  sent as`,
);
let over = false;
for (const r of rows) {
  const ok = r.kb <= r.budget;
  over ||= !ok;
  console.log(
    `${r.page.padEnd(12)} ${r.kb.toFixed(1).padStart(8)} ${String(r.budget).padStart(7)} ${String(r.files).padStart(6)}  ${(ok ? 'ok' : 'OVER').padEnd(6)}  ${r.encodings}`,
  );
}
if (over) {
  console.error('\nOver budget: see `node bench/bundle-size.ts --files` for the scripts of each page.');
  process.exit(1);
}
