/**
 * Multi-file models and 3DM in a real browser (issue 13 "More model formats and multi-file models"):
 * the owner uploads the BoxTextured-separate folder (.gltf + .bin + .png) with the folder button and
 * RhinoLogo.3dm with the file button, watches both reach 转换完成, opens each in the 3D viewer (the
 * canvas is not blank; the 3DM's element tree names the file), then shares the glTF and a phone
 * visitor (390×844) opens the link with its extraction code and sees the model drawn.
 * Screenshots: e2e/artifacts/multi-file-models/.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { canvasCoverage, launchBrowser, shot } from '../lib/browser.ts';
import { closePreview, openPreview } from '../lib/preview.ts';
import { DEMO, startServer, TESTDATA, type RunningServer } from '../lib/server.ts';
import { signInWithPassword } from '../lib/sign-in.ts';

const J = 'multi-file-models';
const FOLDER = 'BoxTextured-separate';
const GLTF = 'BoxTextured.gltf';
const RHINO = 'RhinoLogo.3dm';

let server: RunningServer;
let browser: Browser;
let work: string;

before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'bimdrive-multi-file-'));
  await cp(path.join(TESTDATA, 'gltf', FOLDER), path.join(work, FOLDER), { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

/** Wait for the 3D viewer's first frame; answers the share of model pixels on its canvas. */
async function modelDrawn(page: Page): Promise<number> {
  await page.locator('[data-first-frame="1"]').waitFor({ timeout: 120_000 });
  let coverage = 0;
  for (let i = 0; i < 20 && coverage <= 0.02; i++) {
    await page.waitForTimeout(250);
    coverage = await canvasCoverage(page, '[data-testid="viewer-canvas"]');
  }
  return coverage;
}

/** The iuid of a row of the current folder listing, read through the API as the page does. */
async function iuidOf(page: Page, name: string, folderId = ''): Promise<string> {
  return page.evaluate(
    async ({ name, folderId }) => {
      const token = localStorage.getItem('token');
      const r = await fetch(`/api/Home/MyDocumentList?rows=100&folderId=${folderId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await r.json()) as { data: { list: Array<{ iuid: string; fileName: string }> } };
      return body.data.list.find((f) => f.fileName === name)?.iuid ?? '';
    },
    { name, folderId },
  );
}

test('a glTF folder and a 3DM convert, open in the viewer and on a phone through a share link', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('[page error]', e.message));
  await signInWithPassword(page, server.url, DEMO.phone, DEMO.password);
  await page.goto(`${server.url}/myDocument?rows=50`);
  await page.locator('[data-testid="file-table"]').waitFor();

  // The 3DM with the file button, the glTF's folder with the folder button.
  await page.setInputFiles('[data-testid="upload-input"]', [path.join(TESTDATA, '3dm', RHINO)]);
  await page.setInputFiles('[data-testid="upload-folder-input"]', path.join(work, FOLDER));
  await page
    .locator(`[data-testid="status-${RHINO}"]`)
    .filter({ hasText: '转换完成' })
    .waitFor({ timeout: 120_000 });
  await page.locator(`[data-row-name="${FOLDER}"]`).waitFor({ timeout: 60_000 });
  await page
    .locator('[data-testid="transfer-panel"]')
    .evaluate((el) => ((el as HTMLElement).style.display = 'none'))
    .catch(() => undefined);
  await shot(page, J, '01-uploaded');

  await openPreview(page, RHINO);
  const rhinoCoverage = await modelDrawn(page);
  assert.ok(rhinoCoverage > 0.02, `3DM drawn (${(rhinoCoverage * 100).toFixed(1)}% of the canvas)`);
  await shot(page, J, '02-rhino-viewer');
  const tree = await page.locator('[data-testid="viewer-tree"]').innerText({ timeout: 30_000 });
  assert.match(tree, /RhinoLogo\.3dm|Head/, `the element tree names the file or its layer: ${tree}`);
  await closePreview(page);

  // Into the folder: the glTF converted with its .bin and texture.
  const folderId = await iuidOf(page, FOLDER);
  assert.ok(folderId, 'the uploaded folder is listed');
  await page.goto(`${server.url}/myDocument?rows=50&folderId=${folderId}`);
  await page
    .locator(`[data-testid="status-${GLTF}"]`)
    .filter({ hasText: '转换完成' })
    .waitFor({ timeout: 120_000 });
  await shot(page, J, '03-folder-converted');
  await openPreview(page, GLTF);
  const gltfCoverage = await modelDrawn(page);
  assert.ok(gltfCoverage > 0.02, `glTF drawn (${(gltfCoverage * 100).toFixed(1)}% of the canvas)`);
  await shot(page, J, '04-gltf-viewer');
  await closePreview(page);

  // Share it browse-only; a phone visitor opens the link with the code.
  await page.locator(`[data-row-name="${GLTF}"]`).getByRole('button', { name: '分享' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('仅浏览').click();
  await dialog.getByRole('button', { name: /创建链接/ }).click();
  const link = (await page.locator('[data-testid="share-link"]').innerText()).trim();
  const pwd = (await page.locator('[data-testid="share-pwd"]').innerText()).trim();
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const visitor = await phone.newPage();
  visitor.on('pageerror', (e) => console.error('[page error]', e.message));
  await visitor.goto(link);
  await visitor.locator('[data-testid="share-pwd-input"]').fill(pwd);
  await visitor.locator('[data-testid="share-submit"]').click();
  const phoneCoverage = await modelDrawn(visitor);
  await shot(visitor, J, '05-phone-share');
  assert.ok(phoneCoverage > 0.02, `visitor sees the glTF (${(phoneCoverage * 100).toFixed(1)}%)`);
  const sideways = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(sideways <= 0, `no sideways scrolling on a phone (${sideways}px)`);
  await phone.close();
  await ctx.close();
});
