/**
 * The 3D viewer's tools in a real browser (issue 13 "Viewer: section planes, measure, storey
 * isolation"): on the FZK-Haus IFC and a GLB, a horizontal section plane and the section box change
 * what is drawn (canvas pixels) and 清除剖切 restores it; 距离 measures between two clicked points
 * (a label in metres or millimetres), 角度 three, 面积 a clicked polygon; the hover marker reports a
 * snap; 隔离 keeps a picked element (or a storey picked in the tree, with its elements) alone and
 * 全部显示 brings the rest back. A model at rest draws no frames; orbiting it draws them. Screenshots:
 * e2e/artifacts/viewer-tools/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { measurePicture, pictureCoverage, shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { openPreview, waitConverted } from '../lib/preview.ts';
import { DEMO, TESTDATA } from '../lib/server.ts';
import { openMyFiles } from '../lib/sign-in.ts';
import { steady, until } from '../lib/waits.ts';
import { countWebglFrames, webglFrames } from '../lib/webgl-frames.ts';

const J = 'viewer-tools';
const HAUS = 'AC20-FZK-Haus.ifc';
const GLB = 'BoxTextured.glb';
const CANVAS = '[data-testid="viewer-canvas"]';
/** How long a model at rest is watched for frames it should not draw (ms). */
const REST_WINDOW_MS = 1500;

const j = journey();

/** Choose an item of a toolbar menu (剖切 / 测量) and wait until the menu has closed. */
async function menu(page: Page, button: 'viewer-section' | 'viewer-measure', item: string) {
  await page.locator(`[data-testid="${button}"]`).click();
  const entry = page.getByRole('menu').getByRole('menuitem', { name: item, exact: true });
  await entry.click();
  await entry.waitFor({ state: 'hidden' });
}

/**
 * The canvas once the renderer has come to rest (camera, tiles): the same picture three reads in a
 * row, 200 ms apart. With `from` (the picture before an action that must change it), a new picture first.
 */
const atRest = (page: Page, from?: Buffer): Promise<Buffer> =>
  steady(page.locator(CANVAS), { reads: 2, interval: 200, timeout: 90_000, from });

/** Coverage of the canvas at rest (the translucent section plane not counted); see atRest. */
async function coverageNow(page: Page, from?: Buffer): Promise<number> {
  return pictureCoverage(page, await atRest(page, from), 90);
}

/** Share of canvas pixels of the FZK-Haus roof's colour (red-orange tiles) in a picture, 0..1. */
async function roofShare(page: Page, png: Buffer): Promise<number> {
  return measurePicture(page, png, ({ data }) => {
    let roof = 0;
    for (let i = 0; i < data.length; i += 4)
      if (data[i]! > 170 && data[i + 1]! < 130 && data[i + 2]! < 90) roof++;
    return roof / (data.length / 4);
  });
}

/** Click at fractions of the canvas. */
async function clickAt(page: Page, fx: number, fy: number) {
  const box = (await page.locator(CANVAS).boundingBox())!;
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

/** Points placed and measurements shown: changes with every click the measure tool takes. */
const measureProgress = (page: Page): Promise<string> =>
  page.evaluate(
    () =>
      `${document.querySelector('[data-testid="viewer-measure-hint"]')?.getAttribute('data-placed')}/` +
      `${document.querySelectorAll('[data-testid="measure-label"]').length}`,
  );

/** Click points (fractions of the canvas), each taken by the tool, until `count` labels show. */
async function measureWith(page: Page, points: [number, number][], count: number) {
  for (const [fx, fy] of points) {
    const before = await measureProgress(page);
    await clickAt(page, fx, fy);
    await until(
      () => measureProgress(page),
      (now) => now !== before,
      { timeout: 15_000, message: `the measure tool did not take the click at ${fx}, ${fy}` },
    );
  }
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="measure-label"]').length >= n,
    count,
    { timeout: 15_000 },
  );
}

