/**
 * The transfer panel as journeys see it (spec 000 §2 File-transfer panel). Finished uploads show 完成
 * for a few seconds once the queue has drained, then leave 上传中 for 已完成 (issue 17), so a journey
 * that waits for several uploads in turn cannot rely on each row still being there: every page records
 * the uploads it saw reach 完成 (`recordFinishedUploads`, added to each context by `launchBrowser`), and
 * `uploadFinished` waits on that record.
 */
import type { CDPSession, Page } from 'playwright-core';

/** The floating transfer panel. */
export const panel = (page: Page) => page.locator('[data-testid="transfer-panel"]');

/** The row of upload `name` in 上传中. */
export const uploadRow = (page: Page, name: string) =>
  panel(page).locator(`tr[data-transfer-name="${name}"]`);

declare global {
  interface Window {
    /** File names whose upload row showed 完成 on this page (set by recordFinishedUploads). */
    __finishedUploads?: string[];
  }
}

/**
 * Page init script: watches the DOM and records every upload status cell that shows 完成
 * (`[data-testid="upload-status-<name>"]`) in `window.__finishedUploads`.
 */
export function recordFinishedUploads(): void {
  const seen: string[] = (window.__finishedUploads = []);
  const scan = () => {
    for (const cell of document.querySelectorAll('[data-testid^="upload-status-"]')) {
      const name = cell.getAttribute('data-testid')!.slice('upload-status-'.length);
      if (cell.textContent?.trim() === '完成' && !seen.includes(name)) seen.push(name);
    }
  };
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true });
}

/** Wait until upload `name` has reached 完成 on `page` (even if its row has left 上传中 since). */
export async function uploadFinished(page: Page, name: string, timeout = 120_000): Promise<void> {
  await page.waitForFunction((n) => window.__finishedUploads?.includes(n) ?? false, name, { timeout });
}

/**
 * Limit the upload bandwidth of the page `cdp` is attached to (bytes/s; -1 lifts the limit), so that
 * uploads stay in 上传中 long enough to be watched, paused or cancelled. Downloads are not limited.
 */
export async function throttle(cdp: CDPSession, uploadBytesPerSecond: number): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: uploadBytesPerSecond,
  });
}
