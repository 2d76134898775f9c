/**
 * Sensitive fields encrypted in the browser (spec 000 §7), against a server that requires it
 * (FIELD_ENCRYPTION=required, as in production): signing in through the page sends the password
 * sealed (the request body on the wire holds no password, the x-field-enc header names the scheme and
 * key) and succeeds. The same page opened from a non-secure origin (a plain-http host name, where
 * browsers offer no WebCrypto) sends plain text and the server's refusal tells to use HTTPS.
 * Screenshots: e2e/artifacts/field-encryption/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Page, type Request } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { DEMO } from '../lib/server.ts';

const J = 'field-encryption';

const j = journey({ FIELD_ENCRYPTION: 'required' });

/** Fill the password sign-in form and submit; answers the phoneLogin request as sent. */
async function submitLogin(page: Page, base: string): Promise<Request> {
  await page.goto(`${base}/login`);
  await page.locator('input:not([type=password])').first().fill(DEMO.phone);
  await page.locator('input[type=password]').first().fill(DEMO.password);
  const sent = page.waitForRequest((r) => r.url().includes('/api/Home/phoneLogin'));
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  return sent;
}

test('the password leaves the browser encrypted and the sign-in succeeds', async () => {
  const { ctx, page } = await journeyPage(j.browser);
  const req = await submitLogin(page, j.server.url);
  const body = req.postData() ?? '';
  assert.ok(!body.includes(DEMO.password), `plain password on the wire: ${body}`);
  const sent = JSON.parse(body) as { phone: string; password: string };
  assert.equal(sent.phone, DEMO.phone);
  assert.match(sent.password, /^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
  const header = (await req.allHeaders())['x-field-enc'] ?? '';
  assert.match(header, /^rsa-oaep-256\+a256gcm; kid=[\w-]{16}; ek=[A-Za-z0-9+/=]{300,}$/);
  const res = await req.response();
  assert.equal(((await res!.json()) as { code: number }).code, 1);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.getByText('我的文件').first().waitFor({ timeout: 30_000 });
  await shot(page, J, '01-signed-in-encrypted');
  await ctx.close();
});

test('an SMS code leaves the browser encrypted too, and the server reads it', async () => {
  const ctx = await j.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await page.goto(`${j.server.url}/login`);
  await page.getByRole('tab', { name: '验证码登录' }).click();
  const pane = page.getByRole('tabpanel').filter({ has: page.getByPlaceholder(/验证码/) });
  await pane.locator('input').first().fill(DEMO.phone);
  await pane.getByPlaceholder(/验证码/).fill('246813');
  const sent = page.waitForRequest((r) => r.url().includes('/api/Home/phoneLogin'));
  await pane.getByRole('button', { name: /登\s*录/ }).click();
  const req = await sent;
  const body = JSON.parse(req.postData() ?? '{}') as { code?: string };
  assert.ok(body.code && !body.code.includes('246813'), `plain code on the wire: ${req.postData()}`);
  assert.match((await req.allHeaders())['x-field-enc'] ?? '', /^rsa-oaep-256\+a256gcm; /);
  // Opened by the server: the answer is about the code itself (none was sent), not about encryption.
  const res = (await (await req.response())!.json()) as { code: number; msg: string };
  assert.equal(res.code, -1);
  assert.ok(!/加密/.test(res.msg), res.msg);
  await ctx.close();
});

test('without WebCrypto (plain http host) the body is plain and the server says to use HTTPS', async () => {
  const port = new URL(j.server.url).port;
  // A host name other than localhost over http is not a secure context: crypto.subtle is missing.
  const insecure = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP bimdrive.test 127.0.0.1'],
  });
  try {
    const page = await insecure.newPage({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const base = `http://bimdrive.test:${port}`;
    await page.goto(`${base}/login`);
    assert.equal(await page.evaluate(() => window.isSecureContext), false);
    const req = await submitLogin(page, base);
    assert.ok((req.postData() ?? '').includes(DEMO.password));
    const res = (await (await req.response())!.json()) as { code: number; msg: string };
    assert.equal(res.code, -42);
    await page.getByText('HTTPS').first().waitFor({ timeout: 10_000 });
    await shot(page, J, '02-insecure-origin-refused');
    assert.ok(new URL(page.url()).pathname.startsWith('/login'));
  } finally {
    await insecure.close();
  }
});
