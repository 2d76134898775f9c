/**
 * Share links made from the file table and opened by a visitor (spec 001 §2 share dialog, §7
 * DrawingShare; the share page asks for the extraction code), shared by the journeys.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { journeyPage, PHONE } from './journey.ts';

/**
 * 分享 on row `name` of the listed folder, 仅浏览, 创建链接. @returns the link and the extraction code
 * the dialog shows; the dialog stays open (closeShareDialog).
 */
export async function shareBrowseOnly(page: Page, name: string): Promise<{ link: string; pwd: string }> {
  await page.locator(`[data-row-name="${name}"]`).getByRole('button', { name: '分享' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('仅浏览').click();
  await dialog.getByRole('button', { name: /创建链接/ }).click();
  const link = (await page.locator('[data-testid="share-link"]').innerText()).trim();
  const pwd = (await page.locator('[data-testid="share-pwd"]').innerText()).trim();
  return { link, pwd };
}

/** Close the share dialog with Escape and wait until it is hidden (going on if it never is). */
export async function closeShareDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
}

/**
 * A visitor on a phone (journey.ts PHONE, a fresh context) opens the share `link` and submits its
 * extraction code `pwd`. The caller closes `ctx`.
 */
export async function visitOnPhone(
  browser: Browser,
  link: string,
  pwd: string,
): Promise<{ ctx: BrowserContext; page: Page }> {
  const { ctx, page } = await journeyPage(browser, PHONE);
  await page.goto(link);
  await page.locator('[data-testid="share-pwd-input"]').fill(pwd);
  await page.locator('[data-testid="share-submit"]').click();
  return { ctx, page };
}
