/**
 * 2D drawings in a real browser (issue 13 "2D drawings"): the owner uploads both DWGs and both DXFs of
 * ../shared/testdata, a Chinese floor plan the test makes (UTF-8 DXF naming ANSI_936) and a truncated
 * DWG, watches them reach 转换完成 / 转换失败 live, and opens each in the drawing viewer: the canvas is
 * not blank, the layer list has as many layers as acad-ts reads from the original (frozen ones, which
 * draw nothing, not listed), switching the busiest layer off leaves fewer inked pixels. On the Chinese
 * plan no character lacks a glyph, switching its 文字 layer off removes ink (the text was drawn), the
 * distance measure answers a distance, the wheel zooms and 适应窗口 fits again, and the background
 * turns black; sample_AC1018 (DWG and DXF) shows its paper-space layouts as sheets with model space in
 * their viewports; the truncated DWG shows 转换失败 with its reason and 下载. Then a phone visitor
 * (390×844) opens a share link of the Chinese plan with its extraction code, pinch-zooms it with two
 * fingers and opens the layer list. Screenshots: e2e/artifacts/drawings/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DwgReader, DxfReader, type CadDocument } from '@node-projects/acad-ts';
import { measurePicture, pictureCoverage, shot, waitForInk } from '../lib/browser.ts';
import { journey, journeyPage, scratchFolder } from '../lib/journey.ts';
import { closePreview, hideTransfers, openFailedPreview, openPreview } from '../lib/preview.ts';
import { DEMO, TESTDATA } from '../lib/server.ts';
import { closeShareDialog, shareBrowseOnly, visitOnPhone } from '../lib/share.ts';
import { openMyFiles } from '../lib/sign-in.ts';
import { steady } from '../lib/waits.ts';
import { makeChineseDxf } from '../../apps/server/src/test/drawing-fixtures.ts';
import { isUtf8Dxf, withUtf8CodePage } from '../../apps/server/src/converters/drawing/dxf-scan.ts';

const J = 'drawings';
const CN_PLAN = '一层平面图.dxf';
const CANVAS = '[data-testid="drawing-canvas"] canvas';
const BROKEN = '损坏的图纸.dwg';

let work: string;

/** A file to upload with what acad-ts reads from it. */
interface Drawing {
  file: string;
  /** Layers that are not frozen. */
  layers: number;
  /** The layer with the most model-space entities. */
  busiestLayer: string;
}
const drawings: Drawing[] = [];

/** Read a drawing with acad-ts as the converter does (a UTF-8 DXF read as UTF-8: dxf-scan.ts). */
function readDrawing(bytes: Uint8Array, suffix: string): CadDocument {
  const copy = new Uint8Array(bytes);
  if (suffix === 'dwg') return DwgReader.readFromStream(copy.buffer);
  return DxfReader.readFromStream(isUtf8Dxf(copy) ? withUtf8CodePage(copy) : copy);
}

const scratch = scratchFolder('bimdrive-drawings-');
const j = journey(async () => {
  work = await scratch.make();
  // The first 100 KB of a real DWG: a truncated upload.
  const dwg = await readFile(path.join(TESTDATA, 'dwg/sample_AC1018.dwg'));
  await writeFile(path.join(work, BROKEN), dwg.subarray(0, 100_000));
  const cn = path.join(work, CN_PLAN);
  await writeFile(cn, makeChineseDxf());
  const files = [
    path.join(TESTDATA, 'dwg/R14.dwg'),
    path.join(TESTDATA, 'dwg/sample_AC1018.dwg'),
    path.join(TESTDATA, 'dxf/polylines.dxf'),
    path.join(TESTDATA, 'dxf/sample_AC1018_ascii.dxf'),
    cn,
  ];
  for (const file of files) {
    const doc = readDrawing(new Uint8Array(await readFile(file)), path.extname(file).slice(1));
    const perLayer = new Map<string, number>();
    for (const e of doc.modelSpace!.entities) {
      const name = e.layer?.name ?? '0';
      perLayer.set(name, (perLayer.get(name) ?? 0) + 1);
    }
    const busiestLayer = [...perLayer].sort((a, b) => b[1] - a[1])[0]![0];
    // Frozen layers draw nothing and the viewer does not list them.
    const layers = [...doc.layers!].filter((l) => (l.layerFlags & 1) === 0).length;
    drawings.push({ file, layers, busiestLayer });
  }
  return {}; // the server as it comes: nothing above configures it
});

