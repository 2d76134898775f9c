/** Debian's Chromium through playwright-core, with the flags this machine needs; screenshots kept as artefacts. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type JSHandle, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../apps/server/src/lib/chromium.ts';
import { recordFinishedUploads } from './transfers.ts';
import { until } from './waits.ts';

export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

/** Longest wait for Chromium to close a context or itself before a journey goes on without it. */
const CLOSE_TIMEOUT_MS = 15_000;

/** `work`, or undefined (with a line in the log) when it takes longer than CLOSE_TIMEOUT_MS. */
async function bounded(work: Promise<void>, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`[e2e] ${what} took over ${CLOSE_TIMEOUT_MS} ms; going on without it`);
      resolve();
    }, CLOSE_TIMEOUT_MS);
  });
  try {
    await Promise.race([work.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Launch headless Chromium (WebGL through SwiftShader). Closing a context or the browser is bounded:
 * Chromium now and then never answers Target.disposeBrowserContext (microsoft/playwright#5273), which
 * once held a journey until the runner's 15 min time-out. Every context records finished uploads
 * (transfers.ts).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const ctx = await newContext(options);
    await ctx.addInitScript(recordFinishedUploads);
    const close = ctx.close.bind(ctx);
    ctx.close = (o) => bounded(close(o), 'closing a browser context');
    return ctx;
  };
  const closeBrowser = browser.close.bind(browser);
  browser.close = (o) => bounded(closeBrowser(o), 'closing the browser');
  return browser;
}

/** Save a full-page screenshot as a test artefact: e2e/artifacts/<journey>/<nn>-<name>.png. */
export async function shot(page: Page, journey: string, name: string): Promise<string> {
  const dir = path.join(ARTIFACTS, journey);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Share of canvas pixels that differ from the background colour (the top-left pixel) by more than
 * `threshold` (sum of the RGB differences; sampled), read from a screenshot. Answers 0..1. A higher
 * threshold leaves out faint overlays (a translucent section plane).
 */
export async function canvasCoverage(page: Page, selector: string, threshold = 30): Promise<number> {
  return pictureCoverage(page, await page.locator(selector).screenshot(), threshold);
}

/**
 * Wait until the viewer says it has drawn (`ready`, a selector that appears then: a done state, a
 * first-frame mark, the page canvas) within `readyTimeout` ms, then until `canvas` shows more than
 * `above` of ink (canvasCoverage, 0..1) within 10 s. Answers that coverage; throws `message` otherwise.
 */
export async function waitForInk(
  page: Page,
  {
    ready,
    canvas,
    above,
    readyTimeout,
    message,
  }: { ready: string; canvas: string; above: number; readyTimeout: number; message: string },
): Promise<number> {
  await page.locator(ready).first().waitFor({ timeout: readyTimeout });
  return until(
    () => canvasCoverage(page, canvas),
    (coverage) => coverage > above,
    { timeout: 10_000, interval: 250, message },
  );
}

/** canvasCoverage of a screenshot already taken (a PNG, e.g. the one waits.ts `steady` answers). */
export async function pictureCoverage(page: Page, png: Buffer, threshold = 30): Promise<number> {
  return measurePicture(
    page,
    png,
    ({ data, arg: threshold }) => {
      const bg = [data[0]!, data[1]!, data[2]!];
      let differ = 0;
      let total = 0;
      for (let i = 0; i < data.length; i += 4 * 7) {
        total++;
        if (
          Math.abs(data[i]! - bg[0]!) + Math.abs(data[i + 1]! - bg[1]!) + Math.abs(data[i + 2]! - bg[2]!) >
          threshold
        )
          differ++;
      }
      return differ / total;
    },
    threshold,
  );
}

/**
 * Decode the PNG `png` in the page and answer what `measure` makes of its pixels. `measure` runs in
 * the page (self-contained: it sees only its argument): `data` is the picture's RGBA bytes, row by
 * row, `arg` the value passed here. E.g. the share of red pixels:
 *
 *   measurePicture(page, png, ({ data }) => { … return red / (data.length / 4); });
 */
export async function measurePicture<R, A = undefined>(
  page: Page,
  png: Buffer,
  measure: (picture: { data: Uint8ClampedArray; arg: A }) => R,
  arg?: A,
): Promise<R> {
  const picture = await decodePicture(page, png);
  try {
    const data = await picture.evaluateHandle((p) => p.data);
    // The handle reaches `measure` as the array it stands for; `arg` as it is (serialisable).
    return await page.evaluate(measure as (picture: unknown) => R, { data, arg });
  } finally {
    await picture.dispose();
  }
}

/**
 * Decode the PNG `png` in the page: a handle on its pixels (ImageData: width, height, RGBA `data`
 * row by row) to pass to `page.evaluate` (where it arrives as the ImageData). The caller disposes of
 * the handle.
 */
export async function decodePicture(page: Page, png: Buffer): Promise<JSHandle<ImageData>> {
  return page.evaluateHandle(async (b64: string) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    [c.width, c.height] = [img.width, img.height];
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, c.width, c.height);
  }, png.toString('base64'));
}
