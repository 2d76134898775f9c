/** Password sign-in through the product's /login page (spec 000 §2), shared by the journeys. */
import type { Page } from 'playwright-core';

/** Fill phone and password on `baseUrl`/login, press 登录 and wait until the page leaves /login. */
export async function signInWithPassword(
  page: Page,
  baseUrl: string,
  phone: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input:not([type=password])').first().fill(phone);
  await page.locator('input[type=password]').first().fill(password);
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
}