/** Wait until the drawing viewer has drawn; answers the share of inked canvas pixels (0..1). */
async function drawingDrawn(page: Page): Promise<number> {
  return waitForInk(page, {
    ready: '[data-testid="drawing-preview"][data-state="done"]',
    canvas: CANVAS,
    above: 0.001,
    readyTimeout: 60_000,
    message: 'the drawing canvas shows no ink',
  });
}

/** The last picture settledCoverage saw on each page. */
const lastPicture = new WeakMap<Page, Buffer>();

/**
 * The canvas coverage once the picture is at rest (waits.ts `steady`). `changed`: the action just
 * taken changes the picture, so first wait for it to differ from the one the previous call saw.
 */
async function settledCoverage(page: Page, changed = false): Promise<number> {
  const from = changed ? lastPicture.get(page) : undefined;
  if (changed && !from) throw new Error('settledCoverage: no picture before the change');
  const picture = await steady(page.locator(CANVAS), { from });
  lastPicture.set(page, picture);
  return pictureCoverage(page, picture);
}

/** Shares of a screenshot's sampled pixels: the grey desk, the white sheet, and ink (anything else). */
async function sheetPixels(
  page: Page,
  selector: string,
): Promise<{ desk: number; sheet: number; ink: number }> {
  const png = await page.locator(selector).screenshot();
  return measurePicture(page, png, ({ data }) => {
    const near = (i: number, v: number) =>
      Math.abs(data[i]! - v) + Math.abs(data[i + 1]! - v) + Math.abs(data[i + 2]! - v) < 24;
    let desk = 0;
    let sheet = 0;
    let ink = 0;
    let total = 0;
    for (let i = 0; i < data.length; i += 4 * 5) {
      total++;
      if (near(i, 0xbf)) desk++;
      else if (near(i, 0xff)) sheet++;
      else ink++;
    }
    return { desk: desk / total, sheet: sheet / total, ink: ink / total };
  });
}

/**
 * sample_AC1018 has three paper-space layouts, each a sheet with one viewport onto model space: the
 * tabs list them in tab order; a layout shows the sheet on the desk with model space drawn inside its
 * viewport (less of the model than model space shows, as the viewport clips it); 模型 comes back.
 */
async function checkLayouts(page: Page, name: string): Promise<void> {
  const tabs = page.locator('[data-testid="drawing-spaces"] [role="tab"]');
  assert.deepEqual(await tabs.allInnerTexts(), ['模型', 'Layout1', 'Layout2', 'MyLayout'], `${name}: tabs`);
  await steady(page.locator(CANVAS));
  const model = await sheetPixels(page, '[data-testid="drawing-canvas"]');
  await tabs.filter({ hasText: 'MyLayout' }).click();
  const layout = page.locator('[data-testid="drawing-layout"][data-space="MyLayout"][data-state="done"]');
  await layout.waitFor({ timeout: 30_000 });
  assert.equal(await layout.getAttribute('data-viewports'), '1', `${name}: one model viewport`);
  await steady(layout);
  const paper = await sheetPixels(page, '[data-testid="drawing-layout"]');
  await shot(page, J, `layout-${name}`);
  assert.ok(paper.desk > 0.05, `${name}: the desk shows around the sheet (${paper.desk})`);
  assert.ok(paper.sheet > 0.3, `${name}: the sheet (${paper.sheet})`);
  assert.ok(paper.ink > 0.001, `${name}: model space is drawn in the viewport (${paper.ink})`);
  assert.ok(
    paper.ink < model.ink,
    `${name}: the viewport shows part of the model (${paper.ink} < ${model.ink})`,
  );
  assert.equal(await page.locator('[data-testid="drawing-measure-button"]').isDisabled(), true);
  // Another layout, from its *Paper_Space block.
  await tabs.filter({ hasText: 'Layout2' }).click();
  await page.locator('[data-testid="drawing-layout"][data-space="Layout2"][data-state="done"]').waitFor();
  assert.ok(
    (await sheetPixels(page, '[data-testid="drawing-layout"]')).ink > 0.001,
    `${name}: Layout2 drawn`,
  );
  await tabs.filter({ hasText: '模型' }).click();
  await page.locator('[data-testid="drawing-layout"][data-state="none"]').waitFor({ state: 'attached' });
  await steady(page.locator(CANVAS));
  const back = await sheetPixels(page, '[data-testid="drawing-canvas"]');
  assert.ok(Math.abs(back.ink - model.ink) < model.ink * 0.05, `${name}: model space again (${back.ink})`);
}

