/**
 * Waiting for states instead of sleeping (issue 17): journeys wait for what a fixed pause used to
 * stand for — an opening dialog or sliding drawer come to rest before a screenshot, or a value read
 * from the page or the server reaching what the journey expects. Each helper fails with a clear
 * message when the state is not reached within its time-out, rather than going on regardless.
 */
import type { Locator, Page } from 'playwright-core';

/**
 * Wait until `locator` is visible and at rest: its bounding box has not moved for `frames`
 * consecutive animation frames and no finite CSS animation or transition is running on it, inside it
 * or on one of its ancestors (antd's zoom-in of a dialog, a drawer's slide, a tab's ink bar, a tree's
 * expand motion). Infinite animations (spinners) are ignored.
 */
export async function settled(locator: Locator, { timeout = 10_000, frames = 3 } = {}): Promise<void> {
  await locator.waitFor({ timeout });
  const handle = await locator.elementHandle({ timeout });
  if (!handle) throw new Error(`settled: ${String(locator)} is gone`);
  try {
    await locator.page().waitForFunction(
      ([el, frames]) => {
        const w = window as unknown as { __settled?: WeakMap<Element, { key: string; n: number }> };
        const seen = (w.__settled ??= new WeakMap());
        const r = el.getBoundingClientRect();
        const key = `${r.x},${r.y},${r.width},${r.height}`;
        const moving = document.getAnimations().some((a) => {
          if (a.playState !== 'running' && a.playState !== 'paused') return false;
          const target = (a.effect as KeyframeEffect | null)?.target;
          if (!target || !(target.contains(el) || el.contains(target))) return false;
          return a.effect!.getComputedTiming().endTime !== Infinity;
        });
        const prev = seen.get(el);
        const n = !moving && prev?.key === key ? prev.n + 1 : 0;
        seen.set(el, { key, n });
        return r.width > 0 && n >= frames;
      },
      [handle, frames] as const,
      { polling: 'raf', timeout },
    );
  } finally {
    await handle.dispose();
  }
}

/**
 * Call `read` every `interval` ms until `done` accepts its answer, and return that answer; throws
 * `message` (with the last answer) after `timeout` ms. For states that live outside the page (the
 * server's log, an API) or that the page does not show.
 */
export async function until<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  { timeout = 15_000, interval = 100, message = 'state not reached' } = {},
): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${message} within ${timeout} ms (last: ${JSON.stringify(value)})`);
    // Polling interval between two reads, not a wait for a state.
    await new Promise((r) => setTimeout(r, interval));
  }
}

/**
 * Wait until what `locator` shows has stopped changing: its screenshot (a PNG of the element's box
 * as the compositor shows it, so a WebGL canvas without preserveDrawingBuffer reads true) is
 * byte-identical for `reads` consecutive reads taken `interval` ms apart — the 3D viewer streaming
 * tiles or moving its camera, a drawing re-rendered after a layer switch. With `from` (a screenshot
 * taken before an action) it first waits for the picture to differ from it, so a change that is still
 * on its way (the fragments worker answering an isolate) is not mistaken for the old picture at rest.
 * Answers the steady screenshot. Throws, naming the locator and the number of changes seen, when the
 * picture does not change from `from` or does not come to rest within `timeout` ms.
 */
export async function steady(
  locator: Locator,
  {
    reads = 3,
    interval = 150,
    timeout = 30_000,
    from,
  }: { reads?: number; interval?: number; timeout?: number; from?: Buffer } = {},
): Promise<Buffer> {
  const end = Date.now() + timeout;
  let last = await locator.screenshot({ timeout });
  let changed = !from || !last.equals(from);
  let same = 0;
  let changes = 0;
  while (!changed || same < reads) {
    if (Date.now() > end)
      throw new Error(
        changed
          ? `steady: ${String(locator)} kept changing for ${timeout} ms (${changes} changes)`
          : `steady: ${String(locator)} did not change from the picture before within ${timeout} ms`,
      );
    // Time between two reads of the picture, not a wait for a state.
    await new Promise((r) => setTimeout(r, interval));
    const now = await locator.screenshot({ timeout });
    if (!changed) {
      changed = !now.equals(from!);
    } else if (now.equals(last)) same++;
    else {
      same = 0;
      changes++;
    }
    last = now;
  }
  return last;
}

/**
 * Resolves once a hub socket of `page` (opened from now on) has sent its register event
 * (`reloadConnnectAsync` with the session token, spec 000 §7) after connecting; the server registered
 * the handshake's token before that frame, as the socket connected.
 */
export function hubRegistered(page: Page, timeout = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the hub never registered the token')), timeout);
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/api/chatHub')) return;
      ws.on('framesent', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('42["reloadConnnectAsync"')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
}
