/**
 * The link-drawing dialog and the split view in a real browser (001 §2 "Link-drawing dialog"; issue 13
 * "Drawing ↔ model"): the owner opens a model, 图纸 → 关联图纸… shows the dialog (关联图纸文件, 800 px,
 * dragged by its title); in the left tree only DWG files can be ticked (a DXF and folders cannot), a
 * folder's children load when it opens (T1 below T0), 添加 copies the ticked drawings to the right
 * without duplicates, 移除 takes ticked ones away, 确定 saves; the linked drawings are listed and one
 * opens beside the model, drawn. Screenshots: e2e/artifacts/drawing-links/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { canvasCoverage, shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { addFolder, openPreview, waitConverted } from '../lib/preview.ts';
import { DEMO, TESTDATA } from '../lib/server.ts';
import { openMyFiles } from '../lib/sign-in.ts';
import { settled, until } from '../lib/waits.ts';

const J = 'drawing-links';
const MODEL = 'AC20-FZK-Haus.ifc';
const ROOT_DWG = 'R14.dwg';
const SUB_DWG = 'sample_AC1018.dwg';
const DXF = 'polylines.dxf';
const FOLDER = '新建文件夹';

const j = journey();

/** The tree node (treeitem) of the dialog's tree `side` holding the element with test id `testId`. */
const treeNode = (page: Page, side: 'left' | 'right', testId: string) =>
  page
    .getByTestId(`link-drawing-${side}`)
    .getByRole('treeitem')
    .filter({ has: page.getByTestId(testId) });

/** The checkbox of a left-tree node by file name. */
const leftBox = (page: Page, name: string) =>
  treeNode(page, 'left', `link-tree-${name}`).getByRole('checkbox');