test('every DWG and DXF converts and opens in the drawing viewer; a share opens on a phone', async () => {
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await openMyFiles(page, j.server.url, DEMO, '?rows=50');
  await page.setInputFiles('[data-testid="upload-input"]', [
    ...drawings.map((d) => d.file),
    path.join(work, BROKEN),
  ]);
  for (const d of drawings) {
    await page
      .locator(`[data-testid="status-${path.basename(d.file)}"]`)
      .filter({ hasText: '转换完成' })
      .waitFor({ timeout: 240_000 });
  }
  await page
    .locator(`[data-testid="status-${BROKEN}"]`)
    .filter({ hasText: '转换失败' })
    .waitFor({ timeout: 60_000 });
  await hideTransfers(page);
  await shot(page, J, '01-converted');

  for (const [i, d] of drawings.entries()) {
    const name = path.basename(d.file);
    await openPreview(page, name);
    const coverage = await drawingDrawn(page);
    assert.ok(coverage > 0.001, `${name}: the drawing is drawn (${(coverage * 100).toFixed(2)}% ink)`);
    const list = page.locator('[data-testid="drawing-layers"]');
    assert.equal(Number(await list.getAttribute('data-layer-count')), d.layers, `${name}: layers`);
    assert.equal(await list.locator('[data-testid="drawing-layer"]').count(), d.layers);
    await shot(page, J, `${String(i + 2).padStart(2, '0')}-${name}`);

    if (name.startsWith('sample_AC1018')) {
      // Layer_Off is switched off in the drawing: it starts unchecked.
      const offBox = list.locator('[data-testid="drawing-layer"][data-layer="Layer_Off"] input');
      assert.equal(await offBox.isChecked(), false, `${name}: Layer_Off starts off`);
      assert.equal(
        await list.locator('[data-testid="drawing-layer"][data-layer="Layer1"] input').isChecked(),
        true,
      );
    }
    if (name.startsWith('sample_AC1018')) await checkLayouts(page, name);
    // The busiest layer off: fewer inked pixels.
    const before = await settledCoverage(page);
    await list.locator(`[data-testid="drawing-layer"][data-layer="${d.busiestLayer}"] input`).click();
    const off = await settledCoverage(page, true);
    assert.ok(off < before, `${name}: layer ${d.busiestLayer} off → ${off} < ${before}`);
    await list.locator(`[data-testid="drawing-layer"][data-layer="${d.busiestLayer}"] input`).click();

    if (name === CN_PLAN) {
      assert.equal(
        await page.locator('[data-testid="drawing-preview"]').getAttribute('data-missing-chars'),
        'false',
        'every Chinese character has a glyph',
      );
      const withText = await settledCoverage(page, true);
      await list.locator('[data-testid="drawing-layer"][data-layer="文字"] input').click();
      const noText = await settledCoverage(page, true);
      assert.ok(noText < withText, `the Chinese text is drawn (${noText} < ${withText})`);
      await list.locator('[data-testid="drawing-layer"][data-layer="文字"] input').click();

      // Distance measure: two clicks → a distance in drawing units.
      await page.locator('[data-testid="drawing-measure-button"]').click();
      const box = (await page.locator(CANVAS).boundingBox())!;
      await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.5);
      await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.5);
      const result = page.locator('[data-testid="drawing-measure-result"]');
      await result.filter({ hasText: /距离：[\d.]+/ }).waitFor({ timeout: 5_000 });
      const measured = Number(/距离：([\d.]+)/.exec(await result.innerText())![1]);
      assert.ok(measured > 1000 && measured < 20000, `a plausible distance in millimetres: ${measured}`);
      await shot(page, J, '07-measure');
      await page.locator('[data-testid="drawing-measure-button"]').click();

      await page.locator('[data-testid="drawing-background-button"]').click();
      await page.locator('[data-testid="drawing-preview"][data-background="black"]').waitFor();
      const dark = await settledCoverage(page, true);
      assert.ok(dark > 0.001, `drawn on black too (${dark})`);
      await shot(page, J, '08-black-background');
      await page.locator('[data-testid="drawing-background-button"]').click();
      // Wheel zoom: zoomed in, less of the plan is on the canvas; 适应窗口 brings it all back.
      const whole = await settledCoverage(page, true);
      const c = (await page.locator(CANVAS).boundingBox())!;
      await page.mouse.move(c.x + c.width * 0.45, c.y + c.height * 0.45);
      for (let k = 0; k < 5; k++) await page.mouse.wheel(0, -400);
      const zoomed = await settledCoverage(page, true);
      assert.notEqual(zoomed, whole, `the wheel zooms (${zoomed} vs ${whole})`);
      await shot(page, J, '08b-wheel-zoom');
      await page.locator('[data-testid="drawing-fit-button"]').click();
      const fitted = await settledCoverage(page, true);
      assert.ok(
        Math.abs(fitted - whole) < whole * 0.05,
        `fit shows the whole plan again (${fitted} vs ${whole})`,
      );
    }
    await closePreview(page);
  }

  // A damaged DWG opens to 转换失败 with its reason and the download button.
  await openFailedPreview(page, BROKEN, 'DWG 图纸已损坏或不完整，无法读取');
  await shot(page, J, '08c-broken-dwg');
  await closePreview(page);

  // Share the Chinese plan browse-only; a phone visitor opens it with the code.
  const { link, pwd } = await shareBrowseOnly(page, CN_PLAN);
  await closeShareDialog(page);

  const { ctx: phone, page: visitor } = await visitOnPhone(j.browser, link, pwd);
  const ink = await drawingDrawn(visitor);
  assert.ok(ink > 0.001, `the visitor sees the drawing (${(ink * 100).toFixed(2)}% ink)`);
  const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling on a phone (${overflow}px)`);
  await shot(visitor, J, '09-visitor-phone');

  // Two fingers spread apart: the plan is pinch-zoomed, the page is not.
  const box = (await visitor.locator(CANVAS).boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cdp = await phone.newCDPSession(visitor);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', d: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd'
          ? []
          : [
              { x: cx - d, y: cy, id: 1 },
              { x: cx + d, y: cy, id: 2 },
            ],
    });
  const unpinched = await settledCoverage(visitor);
  await touch('touchStart', 20);
  for (let d = 30; d <= 150; d += 15) await touch('touchMove', d);
  await touch('touchEnd', 150);
  const pinched = await settledCoverage(visitor, true);
  assert.notEqual(pinched, unpinched, `pinch zooms the drawing (${pinched} vs ${unpinched})`);
  const pageZoom = await visitor.evaluate(() => window.visualViewport?.scale ?? 1);
  assert.equal(pageZoom, 1, 'the page itself is not zoomed');
  await shot(visitor, J, '09b-visitor-pinch');
  await visitor.locator('[data-testid="drawing-fit-button"]').click();
  // On a phone the layer list starts closed and floats over the drawing when opened.
  assert.equal(await visitor.locator('[data-testid="drawing-layers"]').count(), 0);
  await visitor.locator('[data-testid="drawing-layers-button"]').click();
  const phoneList = visitor.locator('[data-testid="drawing-layers"]');
  await phoneList.waitFor();
  assert.equal(Number(await phoneList.getAttribute('data-layer-count')), 5);
  await shot(visitor, J, '10-visitor-layers');
  assert.equal(await visitor.getByRole('button', { name: /下\s*载/ }).count(), 0, 'browse-only: no download');
  await phone.close();
  await ctx.close();
});
