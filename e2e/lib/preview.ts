/** The file table's preview overlay (spec 001 §2) and the table steps around it, shared by the journeys. */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { until } from './waits.ts';

/** Open a row's preview with its 预览 button and wait for the overlay. */
export async function openPreview(page: Page, name: string): Promise<void> {
  await page.locator(`[data-row-name="${name}"]`).getByRole('button', { name: '预览' }).click();
  await page.locator('[data-testid="preview-overlay"]').waitFor();
}

/**
 * Close the overlay with 关闭 and wait until it is gone; then the pointer moves to the middle of the
 * page: left where 关闭 was, it rests on the header's account menu, which opens on hover over the rows.
 */
export async function closePreview(page: Page): Promise<void> {
  await page.locator('[data-testid="preview-overlay"]').getByRole('button', { name: '关闭' }).click();
  await page.locator('[data-testid="preview-overlay"]').waitFor({ state: 'hidden', timeout: 10_000 });
  const view = page.viewportSize();
  if (view) await page.mouse.move(view.width / 2, view.height / 2);
}

/**
 * Wait until each named row of the listed folder shows 转换完成 (001 §4 status 3). A row may pass
 * through 转换失败 on the way (a model waiting for its companion files is queued again when they
 * arrive); on time-out the error says what the row showed last (转换中 45%, 转换失败, not listed).
 */
export async function waitConverted(page: Page, names: string[], timeout = 240_000): Promise<void> {
  for (const name of names) {
    const cell = page.locator(`[data-testid="status-${name}"]`);
    await until(
      async () => ((await cell.count()) ? (await cell.first().innerText()).trim() : '(not listed)'),
      (text) => text.includes('转换完成'),
      { timeout, interval: 250, message: `${name} did not reach 转换完成` },
    );
  }
}

/**
 * Minimise the transfer panel (its 最小化 button), which covers the rows' buttons after uploads;
 * nothing when it is not shown.
 */
export async function hideTransfers(page: Page): Promise<void> {
  const panel = page.getByTestId('transfer-panel');
  if (!(await panel.isVisible())) return;
  await panel.getByRole('button', { name: /最小化|Minimi[sz]e/ }).click();
  await panel.waitFor({ state: 'hidden' });
}

/**
 * Open row `name`'s preview and wait until it shows 转换失败 with `reason`; checks it offers one 下载
 * button. The overlay stays open (closePreview).
 */
export async function openFailedPreview(page: Page, name: string, reason: string): Promise<void> {
  await openPreview(page, name);
  const failed = page.locator('[data-testid="conversion-failed"]');
  await failed.filter({ hasText: reason }).waitFor();
  assert.equal(await failed.getByRole('button', { name: /下\s*载/ }).count(), 1, `${name}: one 下载`);
}

/** Press 新建文件夹 over the file table and 确定 in its dialog (the default name, 新建文件夹). */
export async function addFolder(page: Page): Promise<void> {
  await page.getByRole('button', { name: '新建文件夹' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
}
