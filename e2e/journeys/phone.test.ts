/**
 * The phone pages at 390×844 (issue 17 "Phone and languages"): /login (password, SMS and 注册 tabs),
 * registration by SMS code with the 设置登录密码 dialog, /mobileTip, and the share landing page /s
 * with its preview of every kind — IFC model, DWG drawing, PDF, Word (its PDF rendition), image and
 * video — opened by a visitor with the extraction code. On each: no horizontal scrolling, and every
 * visible button, link, input and tab is at least 44 px high (touch targets). The owner's files are
 * uploaded and shared on a desktop first. Screenshots: e2e/artifacts/phone/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { waitConverted } from '../lib/preview.ts';
import { DEMO, shareFile, TESTDATA } from '../lib/server.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { requestCode } from '../lib/sms.ts';
import { settled } from '../lib/waits.ts';

const J = 'phone';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** One file of each preview kind, and how its preview shows it is ready. */
const FILES = [
  { rel: 'ifc/AC20-FZK-Haus.ifc', ready: 'canvas' },
  { rel: 'dwg/R14.dwg', ready: 'canvas' },
  { rel: 'office/A-101_Floor_Plans.pdf', ready: '.page canvas, canvas' },
  { rel: 'office/BIM_Execution_Plan.docx', ready: '.page canvas, canvas' },
  { rel: 'images/SimpleWall_Screenshot_1.png', ready: 'img' },
  { rel: 'video/site_walkthrough.mp4', ready: 'video' },
] as const;
const SHARE_PWD = 'ph42';

const j = journey({ LOG_LEVEL: 'info' }); // the development SMS provider logs codes at info

/** A page on a phone: 390×844, touch, an iPhone user agent. */
const phonePage = () =>
  journeyPage(j.browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_UA,
  });

/**
 * What does not fit a phone on the page as it is now: pixels of horizontal scrolling, and the
 * visible touch targets lower than 44 px (described by role and text).
 */
async function phoneProblems(page: Page): Promise<{ sideways: number; small: string[] }> {
  return page.evaluate(() => {
    const sideways = document.documentElement.scrollWidth - window.innerWidth;
    const small: string[] = [];
    const targets = document.querySelectorAll<HTMLElement>(
      'button, a[href], [role="tab"], [role="button"], [role="combobox"], input:not([type=hidden]):not([type=file])',
    );
    const measured = new Set<HTMLElement>();
    for (const target of targets) {
      if (target.closest('[aria-hidden="true"], [role="tooltip"], [role="alert"]')) continue;
      // A text field or a select is touched on the bordered box drawn around its input (the input
      // itself, or the wrapper that also holds its prefix, suffix or arrow, up to three levels up).
      let el = target;
      if (target.tagName === 'INPUT' || target.getAttribute('role') === 'combobox') {
        let box: HTMLElement | null = target;
        for (let up = 0; box && up <= 3; up++, box = box.parentElement) {
          const b = getComputedStyle(box);
          if (parseFloat(b.borderTopWidth) + parseFloat(b.borderBottomWidth) > 0) {
            el = box;
            break;
          }
        }
      }
      if (measured.has(el)) continue;
      measured.add(el);
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || style.display === 'none')
        continue;
      if (r.bottom < 0 || r.top > window.innerHeight) continue;
      if (r.height < 44 - 0.5) {
        const label = (
          target.getAttribute('aria-label') ??
          target.textContent ??
          target.getAttribute('placeholder') ??
          ''
        )
          .trim()
          .slice(0, 20);
        small.push(
          `${target.tagName.toLowerCase()}${target.getAttribute('role') ? `[${target.getAttribute('role')}]` : ''} "${label}" ${Math.round(r.height)}px`,
        );
      }
    }
    return { sideways, small };
  });
}

