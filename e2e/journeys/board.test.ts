/**
 * The dashboard /board (看板; spec 001 §2, issue 16) in a real browser: the demo user signs in, uploads
 * a real IFC and a real PDF through 我的文件, waits for the IFC's 转换完成, shares the PDF with an
 * extraction code; a visitor in a fresh browser context opens the link with the code (one open); the
 * 看板 button of the top bar opens /board, which shows the two files, the by-type breakdown (模型 1,
 * 文档 1), the conversion states, the share with its one open and the recent operations. A 390×844
 * window shows the board without sideways scrolling. Screenshots: e2e/artifacts/board/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { overflowingElements } from '../lib/layout.ts';
import { apiData, DEMO, TESTDATA } from '../lib/server.ts';
import { signInWithPassword } from '../lib/sign-in.ts';

const J = 'board';
const IFC = 'SimpleWall.ifc';
const PDF = 'A-101_Floor_Plans.pdf';

const j = journey();

/** The trimmed text of a locator once it matches `expected`. */
async function textOf(l: Locator, expected: RegExp): Promise<string> {
  await l.filter({ hasText: expected }).waitFor({ timeout: 30_000 });
  return (await l.innerText()).trim();
}

/** Horizontal overflow of a page in CSS pixels (≤ 0: nothing to scroll sideways). */
const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('the board shows uploads, conversions, a share with its open and recent operations', async () => {
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await signInWithPassword(page, j.server.url, DEMO.phone, DEMO.password);
  if (!page.url().includes('/myDocument')) await page.goto(`${j.server.url}/myDocument`);
  await page.locator('[data-testid="file-table"]').waitFor();

  // Upload a real IFC and a real PDF through the UI.
  await page.setInputFiles('[data-testid="upload-input"]', [
    path.join(TESTDATA, 'ifc', IFC),
    path.join(TESTDATA, 'office', PDF),
  ]);
  await page.locator(`[data-row-name="${PDF}"]`).waitFor({ timeout: 60_000 });
  await page
    .locator(`[data-testid="status-${IFC}"]`)
    .filter({ hasText: '转换完成' })
    .waitFor({ timeout: 240_000 });
  await shot(page, J, '01-uploaded');

  // Share the PDF with a generated extraction code.
  await page.locator(`[data-row-name="${PDF}"]`).getByRole('button', { name: '分享' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /创建链接/ }).click();
  const link = (await page.locator('[data-testid="share-link"]').innerText()).trim();
  const pwd = (await page.locator('[data-testid="share-pwd"]').innerText()).trim();
  assert.match(link, /\/s\?code=/);
  await shot(page, J, '02-shared');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // A visitor in a fresh context opens the link with the code: one open.
  const { ctx: visitorCtx, page: visitor } = await journeyPage(
    j.browser,
    { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    'visitor page error',
  );
  await visitor.goto(link);
  await visitor
    .locator('[data-testid="share-pwd-input"]')
    .fill(pwd, { timeout: 90_000 })
    .catch(async (err: unknown) => {
      await shot(visitor, J, '03-visitor-failed');
      console.error(
        '[board] visitor at',
        visitor.url(),
        (await visitor.locator('body').innerText()).slice(0, 300),
      );
      throw err;
    });
  await visitor.locator('[data-testid="share-submit"]').click();
  await visitor.locator('[data-testid="share-pwd-input"]').waitFor({ state: 'detached', timeout: 30_000 });
  await shot(visitor, J, '03-visitor');
  await visitorCtx.close();

  // The transfer panel is put away so the board is in full view.
  await page.getByTestId('transfer-panel').getByRole('button', { name: '最小化' }).click();
  await page.getByTestId('transfer-panel').waitFor({ state: 'hidden' });

  // The 看板 button of the top bar opens the board.
  await page.getByTestId('board-nav').click();
  await page.waitForURL(/\/board$/);
  const board = page.getByTestId('board-page');
  assert.match(await textOf(board.getByTestId('board-stat-files'), /\b2\b/), /^文件数\s+2$/);
  assert.match(await textOf(board.getByTestId('board-type-model-count'), /个/), /^1 个$/);
  assert.match(await textOf(board.getByTestId('board-type-document-count'), /个/), /^1 个$/);
  for (const g of ['drawing', 'image', 'video', 'other'])
    assert.match(await textOf(board.getByTestId(`board-type-${g}-count`), /个/), /^0 个$/);
  // Conversion states: the IFC is converted; the two files are counted once each.
  const statusCounts: number[] = [];
  for (let s = 0; s <= 4; s++)
    statusCounts.push(Number(await textOf(board.getByTestId(`board-status-${s}-count`), /\d/)));
  assert.ok(statusCounts[3]! >= 1, `转换完成 counts the IFC (${statusCounts.join(',')})`);
  assert.equal(
    statusCounts.reduce((a, b) => a + b, 0),
    2,
    `each file has one status (${statusCounts.join(',')})`,
  );
  // The share and its one open.
  assert.match(await textOf(board.getByTestId('board-stat-shares'), /\d/), /\b1$/);
  assert.match(await textOf(board.getByTestId('board-stat-opens'), /\d/), /\b1$/);
  const shareRow = board.getByTestId('board-top-shares').getByRole('row').filter({ hasText: PDF });
  await shareRow.waitFor();
  assert.equal((await shareRow.getByTestId('board-share-opens').innerText()).trim(), '1');
  // Recent operations: both uploads, the share and the visitor's open.
  const ops = board.getByTestId('board-operations');
  await ops.getByText('打开分享').first().waitFor();
  for (const text of ['上传文件', '创建分享']) await ops.getByText(text).first().waitFor();
  await ops.getByTestId('board-operation').filter({ hasText: IFC }).first().waitFor();
  await ops.getByTestId('board-operation').filter({ hasText: '访客' }).first().waitFor();
  await shot(page, J, '04-board');

  // The scope picker offers 我的空间 (the demo user has no company: no projects, no company board).
  await board.getByTestId('board-scope').click();
  await page.getByRole('option', { name: '我的空间' }).waitFor();
  await shot(page, J, '05-scope-picker');
  await page.keyboard.press('Escape');

  // A made-up project id in the address is refused without figures, with a way back.
  await page.goto(`${j.server.url}/board?scope=project&id=6f1c2a52-0d7e-4c55-9a1b-1f0e2d3c4b5a`);
  await board.getByText('项目不存在或您无权访问').first().waitFor();
  assert.equal(await board.getByTestId('board-stat-files').count(), 0);
  await shot(page, J, '06-refused');
  await board.getByRole('button', { name: '返回我的空间' }).click();
  await board.getByTestId('board-stat-files').waitFor();

  // With a company and a project (made through the API), the picker offers the project (GetProject)
  // and, to the company's administrator, the company board.
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  await apiData(j.server.url, token, 'POST', '/api/WebAccount/CreateCompany', {
    name: '看板演示集团',
    code: '91350100M000100Y43',
  });
  await apiData(j.server.url, token, 'POST', '/api/Project/ProjectAdd', { projectName: '看板演示项目' });
  await page.reload();
  await board.getByTestId('board-stat-files').waitFor();
  await board.getByTestId('board-scope').click();
  await page.getByRole('option', { name: '看板演示项目' }).click();
  await page.waitForURL(/scope=project&id=/);
  await board.getByRole('heading').filter({ hasText: '看板演示项目' }).waitFor();
  assert.match(await textOf(board.getByTestId('board-stat-files'), /\d/), /\b0$/);
  await shot(page, J, '07-project-board');
  await board.getByTestId('board-scope').click();
  await page.getByRole('option', { name: '企业：看板演示集团' }).click();
  await page.waitForURL(/scope=company/);
  await board.getByRole('heading').filter({ hasText: '看板演示集团' }).waitFor();
  await board.getByTestId('board-stat-storage').waitFor();
  await shot(page, J, '08-company-board');

  // A 390×844 window (the same session): no sideways scrolling.
  const phone = await j.browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'zh-CN',
    storageState: await ctx.storageState(),
  });
  const small = await phone.newPage();
  await small.goto(`${j.server.url}/board`);
  await small
    .getByTestId('board-stat-files')
    .filter({ hasText: '2' })
    .waitFor({ timeout: 60_000 })
    .catch(async (err: unknown) => {
      await shot(small, J, '09-phone-failed');
      console.error('[board] phone url', small.url());
      throw err;
    });
  await small.getByTestId('board-top-shares').getByText(PDF).waitFor();
  await shot(small, J, '09-phone');
  // Nothing of the board reaches past the window's right edge, and the board never scrolls sideways.
  const past = await overflowingElements(small, '.board-page');
  assert.deepEqual(past, [], `board content past the window's right edge: ${past.join('; ')}`);
  const sideways = await small.evaluate(() => {
    const el = document.querySelector<HTMLElement>('.board-page')!;
    return el.scrollWidth - el.clientWidth;
  });
  assert.ok(sideways <= 0, `the board scrolls sideways by ${sideways}px`);
  // The page as a whole: the shared navbar shell's top bar (not the board) is wider than a phone.
  const overflow = await overflowOf(small);
  const header = await small.evaluate(() => {
    const h = document.querySelector<HTMLElement>('.app-header')!;
    return h.scrollWidth - h.clientWidth;
  });
  if (overflow > 0) console.error(`[board] the page overflows by ${overflow}px; the top bar by ${header}px`);
  assert.ok(overflow <= Math.max(0, header), `only the top bar may overflow (${overflow}px vs ${header}px)`);
  await small.evaluate(() => document.querySelector('.board-page')?.scrollTo(0, 100_000));
  await shot(small, J, '10-phone-bottom');
  await phone.close();
  await ctx.close();
});
