/**
 * Versions and folder download in 我的文件 (issue 5; 001 §7 FileVersionAdd, CompressFileFolder):
 * a folder row's 下载 saves `<folder>.zip` through the browser's own download (its entries checked);
 * a file row's 版本 opens the versions dialog, a new version of a real IFC is uploaded from it and
 * becomes 当前版本 once converted, 设为当前版本 switches back to V1, and 预览 on V2 shows V2's own model.
 * Screenshots:
 * e2e/artifacts/versions-folder-zip/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ARTIFACTS, canvasCoverage, shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { apiData, registerAccount, TESTDATA } from '../lib/server.ts';
import { uploadTestFile } from '../lib/tus.ts';
import { panel } from '../lib/transfers.ts';
import { settled } from '../lib/waits.ts';

const J = 'versions-folder-zip';
const PHONE = '13700000052';
const PASSWORD = 'Passw0rd!x';
const run = promisify(execFile);

const j = journey();

const api = <T>(token: string, method: 'GET' | 'POST', route: string, body?: unknown) =>
  apiData<T>(j.server.url, token, method, route, body);

test('download a folder as a zip; versions of an IFC: upload, current, switch back', async () => {
  await registerAccount(j.server.url, { phone: PHONE, password: PASSWORD, name: '钱工' });

  const { ctx, page } = await journeyPage(j.browser, {
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  await signInWithPassword(page, j.server.url, PHONE, PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;

  const root = await api<{ iuid: string }>(token, 'POST', '/api/Home/FolderAdd', {
    parentIUID: '',
    fileName: '项目资料',
  });
  const models = await api<{ iuid: string }>(token, 'POST', '/api/Home/FolderAdd', {
    parentIUID: root.iuid,
    fileName: '模型',
  });
  await api(token, 'POST', '/api/Home/FolderAdd', { parentIUID: root.iuid, fileName: '空文件夹' });
  await uploadTestFile(j.server.url, token, 'ifc/SimpleWall.ifc', { folderId: models.iuid });
  await uploadTestFile(j.server.url, token, 'images/SimpleWall_Screenshot_1.png', { folderId: root.iuid });

  // 下载 on the folder row: the browser saves 项目资料.zip with the tree inside.
  await page.goto(`${j.server.url}/myDocument`);
  const folderRow = page.getByTestId('file-table').locator('tr[data-row-name="项目资料"]');
  await folderRow.waitFor();
  const downloadButton = folderRow.getByRole('button', { name: '下载' });
  await downloadButton.hover();
  await page.getByRole('tooltip', { name: '下载' }).waitFor();
  await shot(page, J, '01-folder-download-action');
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  assert.equal(download.suggestedFilename(), '项目资料.zip');
  const saved = path.join(ARTIFACTS, J, '项目资料.zip');
  await download.saveAs(saved);
  assert.ok((await stat(saved)).size > 190_000);
  const listing = await run('unzip', ['-Z1', saved]).then(
    (o) => o.stdout,
    () => null, // no unzip on this machine: the server tests check the entries
  );
  if (listing !== null) {
    const names = listing.trim().split('\n').sort();
    assert.deepEqual(names, [
      '项目资料/',
      '项目资料/SimpleWall_Screenshot_1.png',
      '项目资料/模型/',
      '项目资料/模型/SimpleWall.ifc',
      '项目资料/空文件夹/',
    ]);
  }

  // 版本 on the IFC row, once converted.
  await page.goto(`${j.server.url}/myDocument?folderId=${models.iuid}`);
  const ifcRow = page.getByTestId('file-table').locator('tr[data-row-name="SimpleWall.ifc"]');
  await ifcRow.waitFor();
  await page.getByTestId('status-SimpleWall.ifc').getByText('转换完成').waitFor({ timeout: 120_000 });
  await ifcRow.getByRole('button', { name: '版本' }).click();
  const dialog = page.getByTestId('versions-dialog');
  await dialog.locator('tr[data-version="1"]').getByText('当前版本').waitFor();
  await page.getByText('版本管理 - SimpleWall.ifc').waitFor();

  // 上传新版本 from the dialog: another real IFC becomes V2, the current version, and is converted.
  await dialog.getByTestId('version-input').setInputFiles(path.join(TESTDATA, 'ifc/wall-elemented-case.ifc'));
  const v2 = dialog.locator('tr[data-version="2"]');
  await page.getByText('已上传为 V2，正在处理').waitFor({ timeout: 60_000 });
  await dialog.getByRole('progressbar').waitFor({ state: 'detached' });
  await v2.getByText('当前版本').waitFor({ timeout: 60_000 });
  await v2.getByText('转换完成').waitFor({ timeout: 120_000 });
  assert.equal(await dialog.locator('tr[data-version="1"]').getByText('当前版本').count(), 0);
  await v2.getByText('wall-elemented-case.ifc').waitFor();
  await shot(page, J, '02-versions-dialog-v2-current');

  // 设为当前版本 on V1 switches back; the row in the table shows V1's size again.
  await dialog.locator('tr[data-version="1"]').getByRole('button', { name: '设为当前版本' }).click();
  await dialog.locator('tr[data-version="1"]').getByText('当前版本').waitFor();
  await page.getByText('已将 V1 设为当前版本').waitFor();
  await shot(page, J, '03-versions-dialog-v1-current');
  // 下载 on V2 goes through the transfer panel like every download (issue 17) and saves V2's bytes.
  await page.mouse.move(0, 0); // 设为当前版本's tooltip would cover V2's row
  await page.getByRole('tooltip', { name: '设为当前版本' }).waitFor({ state: 'hidden' });
  const [v2Download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.locator('tr[data-version="2"]').getByRole('button', { name: '下载' }).click(),
  ]);
  // Started from within the dialog, the download shows the panel whole over it (issue 17).
  await panel(page)
    .locator('[data-testid="download-status-wall-elemented-case.ifc"]')
    .getByText('完成')
    .waitFor();
  const v2Saved = path.join(ARTIFACTS, J, 'v2-download.ifc');
  await v2Download.saveAs(v2Saved);
  await settled(panel(page));
  await shot(page, J, '03b-version-download-in-panel');
  assert.ok(
    (await readFile(v2Saved)).equals(await readFile(path.join(TESTDATA, 'ifc/wall-elemented-case.ifc'))),
    'the version download holds V2 byte for byte',
  );
  // The panel is usable with the dialog open: a finished download offers 移除 (not 取消), which takes
  // its row off; 最小化 puts the panel away and the dialog is still there.
  const downloadRow = panel(page).locator('tr[data-transfer-name="wall-elemented-case.ifc"]');
  await downloadRow.getByRole('button', { name: '移除' }).click();
  await downloadRow.waitFor({ state: 'detached' });
  await panel(page).getByRole('button', { name: '最小化' }).click();
  await panel(page).waitFor({ state: 'detached' });
  await dialog.locator('tr[data-version="2"]').waitFor();
  // 预览 on V2 (no longer current) opens the overlay on V2's own converted model.
  const [previewAnswer] = await Promise.all([
    page.waitForResponse(
      (res) => res.url().includes('/api/Home/GetPreviewInfo') && res.url().includes('version=2'),
    ),
    dialog.locator('tr[data-version="2"]').getByRole('button', { name: '预览' }).click(),
  ]);
  assert.equal(((await previewAnswer.json()) as { data: { statusType: number } }).data.statusType, 3);
  await page.locator('[data-testid="preview-overlay"]').waitFor();
  await page.locator('[data-first-frame="1"]').waitFor({ timeout: 120_000 });
  await page.getByTestId('preview-header').getByText('SimpleWall.ifc (V2)').waitFor();
  await settled(page.getByTestId('preview-overlay')); // the overlay has opened and come to rest
  await shot(page, J, '04-version-2-preview');
  const coverage = await canvasCoverage(page, '[data-testid="viewer-canvas"]');
  assert.ok(coverage > 0.01, `V2 model pixels cover ${(coverage * 100).toFixed(1)}% of the canvas`);

  const info = await api<{ fileBytes: number; statusType: number }>(
    token,
    'GET',
    `/api/Home/MyDocumentList?folderId=${models.iuid}`,
  ).then((l) => (l as unknown as { list: Array<{ fileName: string; fileBytes: number }> }).list);
  const wall = info.find((f) => f.fileName === 'SimpleWall.ifc');
  assert.equal(wall?.fileBytes, (await stat(path.join(TESTDATA, 'ifc/SimpleWall.ifc'))).size);
  await ctx.close();
});
