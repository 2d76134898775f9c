/**
 * Thumbnails and the grid view in a real browser (issue 14): the owner uploads a PNG, a PDF, an MP4,
 * an IFC model, a GLB and a DWG drawing through the file browser; each row's icon becomes its thumbnail (an `img[data-testid="file-thumb"]`
 * that decoded, naturalWidth > 0) without a reload; 网格 shows them as cards, remembered after a
 * reload; a card opens the preview like the name does. Screenshots at 1440×900 and on a 390×844 phone:
 * e2e/artifacts/thumbnails/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { DEMO, TESTDATA } from '../lib/server.ts';
import { addFolder, hideTransfers } from '../lib/preview.ts';
import { openMyFiles } from '../lib/sign-in.ts';

const J = 'thumbnails';
const FILES = [
  'images/SimpleWall_Screenshot_1.png',
  'office/A-101_Floor_Plans.pdf',
  'video/site_walkthrough.mp4',
  'ifc/AC20-FZK-Haus.ifc',
  'gltf/BoxTextured.glb',
  'dwg/sample_AC1018.dwg',
];
const NAMES = FILES.map((f) => path.basename(f));

const j = journey();

/** Wait until `scope` shows the decoded thumbnail of each named row or card. */
async function thumbsShown(page: Page, attr: 'data-row-name' | 'data-card-name') {
  for (const name of NAMES) {
    const img = page.locator(`[${attr}="${name}"] img[data-testid="file-thumb"]`);
    await img.waitFor({ timeout: 180_000 });
    await page.waitForFunction(
      (sel) => {
        const el = document.querySelector<HTMLImageElement>(sel);
        return !!el && el.complete && el.naturalWidth > 0;
      },
      `[${attr}="${name}"] img[data-testid="file-thumb"]`,
      { timeout: 30_000 },
    );
    const w = await img.evaluate((el: HTMLImageElement) => el.naturalWidth);
    assert.ok(w > 0 && w <= 320, `${name}: thumbnail ${w} px wide`);
  }
}

test('uploads get thumbnails in the table and the grid, on a desktop and a phone', async () => {
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await openMyFiles(page, j.server.url, DEMO);
  await addFolder(page);
  await page.setInputFiles(
    '[data-testid="upload-input"]',
    FILES.map((f) => path.join(TESTDATA, f)),
  );
  await thumbsShown(page, 'data-row-name');
  await hideTransfers(page);
  await shot(page, J, '01-table');

  await page.locator('[data-testid="view-toggle"]').getByText('网格').click();
  await page.locator('[data-testid="file-grid"]').waitFor();
  await thumbsShown(page, 'data-card-name');
  await shot(page, J, '02-grid-1440');

  // Remembered: a reload opens the grid again; a card opens the preview.
  await page.reload();
  await page.locator('[data-testid="file-grid"]').waitFor();
  await thumbsShown(page, 'data-card-name');
  await page.locator(`[data-card-name="${NAMES[0]}"]`).click();
  await page.locator('[data-testid="preview-overlay"]').waitFor();
  await page.locator('[data-testid="preview-overlay"]').getByRole('button', { name: '关闭' }).click();
  await page.locator('[data-testid="preview-overlay"]').waitFor({ state: 'hidden' });

  // A phone, sidebar folded as one would there: two columns of cards, none wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.locator('[data-testid="file-grid"]').waitFor();
  await page.locator('[data-testid="sidebar-toggle"]').click();
  await page.locator('[data-testid="sidebar-toggle"][aria-expanded="false"]').waitFor();
  await thumbsShown(page, 'data-card-name');
  await hideTransfers(page);
  const columns = await page
    .locator('.file-grid')
    .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  assert.equal(columns, 2, 'two columns on a 390 px phone');
  await shot(page, J, '03-grid-390');
  // (The shell's top bar is the shell's own business; the file browser must fit.)
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.page-card *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`),
  );
  assert.deepEqual(wide, [], 'nothing in the file browser is wider than the phone');

  // The folder card opens the folder.
  await page.locator('[data-card-name="新建文件夹"]').click();
  await page.waitForURL(/folderId=/);
  await ctx.close();
});
