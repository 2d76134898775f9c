/**
 * Multi-file models and 3DM in a real browser (issue 13 "More model formats and multi-file models"):
 * the owner uploads the BoxTextured-separate folder (.gltf + .bin + .png) with the folder button and
 * RhinoLogo.3dm with the file button, watches both reach 转换完成, opens each in the 3D viewer (the
 * canvas is not blank; the 3DM's element tree names the file), then shares the glTF and a phone
 * visitor (390×844) opens the link with its extraction code and sees the model drawn. Then the
 * spider folder (.obj + .mtl + five JPEG textures) and mesh.3dm, drawn, the 3DM also on a phone.
 * Screenshots: e2e/artifacts/multi-file-models/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { measurePicture, shot, waitForInk } from '../lib/browser.ts';
import { journey, journeyPage, scratchFolder } from '../lib/journey.ts';
import { closePreview, hideTransfers, openPreview, waitConverted } from '../lib/preview.ts';
import { DEMO, TESTDATA } from '../lib/server.ts';
import { closeShareDialog, shareBrowseOnly, visitOnPhone } from '../lib/share.ts';
import { openMyFiles } from '../lib/sign-in.ts';

const J = 'multi-file-models';
const FOLDER = 'BoxTextured-separate';
const GLTF = 'BoxTextured.gltf';
const RHINO = 'RhinoLogo.3dm';
const SPIDER = 'spider';
const MESH_3DM = 'mesh.3dm';

let work: string;

const scratch = scratchFolder('bimdrive-multi-file-');
const j = journey(async () => {
  work = await scratch.make();
  await cp(path.join(TESTDATA, 'gltf', FOLDER), path.join(work, FOLDER), { recursive: true });
  await cp(path.join(TESTDATA, 'obj', SPIDER), path.join(work, SPIDER), { recursive: true });
  return {}; // the server as it comes: nothing above configures it
});

/** Wait for the 3D viewer's first frame; answers the share of model pixels on its canvas. */
async function modelDrawn(page: Page): Promise<number> {
  return waitForInk(page, {
    ready: '[data-first-frame="1"]',
    canvas: '[data-testid="viewer-canvas"]',
    above: 0.02,
    readyTimeout: 120_000,
    message: 'the model is not drawn on the canvas',
  });
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
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await openMyFiles(page, j.server.url, DEMO, '?rows=50');

  // The 3DM with the file button, the glTF's folder with the folder button.
  await page.setInputFiles('[data-testid="upload-input"]', [path.join(TESTDATA, '3dm', RHINO)]);
  await page.setInputFiles('[data-testid="upload-folder-input"]', path.join(work, FOLDER));
  await waitConverted(page, [RHINO]);
  await page.locator(`[data-row-name="${FOLDER}"]`).waitFor({ timeout: 60_000 });
  await hideTransfers(page);
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
  await page.goto(`${j.server.url}/myDocument?rows=50&folderId=${folderId}`);
  await waitConverted(page, [GLTF]);
  await shot(page, J, '03-folder-converted');
  await openPreview(page, GLTF);
  const gltfCoverage = await modelDrawn(page);
  assert.ok(gltfCoverage > 0.02, `glTF drawn (${(gltfCoverage * 100).toFixed(1)}% of the canvas)`);
  await shot(page, J, '04-gltf-viewer');
  await closePreview(page);

  await shareToPhone(page, GLTF, '05-phone-share');
  await ctx.close();
});

/**
 * Share `name` (a row of the listed folder) browse-only; a phone visitor (390×844) opens the link
 * with its code and sees the model drawn without sideways scrolling.
 */
async function shareToPhone(page: Page, name: string, screenshot: string): Promise<void> {
  const { link, pwd } = await shareBrowseOnly(page, name);
  const { ctx: phone, page: visitor } = await visitOnPhone(j.browser, link, pwd);
  const phoneCoverage = await modelDrawn(visitor);
  await shot(visitor, J, screenshot);
  assert.ok(phoneCoverage > 0.02, `visitor sees ${name} (${(phoneCoverage * 100).toFixed(1)}%)`);
  const sideways = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(sideways <= 0, `no sideways scrolling on a phone (${sideways}px)`);
  await phone.close();
  await closeShareDialog(page);
}

test('an OBJ folder with its MTL and textures and a second 3DM convert and open; the 3DM on a phone', async () => {
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await openMyFiles(page, j.server.url, DEMO, '?rows=50');
  await page.setInputFiles('[data-testid="upload-input"]', [path.join(TESTDATA, '3dm', MESH_3DM)]);
  await page.setInputFiles('[data-testid="upload-folder-input"]', path.join(work, SPIDER));
  await waitConverted(page, [MESH_3DM]);
  await hideTransfers(page);
  await openPreview(page, MESH_3DM);
  const meshCoverage = await modelDrawn(page);
  assert.ok(meshCoverage > 0.02, `mesh.3dm drawn (${(meshCoverage * 100).toFixed(1)}%)`);
  await shot(page, J, '06-mesh-3dm');
  await closePreview(page);
  await shareToPhone(page, MESH_3DM, '07-phone-3dm');

  // The OBJ converts with its MTL and textures (in its own folder) and is drawn in colour.
  await page.locator(`[data-row-name="${SPIDER}"]`).waitFor({ timeout: 60_000 });
  const folderId = await iuidOf(page, SPIDER);
  await page.goto(`${j.server.url}/myDocument?rows=50&folderId=${folderId}`);
  await waitConverted(page, ['spider.obj'], 180_000);
  await openPreview(page, 'spider.obj');
  const spider = await modelDrawn(page);
  assert.ok(spider > 0.02, `spider drawn (${(spider * 100).toFixed(1)}%)`);
  const colours = await page.locator('[data-testid="viewer-canvas"]').screenshot();
  const distinct = await measurePicture(page, colours, ({ data }) => {
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 5)
      seen.add((data[i]! >> 4) * 256 + (data[i + 1]! >> 4) * 16 + (data[i + 2]! >> 4));
    return seen.size;
  });
  assert.ok(distinct > 40, `textured, not flat grey: ${distinct} colour bins`);
  await shot(page, J, '08-spider-obj');
  await closePreview(page);
  await ctx.close();
});