/** Assert the page fits a phone (see phoneProblems) and take its screenshot. */
async function fitsPhone(page: Page, name: string): Promise<void> {
  // Dialogs and tabs finish their opening motion (antd: 0.2–0.3 s) before anything is measured.
  await settled(page.locator('body'), { frames: 5 });
  await shot(page, J, name);
  const { sideways, small } = await phoneProblems(page);
  assert.ok(sideways <= 0, `${name}: no horizontal scrolling (${sideways}px wider than the screen)`);
  assert.deepEqual(small, [], `${name}: touch targets lower than 44 px`);
}

test('sign-in, registration, /mobileTip and a share of every preview kind fit a 390 px phone', async () => {
  // The owner uploads one file of each kind on a desktop and shares each with an extraction code.
  const { ctx: desk, page: owner } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await signInWithPassword(owner, j.server.url, DEMO.phone, DEMO.password);
  await owner.getByTestId('file-table').waitFor();
  await owner
    .getByRole('button', { name: /上传文件/ })
    .first()
    .waitFor();
  await owner.setInputFiles(
    '[data-testid="upload-input"]',
    FILES.map((f) => path.join(TESTDATA, f.rel)),
  );
  const names = FILES.map((f) => path.basename(f.rel));
  await waitConverted(
    owner,
    names.filter((n) => !/\.(png|pdf)$/.test(n)),
  );
  for (const n of names)
    await owner.locator(`[data-testid="file-table"] [data-row-name="${n}"]`).first().waitFor();
  const token = (await owner.evaluate(() => localStorage.getItem('token')))!;
  const links: { name: string; url: string }[] = [];
  for (const n of names) links.push({ name: n, url: await shareFile(j.server.url, token, n, SHARE_PWD) });
  await desk.close();

  // /login on a phone: the three tabs.
  const { ctx: phone, page } = await phonePage();
  const phoneNo = '13700000390';
  await page.goto(`${j.server.url}/login?phoneNum=${phoneNo}`);
  await page.getByRole('tab', { name: '密码登录' }).waitFor();
  await fitsPhone(page, '01-login');
  await page.getByRole('tab', { name: '验证码登录' }).click();
  await fitsPhone(page, '02-login-sms');
  await page.getByRole('tab', { name: '注册' }).click();
  await fitsPhone(page, '03-register');

  // Registration by SMS code, then 设置登录密码.
  await page
    .getByTestId('register-code')
    .fill(await requestCode(j.server, page, 'register-code', phoneNo, 'register'));
  await page.getByPlaceholder('姓名').fill('现场施工员');
  await page.getByRole('button', { name: '注册并登录' }).click();
  const setPwd = page.getByRole('dialog').filter({ hasText: '设置登录密码' });
  await setPwd.waitFor({ timeout: 30_000 });
  await fitsPhone(page, '04-set-password');
  await setPwd.locator('input[type=password]').first().fill('Phone2026ok');
  await setPwd.locator('input[type=password]').nth(1).fill('Phone2026ok');
  await setPwd.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('设置成功').first().waitFor();

  // The desktop app's pages send a phone to /mobileTip.
  await page.goto(`${j.server.url}/myDocument`);
  await page.waitForURL(/\/mobileTip/);
  await page.getByRole('button').first().waitFor();
  await fitsPhone(page, '05-mobile-tip');
  await phone.close();

  // A visitor opens each share link with its extraction code.
  for (const [i, l] of links.entries()) {
    const { ctx, page: visitor } = await phonePage();
    await visitor.goto(l.url);
    await visitor.locator('[data-testid="share-pwd-input"]').fill(SHARE_PWD);
    await fitsPhone(
      visitor,
      `${String(6 + i * 2).padStart(2, '0')}-share-code-${path.extname(l.name).slice(1)}`,
    );
    await visitor.locator('[data-testid="share-submit"]').click();
    await visitor.locator('[data-testid="share-pwd-input"]').waitFor({ state: 'detached', timeout: 30_000 });
    const ready = FILES[i]!.ready;
    await visitor.locator(ready).first().waitFor({ timeout: 60_000 });
    await settled(visitor.locator(ready).first()); // the viewer's first layout at rest
    await fitsPhone(visitor, `${String(7 + i * 2).padStart(2, '0')}-share-${path.extname(l.name).slice(1)}`);
    await ctx.close();
  }
});
