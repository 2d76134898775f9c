/**
 * Frames a page draws with WebGL, counted for e2e assertions (issue 17: a model at rest draws no
 * frames). `countWebglFrames(ctx)` installs a counter of `clear()` calls — three.js clears once per
 * frame it renders — in every page of the context opened or navigated after it; `webglFrames(page)`
 * reads the page's count so far (0 before any frame).
 */
import type { BrowserContext, Page } from 'playwright-core';

/** Count the WebGL frames of the context's pages (install before they navigate). */
export async function countWebglFrames(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const w = window as unknown as { __webglFrames: number };
    w.__webglFrames = 0;
    for (const C of [WebGLRenderingContext, WebGL2RenderingContext]) {
      const clear = C.prototype.clear;
      C.prototype.clear = function (this: WebGLRenderingContext, mask: number) {
        w.__webglFrames++;
        return clear.call(this, mask);
      };
    }
  });
}

/** WebGL frames the page has drawn so far (see countWebglFrames). */
export const webglFrames = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __webglFrames?: number }).__webglFrames ?? 0);