test('section planes and box, distance / angle / area with snapping, isolate, on an IFC and a GLB', async () => {
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await countWebglFrames(ctx);
  await openMyFiles(page, j.server.url, DEMO);
  await page.setInputFiles('[data-testid="upload-input"]', [
    path.join(TESTDATA, 'ifc', HAUS),
    path.join(TESTDATA, 'gltf', GLB),
  ]);
  await waitConverted(page, [HAUS, GLB]);

  await openPreview(page, HAUS);
  await page.locator('[data-testid="model-viewer"][data-first-frame="1"]').waitFor({ timeout: 120_000 });
  const house = await atRest(page);
  const full = await coverageNow(page);
  assert.ok(full > 0.05, `the house covers ${(full * 100).toFixed(1)}%`);

  // A horizontal section plane through the middle takes the roof away; 清除剖切 brings it back.
  const roof = await roofShare(page, house);
  assert.ok(roof > 0.01, `the roof covers ${(roof * 100).toFixed(1)}%`);
  await menu(page, 'viewer-section', 'Z 轴剖切面（水平）');
  const cut = await atRest(page, house);
  const roofCut = await roofShare(page, cut);
  await shot(page, J, '01-section-plane');
  assert.ok(roofCut < roof * 0.2, `a section removes the roof: ${roofCut.toFixed(4)} vs ${roof.toFixed(4)}`);
  await menu(page, 'viewer-section', '清除剖切');
  const restored = await roofShare(page, await atRest(page, cut));
  assert.ok(Math.abs(restored - roof) < roof * 0.05, `cleared: ${restored.toFixed(4)} vs ${roof.toFixed(4)}`);
  // The section box starts just outside the model: nothing is cut until a face is dragged in.
  await menu(page, 'viewer-section', '剖切盒');
  const boxed = await coverageNow(page);
  await shot(page, J, '02-section-box');
  assert.ok(Math.abs(boxed - full) < full * 0.1, `box on: ${boxed.toFixed(3)} vs ${full.toFixed(3)}`);
  await menu(page, 'viewer-section', '清除剖切');

  // 距离: two clicks on the house give a length; the hover marker snaps.
  await menu(page, 'viewer-measure', '距离');
  await page.locator('[data-testid="viewer-measure-hint"]').getByText('距离测量').waitFor();
  const box = (await page.locator(CANVAS).boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.5);
  await page.waitForFunction(
    (sel) =>
      ['vertex', 'edge', 'face'].includes(
        document.querySelector<HTMLCanvasElement>(`${sel} canvas`)?.dataset.snap ?? '',
      ),
    CANVAS,
    { timeout: 15_000 },
  );
  await measureWith(
    page,
    [
      [0.42, 0.5],
      [0.58, 0.52],
    ],
    1,
  );
  const distance = await page.locator('[data-testid="measure-label"][data-mode="distance"]').innerText();
  assert.match(distance, /^\d+(\.\d{3})? m$|^\d+ mm$/);
  // 角度 at the middle of three points; 面积 of a triangle closed with 完成.
  await menu(page, 'viewer-measure', '角度');
  await measureWith(
    page,
    [
      [0.42, 0.45],
      [0.5, 0.55],
      [0.58, 0.45],
    ],
    2,
  );
  const angle = await page.locator('[data-testid="measure-label"][data-mode="angle"]').innerText();
  assert.match(angle, /^\d+\.\d°$/);
  const degrees = Number(angle.replace('°', ''));
  assert.ok(degrees > 0 && degrees < 180, angle);
  await menu(page, 'viewer-measure', '面积');
  await measureWith(
    page,
    [
      [0.44, 0.45],
      [0.56, 0.45],
      [0.5, 0.56],
    ],
    2,
  );
  await shot(page, J, '03-area-points');
  await page.locator('[data-testid="viewer-measure-hint"][data-placed="3"]').waitFor({ timeout: 15_000 });
  await page
    .locator('[data-testid="viewer-measure-hint"]')
    .getByRole('button', { name: /完\s*成/ })
    .click();
  const area = await page.locator('[data-testid="measure-label"][data-mode="area"]').innerText();
  assert.match(area, /^\d+\.\d{3} m²$/);
  assert.ok(Number(area.split(' ')[0]) > 0, area);
  await shot(page, J, '04-measure');
  await page.locator('[data-testid="viewer-measure-hint"]').getByRole('button', { name: '退出测量' }).click();
  await menu(page, 'viewer-measure', '清除测量');
  assert.equal(await page.locator('[data-testid="measure-label"]').count(), 0);

  // 隔离: pick an element, isolate it: far less is drawn; 全部显示 brings the house back.
  await clickAt(page, 0.5, 0.5);
  await page.locator('[data-testid="viewer-properties"]').waitFor({ timeout: 30_000 });
  const picked = await atRest(page);
  await page.getByRole('button', { name: '隔离所选构件' }).click();
  const isolated = await atRest(page, picked);
  const alone = await coverageNow(page);
  await shot(page, J, '05-isolated');
  assert.ok(alone < full * 0.8, `isolated: ${alone.toFixed(3)} vs ${full.toFixed(3)}`);
  await page.getByRole('button', { name: '全部显示' }).click();
  const back = await coverageNow(page, isolated);
  assert.ok(Math.abs(back - full) < full * 0.05, `all shown: ${back.toFixed(3)} vs ${full.toFixed(3)}`);
  // A storey picked in the tree isolates with everything on it: the ground floor without the roof.
  await page.getByTestId('viewer-tree').getByText('Erdgeschoss').first().click();
  const storeyPicked = await atRest(page);
  await page.getByRole('button', { name: '隔离所选构件' }).click();
  const storeyAlone = await atRest(page, storeyPicked);
  const storeyRoof = await roofShare(page, storeyAlone);
  const storey = await coverageNow(page);
  await shot(page, J, '05b-storey-isolated');
  assert.ok(storeyRoof < roof * 0.2, `the roof is not on the ground floor: ${storeyRoof.toFixed(4)}`);
  assert.ok(
    storey > alone && storey < full,
    `storey: ${storey.toFixed(3)} (one element ${alone.toFixed(3)})`,
  );
  await page.getByRole('button', { name: '全部显示' }).click();
  // Frames on demand: none while the house rests; a drag orbits it, drawing frames until it rests.
  const resting = await atRest(page, storeyAlone);
  const framesAtRest = await webglFrames(page);
  await new Promise((r) => setTimeout(r, REST_WINDOW_MS)); // a window in which nothing may happen
  assert.equal(await webglFrames(page), framesAtRest, 'frames were drawn while the model rested');
  const centre = (await page.locator(CANVAS).boundingBox())!;
  await page.mouse.move(centre.x + centre.width * 0.3, centre.y + centre.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(centre.x + centre.width * 0.5, centre.y + centre.height * 0.6, { steps: 8 });
  await page.mouse.up();
  await atRest(page, resting);
  const orbitFrames = (await webglFrames(page)) - framesAtRest;
  assert.ok(orbitFrames >= 2, `orbiting drew ${orbitFrames} frames`);
  await page
    .locator('[data-testid="preview-overlay"]')
    .getByRole('button', { name: '关闭', exact: true })
    .click();
  await page.locator('[data-testid="preview-overlay"]').waitFor({ state: 'hidden' });
  // The pointer leaves where 关闭 was: the header's account menu, under it, opens on hover.
  const table = (await page.getByTestId('file-table').boundingBox())!;
  await page.mouse.move(table.x + table.width / 2, table.y + table.height / 2);
  await page.getByTestId('account-card').waitFor({ state: 'hidden' });

  // The same tools on a GLB (three.js raycast, snapping on the hit triangle).
  await openPreview(page, GLB);
  await page.locator('[data-testid="model-viewer"][data-first-frame="1"]').waitFor({ timeout: 120_000 });
  // The cube is 1 m wide: two points on its surface are at most √3 m apart.
  await menu(page, 'viewer-measure', '距离');
  await measureWith(
    page,
    [
      [0.42, 0.5],
      [0.58, 0.55],
    ],
    1,
  );
  const onCube = await page.locator('[data-testid="measure-label"]').first().innerText();
  const metres = onCube.endsWith(' mm') ? Number(onCube.split(' ')[0]) / 1000 : Number(onCube.split(' ')[0]);
  assert.ok(metres > 0.05 && metres <= Math.sqrt(3) + 1e-3, `on the 1 m cube: ${onCube}`);
  await shot(page, J, '06-glb-measure');
  await page.locator('[data-testid="viewer-measure-hint"]').getByRole('button', { name: '退出测量' }).click();
  const glbWhole = await atRest(page);
  const glbFull = await coverageNow(page);
  await menu(page, 'viewer-section', 'X 轴剖切面');
  const glbCut = await coverageNow(page, glbWhole);
  assert.ok(glbCut < glbFull * 0.97, `GLB section: ${glbCut.toFixed(3)} vs ${glbFull.toFixed(3)}`);
  await shot(page, J, '07-glb-section');
  await ctx.close();
});
