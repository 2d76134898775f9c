/**
 * Snapshots of models and drawings for their thumbnails (issue 14 "models (a render of the preview GLB
 * or the drawing)"), drawn by the web app's own viewer code in headless Chromium — as Speckle's preview
 * service does with its viewer — because no maintained npm library renders WebGL headless without a
 * native GPU build. Chromium is Debian's (`CHROMIUM_PATH`, default /usr/bin/chromium; WebGL through
 * SwiftShader), driven by playwright-core, started at the first snapshot and closed after
 * SNAPSHOT_IDLE_MS without one, so a worker that makes none keeps no browser.
 *
 * The page is the web build's `render.html` (apps/web/src/render): every request of the page goes to
 * an origin that never reaches the network; the page's files are answered from `webDist` and the one
 * input file from its local path, so nothing else on the machine can be read. One snapshot at a time;
 * a snapshot that takes longer than its time limit, or a crashed page, closes the browser (the next
 * snapshot starts a fresh one).
 *
 * Errors: `SnapshotUnavailable` when Chromium or the web build is missing (the caller skips model
 * thumbnails); any other Error (unreadable file, time limit) fails that one snapshot.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../lib/chromium.ts';

/** What a snapshot draws: a GLB (`model`) or an ASCII DXF (`drawing`). */
export type SnapshotKind = 'model' | 'drawing';

/** A browser without a snapshot for this long is closed (ms). */
export const SNAPSHOT_IDLE_MS = 60_000;

/** The page's private origin (never resolved: every request is answered by `route`). */
const ORIGIN = 'http://bimdrive.render';
const INPUT_PATH = '/input';

/** Chromium or the snapshot page is not installed: thumbnails of models and drawings are skipped. */
export class SnapshotUnavailable extends Error {}

/** One warm Chromium page that draws snapshots, one at a time (see the module docstring). */
export class SnapshotRenderer {
  private browser: Browser | null = null;
  private page: Promise<Page> | null = null;
  private input: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | null = null;

  /**
   * @param webDist the web build (holds render.html)
   * @param executablePath Chromium's binary
   */
  private readonly webDist: string;
  private readonly executablePath: string;

  constructor(webDist: string, executablePath: string) {
    this.webDist = webDist;
    this.executablePath = executablePath;
  }

  /**
   * Draw the file at `inputPath` as a `width × height` PNG (CSS px, pixel ratio 1).
   * @param timeoutMs time limit of this snapshot, start of the browser included
   * @throws SnapshotUnavailable without Chromium or render.html; Error when the file cannot be drawn
   */
  render(
    kind: SnapshotKind,
    inputPath: string,
    width: number,
    height: number,
    timeoutMs: number,
  ): Promise<Buffer> {
    const run = this.queue.then(() => this.renderNow(kind, inputPath, width, height, timeoutMs));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Close the browser (if one is open). */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const browser = this.browser;
    this.browser = null;
    this.page = null;
    await browser?.close().catch(() => undefined);
  }

  private async renderNow(
    kind: SnapshotKind,
    inputPath: string,
    width: number,
    height: number,
    timeoutMs: number,
  ): Promise<Buffer> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`snapshot took over ${timeoutMs} ms`)), timeoutMs);
    });
    this.input = inputPath;
    try {
      const page = await Promise.race([this.openPage(), limit]);
      const request = { kind, url: `${ORIGIN}${INPUT_PATH}`, width, height };
      const dataUrl = await Promise.race([
        page.evaluate((r) => (globalThis as unknown as SnapshotPage).bimdriveRender(r), request),
        limit,
      ]);
      const png = /^data:image\/png;base64,(.+)$/.exec(dataUrl)?.[1];
      if (!png) throw new Error('the snapshot page answered no PNG');
      return Buffer.from(png, 'base64');
    } catch (err) {
      // A page that timed out or crashed may be stuck: the next snapshot gets a fresh browser.
      if (!(err instanceof SnapshotUnavailable)) await this.close();
      throw err;
    } finally {
      clearTimeout(timer);
      this.input = null;
      this.idleTimer = setTimeout(() => void this.close(), SNAPSHOT_IDLE_MS);
      this.idleTimer.unref();
    }
  }

  private openPage(): Promise<Page> {
    this.page ??= this.launch().catch((err: unknown) => {
      this.page = null;
      throw err;
    });
    return this.page;
  }

  /** Answer one request of the snapshot page (see the module docstring). */
  private async answer(route: Route): Promise<void> {
    const url = new URL(route.request().url());
    if (url.origin !== ORIGIN) return route.abort('blockedbyclient');
    if (url.pathname === INPUT_PATH) {
      // The file may be gone meanwhile (deleted with its file version): the page sees a 404.
      const body = this.input ? await readFile(this.input).catch(() => null) : null;
      if (!body) return route.fulfill({ status: 404 });
      return route.fulfill({ status: 200, body, contentType: 'application/octet-stream' });
    }
    const file = path.join(this.webDist, path.normalize(decodeURIComponent(url.pathname)));
    const found =
      file.startsWith(this.webDist + path.sep) &&
      (await access(file).then(
        () => true,
        () => false,
      ));
    return route.fulfill(found ? { path: file } : { status: 404 });
  }

  private async launch(): Promise<Page> {
    const renderHtml = path.join(this.webDist, 'render.html');
    try {
      await access(this.executablePath);
      await access(renderHtml);
    } catch (err) {
      throw new SnapshotUnavailable(
        `snapshots need ${this.executablePath} and ${renderHtml}: ${String(err)}`,
      );
    }
    const browser = await chromium.launch({ executablePath: this.executablePath, args: [...CHROMIUM_ARGS] });
    this.browser = browser;
    const context = await browser.newContext({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.on('crash', () => void this.close());
    // A route answered after the page closed (a snapshot that timed out) throws: nothing to tell.
    await context.route('**/*', (route) => this.answer(route).catch(() => undefined));
    await page.goto(`${ORIGIN}/render.html`);
    await page.waitForFunction('document.documentElement.dataset.ready === "1"');
    return page;
  }
}

/** What the snapshot page (apps/web/src/render/main.ts) offers. */
interface SnapshotPage {
  bimdriveRender: (request: {
    kind: SnapshotKind;
    url: string;
    width: number;
    height: number;
  }) => Promise<string>;
}

let shared: SnapshotRenderer | null = null;

/** The process's renderer (created on first use; its browser closes when idle or the process exits). */
export function snapshotRenderer(webDist: string): SnapshotRenderer {
  if (!shared) {
    const renderer = new SnapshotRenderer(webDist, chromiumPath());
    shared = renderer;
    process.once('exit', () => void renderer.close());
  }
  return shared;
}
