/**
 * The English UI shows the server's messages in English (issue 17 "Phone and languages"): with the
 * language set to en-US, a wrong password on /login, a wrong extraction code on a share link and a
 * file that cannot be converted show English texts and no Chinese character. The same in zh-CN shows
 * the server's own text. Screenshots: e2e/artifacts/english/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journey, logPageErrors } from '../lib/journey.ts';
import { hideTransfers } from '../lib/preview.ts';
import { DEMO, shareFile, TESTDATA } from '../lib/server.ts';
import { submitPasswordSignIn } from '../lib/sign-in.ts';

const J = 'english';
const CJK = /[\u4e00-\u9fff]/;

const j = journey();

/** A page whose web app runs in `lang` (the language switch keeps it in localStorage `lang`). */
async function pageIn(lang: 'en-US' | 'zh-CN'): Promise<Page> {
  const ctx = await j.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang });
  await ctx.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const page = await ctx.newPage();
  logPageErrors(page);
  return page;
}

test('server messages in English: wrong password, wrong extraction code, a file that cannot convert', async () => {
  // zh-CN: the server's text as it is.
  const zh = await pageIn('zh-CN');
  await submitPasswordSignIn(zh, j.server.url, DEMO.phone, 'wrong-password-1');
  await zh.getByRole('alert').getByText('手机号或密码错误').waitFor();
  await zh.context().close();

  // en-US: the same refusal in English.
  const page = await pageIn('en-US');
  await submitPasswordSignIn(page, j.server.url, DEMO.phone, 'wrong-password-2');
  const toast = page.getByRole('alert').filter({ hasText: 'Wrong phone number or password' }).last();
  await toast.waitFor();
  assert.doesNotMatch(await toast.innerText(), CJK);
  await shot(page, J, '01-wrong-password');

  // Signed in, a DWG that is not a drawing ends 转换失败 with its reason: in English.
  await submitPasswordSignIn(page, j.server.url, DEMO.phone, DEMO.password);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
  const work = await mkdtemp(path.join(tmpdir(), 'bimdrive-english-'));
  const broken = path.join(work, 'broken-plan.dwg');
  await writeFile(broken, 'this is not a drawing');
  await page.getByTestId('file-table').waitFor();
  await page.setInputFiles('[data-testid="upload-input"]', [
    broken,
    path.join(TESTDATA, 'images/SimpleWall_Screenshot_1.png'),
  ]);
  const status = page.locator('[data-testid="status-broken-plan.dwg"]');
  await status.getByText('Conversion failed').waitFor({ timeout: 60_000 });
  await hideTransfers(page);
  await status.getByText('Conversion failed').hover();
  const tip = page.getByRole('tooltip').last();
  await tip.waitFor();
  const reason = await tip.innerText();
  assert.doesNotMatch(reason, CJK, `the conversion failure reason is in English: ${reason}`);
  await shot(page, J, '02-conversion-failed');

  // A share link opened with a wrong extraction code.
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const link = await shareFile(j.server.url, token, 'SimpleWall_Screenshot_1.png', 'en42');
  const visitor = await pageIn('en-US');
  await visitor.goto(link);
  await visitor.locator('[data-testid="share-pwd-input"]').fill('zz99');
  await visitor.locator('[data-testid="share-submit"]').click();
  await visitor.getByText('Wrong extraction code').first().waitFor();
  await shot(visitor, J, '03-wrong-code');
  await visitor.context().close();
  await page.context().close();
  await rm(work, { recursive: true, force: true });
});
