/**
 * SMS codes in journeys: the embedded default's development SMS provider writes each code to the
 * server log (`{"msg":"sms code","phone","purpose","code"}`); these helpers read them back from a
 * running server's output (spec 000 §7 sign-in and registration by code).
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { RunningServer } from './server.ts';
import { until } from './waits.ts';

/** The SMS codes the development provider logged for `phone` and `purpose`, oldest first. */
export function loggedCodes(server: RunningServer, phone: string, purpose: string): string[] {
  const codes: string[] = [];
  for (const line of server.output().split('\n')) {
    if (!line.includes('"sms code"')) continue;
    try {
      const rec = JSON.parse(line) as { msg?: string; phone?: string; purpose?: string; code?: string };
      if (rec.msg === 'sms code' && rec.phone === phone && rec.purpose === purpose && rec.code)
        codes.push(rec.code);
    } catch {
      /* not a log record */
    }
  }
  return codes;
}

/** Wait (≤ 15 s) for the next code logged for `phone`/`purpose` after the first `before` codes. */
export async function nextCode(
  server: RunningServer,
  phone: string,
  purpose: string,
  before: number,
): Promise<string> {
  const codes = await until(
    () => loggedCodes(server, phone, purpose),
    (c) => c.length > before,
    { timeout: 15_000, message: `no ${purpose} code logged for ${phone}` },
  );
  return codes.at(-1)!;
}

/**
 * Click the 获取验证码 button of the code input with test id `testId`, check the 60 s countdown
 * started, and answer the code the server logged for it.
 */
export async function requestCode(
  server: RunningServer,
  page: Page,
  testId: string,
  phone: string,
  purpose: string,
): Promise<string> {
  const before = loggedCodes(server, phone, purpose).length;
  await page.getByTestId(`${testId}-send`).click();
  await page.getByText('验证码已发送').first().waitFor();
  await page
    .getByTestId(`${testId}-send`)
    .getByText(/\d+秒后重新获取/)
    .waitFor();
  assert.equal(await page.getByTestId(`${testId}-send`).isDisabled(), true);
  return nextCode(server, phone, purpose, before);
}