test('link DWG drawings to a model in the dialog and open one beside the model', async () => {
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await openMyFiles(page, j.server.url, DEMO);
  // A folder with one drawing in it, and the model, a DWG and a DXF at the top.
  await addFolder(page);
  await page.locator(`[data-row-name="${FOLDER}"]`).getByText(FOLDER).click();
  await page.waitForURL(/folderId=/);
  // The folder's listing has answered (an upload chosen before that races the page's folder state).
  await page.getByText('还没有文件').waitFor();
  await page.setInputFiles('[data-testid="upload-input"]', [path.join(TESTDATA, 'dwg', SUB_DWG)]);
  await waitConverted(page, [SUB_DWG]);
  await page.goto(`${j.server.url}/myDocument`);
  await page.setInputFiles('[data-testid="upload-input"]', [
    path.join(TESTDATA, 'ifc', MODEL),
    path.join(TESTDATA, 'dwg', ROOT_DWG),
    path.join(TESTDATA, 'dxf', DXF),
  ]);
  await waitConverted(page, [MODEL, ROOT_DWG, DXF]);

  await openPreview(page, MODEL);
  await page.locator('[data-testid="model-viewer"][data-first-frame="1"]').waitFor({ timeout: 120_000 });
  await page.getByTestId('linked-drawings-button').click();
  await page.getByRole('menuitem', { name: '关联图纸…' }).click();
  const dialog = page.getByTestId('link-drawing-dialog');
  await dialog.waitFor();
  const modal = page.getByRole('dialog').filter({ has: dialog });
  assert.equal(await modal.getByTestId('link-drawing-title').innerText(), '关联图纸文件');
  await settled(modal); // measured once antd's zoom-in has ended (a busy machine drew it 791 px mid-way)
  assert.equal(Math.round((await modal.boundingBox())!.width), 800);

  // Only DWG files can be ticked: the DXF, the model and the folder cannot.
  await page.getByTestId(`link-tree-${ROOT_DWG}`).waitFor();
  for (const name of [DXF, MODEL, FOLDER])
    assert.equal(await leftBox(page, name).getAttribute('aria-disabled'), 'true', name);
  assert.equal(await page.getByTestId(`link-tree-${ROOT_DWG}`).getAttribute('data-level'), 'T0');
  // Opening the folder loads its drawing (T1).
  await treeNode(page, 'left', `link-tree-${FOLDER}`).getByRole('img', { name: 'caret-down' }).click();
  await page.getByTestId(`link-tree-${SUB_DWG}`).waitFor();
  assert.equal(await page.getByTestId(`link-tree-${SUB_DWG}`).getAttribute('data-level'), 'T1');

  // 添加 twice (no duplicate), 移除 one, add it again, 确定.
  await leftBox(page, ROOT_DWG).click();
  await leftBox(page, SUB_DWG).click();
  await page.getByTestId('link-drawing-add').click();
  await leftBox(page, ROOT_DWG).click();
  await page.getByTestId('link-drawing-add').click();
  const chosen = page.locator('[data-testid="link-drawing-right"] [data-testid^="link-chosen-"]');
  assert.equal(await chosen.count(), 2);
  await treeNode(page, 'right', `link-chosen-${SUB_DWG}`).getByRole('checkbox').click();
  await page.getByTestId('link-drawing-remove').click();
  assert.equal(await chosen.count(), 1);
  await leftBox(page, SUB_DWG).click();
  await page.getByTestId('link-drawing-add').click();
  assert.equal(await chosen.count(), 2);
  // The dialog moves with its title.
  const before = (await dialog.boundingBox())!;
  const title = (await page.getByTestId('link-drawing-title').boundingBox())!;
  await page.mouse.move(title.x + 20, title.y + 5);
  await page.mouse.down();
  await page.mouse.move(title.x + 120, title.y + 65, { steps: 5 });
  await page.mouse.up();
  const moved = (await dialog.boundingBox())!;
  assert.ok(Math.abs(moved.x - before.x - 100) < 3 && Math.abs(moved.y - before.y - 60) < 3, 'dragged');
  await shot(page, J, '01-dialog');
  // Resized from its corner grip (000 §2; never below 400 × 300), maximised and restored (001 §2).
  const grip = (await page.getByTestId('dialog-resize-grip').boundingBox())!;
  const panel = page.getByTestId('resizable-dialog');
  const sized = (await panel.boundingBox())!;
  await page.mouse.move(grip.x + 9, grip.y + 9);
  await page.mouse.down();
  await page.mouse.move(grip.x - 91, grip.y + 49, { steps: 5 });
  await page.mouse.up();
  const resized = (await panel.boundingBox())!;
  assert.ok(Math.abs(resized.width - sized.width + 100) < 3, `width follows the grip: ${resized.width}`);
  assert.ok(Math.abs(resized.height - sized.height - 40) < 3, `height follows the grip: ${resized.height}`);
  assert.ok(Math.abs(resized.x - sized.x) < 3, 'the left edge stays');
  await page.mouse.move(grip.x - 91, grip.y + 49);
  await page.mouse.down();
  await page.mouse.move(grip.x - 2000, grip.y - 2000, { steps: 5 });
  await page.mouse.up();
  const smallest = (await panel.boundingBox())!;
  assert.ok(Math.abs(smallest.width - 400) < 2 && Math.abs(smallest.height - 300) < 2, 'minimum 400 × 300');
  await page.getByTestId('dialog-maximise').click();
  const full = (await panel.boundingBox())!;
  const viewport = page.viewportSize()!;
  assert.ok(full.width > viewport.width - 40 && full.height > viewport.height - 40, 'maximised');
  assert.ok((await page.getByTestId('link-drawing-left').boundingBox())!.height > 400, 'the panes fill it');
  await shot(page, J, '01b-dialog-maximised');
  await page.getByTestId('dialog-maximise').click();
  assert.ok(Math.abs((await panel.boundingBox())!.width - 400) < 2, 'restored');
  await page.getByTestId('link-drawing-ok').click();
  await dialog.waitFor({ state: 'hidden' });

  // Listed in the viewer; one opens beside the model and is drawn.
  await page.getByTestId('linked-drawings-button').filter({ hasText: '2' }).waitFor();
  await page.getByTestId('linked-drawings-button').click();
  await page.getByTestId(`linked-drawing-${SUB_DWG}`).click();
  await page
    .locator('[data-testid="drawing-pane"] [data-testid="drawing-preview"][data-state="done"]')
    .waitFor({
      timeout: 60_000,
    });
  // The drawing is painted on its canvas.
  await until(
    () => canvasCoverage(page, '[data-testid="drawing-pane"] [data-testid="drawing-canvas"]'),
    (c) => c > 0.001,
    { timeout: 10_000, interval: 250, message: 'the drawing is drawn' },
  );
  assert.ok((await canvasCoverage(page, '[data-testid="viewer-canvas"]')) > 0.02, 'the model stays drawn');
  const [modelBox, paneBox] = [
    (await page.locator('[data-testid="viewer-canvas"]').boundingBox())!,
    (await page.getByTestId('drawing-pane').boundingBox())!,
  ];
  assert.ok(paneBox.x >= modelBox.x + modelBox.width - 2, 'the drawing sits beside the model');
  await shot(page, J, '02-split-view');

  // Reopening the preview lists the same links (saved on the server).
  await page
    .locator('[data-testid="preview-overlay"]')
    .getByRole('button', { name: '关闭', exact: true })
    .click();
  await openPreview(page, MODEL);
  await page.getByTestId('linked-drawings-button').filter({ hasText: '2' }).waitFor({ timeout: 60_000 });
  await ctx.close();
});
