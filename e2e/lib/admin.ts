/**
 * The system-management pages as journeys drive them (spec 001 §2 layout 4: 用户管理, 企业管理):
 * toasts, the confirm dialog, a row's 更多 menu and the dialogs it opens (修改配额, 修改服务到期).
 */
import type { Locator, Page } from 'playwright-core';

/** A toast with this text. */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('alert').getByText(text).first();

/** Press 确定 in the open confirm dialog (the one with the confirm's exclamation icon); wait until it has gone. */
export async function confirm(page: Page): Promise<void> {
  const dialog = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('img', { name: 'exclamation-circle' }) });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Choose the entry `name` of a row's 更多 menu; wait until the menu has closed. */
export async function rowAction(page: Page, row: Locator, name: string): Promise<void> {
  await row.getByRole('button', { name: '更多' }).click();
  const item = page.getByRole('menu').getByRole('menuitem', { name });
  await item.click();
  await item.waitFor({ state: 'hidden' });
}

/**
 * 更多 → 修改配额 on `row`: type `gb` in the dialog titled `title`, run `filled` (e.g. a screenshot),
 * press 确定, wait for the 已保存 toast and the dialog to close.
 */
export async function changeQuota(
  page: Page,
  row: Locator,
  title: string,
  gb: string,
  filled?: () => Promise<unknown>,
): Promise<void> {
  await rowAction(page, row, '修改配额');
  const quota = page.getByRole('dialog', { name: title });
  await quota.getByRole('spinbutton').fill(gb);
  await filled?.();
  await quota.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '已保存').waitFor();
  await quota.waitFor({ state: 'hidden' });
}

/**
 * 更多 → 修改服务到期 on `row`: choose `date` (YYYY-MM-DD) in the dialog's date picker, run `filled`
 * (e.g. a screenshot), press 确定 and wait for the dialog to close.
 */
export async function changeServiceEnd(
  page: Page,
  row: Locator,
  date: string,
  filled?: () => Promise<unknown>,
): Promise<void> {
  await rowAction(page, row, '修改服务到期');
  const end = page.getByRole('dialog', { name: '修改服务到期' });
  const picker = end.getByPlaceholder(/选择日期|请选择日期/);
  await picker.click();
  await picker.fill(date);
  await picker.press('Enter');
  await filled?.();
  await end.getByRole('button', { name: /确\s*定/ }).click();
  await end.waitFor({ state: 'hidden' });
}
