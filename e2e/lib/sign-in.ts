/** Password sign-in through the product's /login page (spec 000 §2), shared by the journeys. */
import type { Page } from 'playwright-core';

/**
 * Fill phone and password on `baseUrl`/login and press its sign-in button (登 录, or Sign in in
 * English); does not wait for the outcome (a refusal stays on /login).
 */
export async function submitPasswordSignIn(
  page: Page,
  baseUrl: string,
  phone: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input:not([type=password])').first().fill(phone);
  await page.locator('input[type=password]').first().fill(password);
  await page
    .getByRole('button', { name: /登\s*录|^Sign in$/ })
    .first()
    .click();
}

/** Sign in with phone and password on `baseUrl`/login and wait until the page leaves /login. */
export async function signInWithPassword(
  page: Page,
  baseUrl: string,
  phone: string,
  password: string,
): Promise<void> {
  await submitPasswordSignIn(page, baseUrl, phone, password);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
}

/**
 * Sign in as `account` (signInWithPassword), open 我的文件 (`/myDocument` with `query`, e.g.
 * `?rows=50`) and wait for its file table.
 */
export async function openMyFiles(
  page: Page,
  baseUrl: string,
  account: { phone: string; password: string },
  query = '',
): Promise<void> {
  await signInWithPassword(page, baseUrl, account.phone, account.password);
  await page.goto(`${baseUrl}/myDocument${query}`);
  await page.locator('[data-testid="file-table"]').waitFor();
}
