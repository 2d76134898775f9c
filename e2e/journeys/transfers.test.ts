/**
 * The transfer panel in a real browser (issue 5 "Transfer panel, complete"; 000 §2, §4, §7, §8, §9):
 * with the upload throttled, five real files from ../shared/testdata at once — at most three run,
 * the rest 等待中... —, one waiting upload cancelled, one running upload paused (已暂停) and resumed;
 * all finish; a folder (picked with its subfolder) is created in 我的文件 and uploaded into it; the
 * 已完成 tab lists them with 我的空间 tags, paged by 6; one record deleted (确定要删除这条记录吗？,
 * 删除成功); a file row's 下载 runs in the 下载中 tab; an upload paused before a reload is listed
 * again after it and, given the same file, finishes from where it stopped. Screenshots:
 * e2e/artifacts/transfers/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { DEMO, TESTDATA } from '../lib/server.ts';
import { panel, throttle, uploadFinished, uploadRow } from '../lib/transfers.ts';

const J = 'transfers';
const FILES = [
  'video/perf_1080p_30s.mp4',
  'images/AdvancedProject_Screenshot_3.jpg',
  'dxf/sample_AC1018_ascii.dxf',
  'video/site_walkthrough.mp4',
  'dwg/sample_AC1018.dwg',
];
const BIG = 'perf_1080p_30s.mp4';
const CANCELLED = 'sample_AC1018.dwg';

const j = journey();

async function signIn(page: Page) {
  await page.goto(`${j.server.url}/login`);
  await page.locator('input:not([type=password])').first().fill(DEMO.phone);
  await page.locator('input[type=password]').first().fill(DEMO.password);
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await page.waitForURL(/\/(myDocument)?(\?.*)?$/, { timeout: 30_000 });
  if (!page.url().includes('/myDocument')) await page.goto(`${j.server.url}/myDocument`);
  await page.locator('[data-testid="file-table"]').waitFor();
}

const phases = async (page: Page) =>
  panel(page)
    .locator('tr[data-phase]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-phase') ?? ''));

test('several uploads with a limit, cancel, pause/resume, folders, completed records, download, resume after reload', async () => {
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  page.on('response', (r) => {
    if (r.status() >= 400) console.error('[response]', r.status(), r.request().method(), r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') console.error('[console]', m.text());
  });
  page.on('requestfailed', (r) =>
    console.error('[request failed]', r.method(), r.url(), r.failure()?.errorText),
  );
  await signIn(page);
  const cdp = await ctx.newCDPSession(page);
  await throttle(cdp, 400 * 1024);

  // Five files at once: three run, two wait.
  await page.setInputFiles(
    '[data-testid="upload-input"]',
    FILES.map((f) => path.join(TESTDATA, f)),
  );
  await panel(page).waitFor({ timeout: 15_000 });
  await uploadRow(page, CANCELLED).waitFor();
  const early = await phases(page);
  assert.equal(early.length, 5);
  assert.ok(early.filter((p) => p === 'running').length <= 3, `at most 3 running: ${early.join(',')}`);
  assert.equal(early.filter((p) => p === 'waiting').length >= 2, true, early.join(','));
  await panel(page).getByText('等待中...').first().waitFor();
  // The 上传中 tab's badge counts the five (its count is also the badge's title).
  const uploadingTab = panel(page).getByRole('tab', { name: /上传中/ });
  await uploadingTab.getByTitle('5', { exact: true }).waitFor();
  assert.equal((await uploadingTab.getByTitle('5', { exact: true }).innerText()).trim(), '5');
  await shot(page, J, '01-uploading-limit');

  // Cancel a waiting upload: it leaves the list.
  await uploadRow(page, CANCELLED).getByRole('button', { name: '取消' }).click();
  await uploadRow(page, CANCELLED).waitFor({ state: 'detached' });

  // Pause the big running one: 已暂停, its slot goes to the next waiting upload; then resume it.
  await uploadRow(page, BIG).locator('[data-phase="running"]').or(uploadRow(page, BIG)).first().waitFor();
  await page.waitForFunction(
    () =>
      document.querySelector('tr[data-transfer-name="perf_1080p_30s.mp4"]')?.getAttribute('data-phase') ===
        'running' &&
      /%/.test(document.querySelector('[data-testid="upload-status-perf_1080p_30s.mp4"]')?.textContent ?? ''),
    undefined,
    { timeout: 30_000 },
  );
  await uploadRow(page, BIG).getByRole('button', { name: '暂停' }).click();
  await uploadRow(page, BIG).and(page.locator('[data-phase="paused"]')).waitFor();
  await panel(page).locator('[data-testid="upload-status-perf_1080p_30s.mp4"]').getByText('已暂停').waitFor();
  const pausedAt = await panel(page).locator('[data-testid="upload-status-perf_1080p_30s.mp4"]').innerText();
  await shot(page, J, '02-paused');
  await uploadRow(page, BIG).getByRole('button', { name: '继续' }).click();
  await uploadRow(page, BIG).and(page.locator('[data-phase="running"],[data-phase="waiting"]')).waitFor();

  // Lift the limit; everything finishes (完成), and the big one resumed rather than restarted.
  await throttle(cdp, -1);
  for (const f of FILES.filter((f) => !f.endsWith(CANCELLED))) await uploadFinished(page, path.basename(f));
  assert.match(pausedAt, /已暂停\s*\d+(\.\d)?%/);
  // The badge leaves with all at 100 (after its zoom-out motion).
  await uploadingTab.locator('sup').waitFor({ state: 'detached', timeout: 5000 });
  await shot(page, J, '03-uploads-done');
  // The files are in 我的文件; the cancelled one is not.
  for (const f of FILES.filter((f) => !f.endsWith(CANCELLED)))
    await page
      .locator(`[data-testid="file-table"] [data-row-name="${path.basename(f)}"]`)
      .first()
      .waitFor();
  assert.equal(await page.locator(`[data-testid="file-table"] [data-row-name="${CANCELLED}"]`).count(), 0);

  // A folder with a subfolder: the folders are created, the files go inside.
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'bimdrive-transfers-'));
  const folder = path.join(tmp, '项目图纸');
  await mkdir(path.join(folder, '一层'), { recursive: true });
  await cp(path.join(TESTDATA, 'ifc', 'SimpleWall.ifc'), path.join(folder, 'SimpleWall.ifc'));
  await cp(path.join(TESTDATA, 'ifc', 'just_wall.ifc'), path.join(folder, '一层', 'just_wall.ifc'));
  await page.setInputFiles('[data-testid="upload-folder-input"]', folder);
  const wallPath = await uploadRow(page, 'just_wall.ifc').locator('td').nth(2).innerText();
  assert.equal(wallPath.trim(), '我的文件/项目图纸/一层/');
  for (const name of ['SimpleWall.ifc', 'just_wall.ifc']) await uploadFinished(page, name, 60_000);
  await shot(page, J, '04-folder-uploaded');
  // Once the queue has drained, finished uploads leave 上传中 for 已完成 (issue 17).
  await uploadRow(page, 'just_wall.ifc').waitFor({ state: 'detached', timeout: 15_000 });
  await panel(page).getByText('暂无上传任务').waitFor();
  await page.locator('[data-testid="file-table"] [data-row-name="项目图纸"]').first().waitFor();

  // 已完成: 6 records (4 files + 2 of the folder) on page 1 with 我的空间 tags, status 上传完成.
  await panel(page).getByRole('tab', { name: '已完成' }).click();
  const completed = panel(page).locator('[data-testid="completed-tab"]');
  await completed.locator('tr[data-transfer-name]').nth(5).waitFor();
  assert.equal(await completed.locator('tr[data-transfer-name]').count(), 6);
  assert.equal(await completed.getByText('我的空间').count(), 6);
  assert.equal(await completed.getByText('上传完成').count(), 6);
  await completed.getByText('共 6 条').waitFor();
  await shot(page, J, '05-completed');

  // Delete one record: confirmation, 删除成功, the list reloads; the file stays.
  await completed
    .locator('tr[data-transfer-name="sample_AC1018_ascii.dxf"]')
    .getByRole('button', { name: '删除' })
    .click();
  await page.getByText('确定要删除这条记录吗？').waitFor();
  await shot(page, J, '06-confirm-delete');
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定要删除这条记录吗？' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await page.getByText('删除成功').first().waitFor();
  await completed.locator('tr[data-transfer-name="sample_AC1018_ascii.dxf"]').waitFor({ state: 'detached' });
  await completed.getByText('共 5 条').waitFor();
  await page
    .locator('[data-testid="file-table"] [data-row-name="sample_AC1018_ascii.dxf"]')
    .first()
    .waitFor();
  // 清空 asks with its own text; cancelled here.
  await panel(page)
    .getByRole('button', { name: '清 空' })
    .or(panel(page).getByRole('button', { name: '清空' }))
    .click();
  await page.getByText('确定要删除所有上传记录吗？').waitFor();
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定要删除所有上传记录吗？' })
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await shot(page, J, '07-after-delete');

  // 下载 of a file row: the hidden 下载中 tab appears and the bytes arrive. (The panel is minimised
  // first: it floats over the table's last rows.)
  assert.equal(
    await panel(page)
      .getByRole('tab', { name: /下载中/ })
      .count(),
    0,
  );
  await panel(page).getByRole('button', { name: '最小化' }).click();
  await panel(page).waitFor({ state: 'detached' });
  const row = page.locator('[data-testid="file-table"] [data-row-name="site_walkthrough.mp4"]').first();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: '下载' }).click(),
  ]);
  await panel(page)
    .getByRole('tab', { name: /下载中/ })
    .waitFor();
  await panel(page)
    .locator('[data-testid="download-status-site_walkthrough.mp4"]')
    .getByText('完成')
    .waitFor();
  const saved = path.join(tmp, 'dl.mp4');
  await download.saveAs(saved);
  assert.equal(
    (await stat(saved)).size,
    (await stat(path.join(TESTDATA, 'video/site_walkthrough.mp4'))).size,
  );
  await shot(page, J, '08-downloading-tab');

  // A slow download shows its percent and is cancelled (取消: the row goes, no file is saved).
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: 300 * 1024,
    uploadThroughput: -1,
  });
  await panel(page).getByRole('button', { name: '最小化' }).click();
  await page
    .locator(`[data-testid="file-table"] [data-row-name="${BIG}"]`)
    .first()
    .getByRole('button', { name: '下载' })
    .click();
  const bigStatus = panel(page).locator(`[data-testid="download-status-${BIG}"]`);
  await bigStatus.getByText(/\d+(\.\d)?%/).waitFor({ timeout: 20_000 });
  await shot(page, J, '08b-download-progress');
  await panel(page).locator(`tr[data-transfer-name="${BIG}"]`).getByRole('button', { name: '取消' }).click();
  await panel(page).locator(`tr[data-transfer-name="${BIG}"]`).waitFor({ state: 'detached' });
  await throttle(cdp, -1);
  // A refused download shows 错误: with the server's message.
  await page.route('**/api/files/signed*', (r) =>
    r.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ code: -1, msg: '文件不存在或已被删除', data: null }),
    }),
  );
  await panel(page).getByRole('button', { name: '最小化' }).click();
  await page
    .locator('[data-testid="file-table"] [data-row-name="AdvancedProject_Screenshot_3.jpg"]')
    .first()
    .getByRole('button', { name: '下载' })
    .click();
  await panel(page)
    .locator('[data-testid="download-status-AdvancedProject_Screenshot_3.jpg"]')
    .getByText('错误: 文件不存在或已被删除')
    .waitFor();
  await shot(page, J, '08c-download-error');
  await page.unroute('**/api/files/signed*');

  // Resume after a reload: pause a throttled upload, reload, 继续 asks for the file again.
  await throttle(cdp, 300 * 1024);
  await page.setInputFiles(
    '[data-testid="upload-input"]',
    path.join(TESTDATA, 'ifc-large/duplex-electrical-x40.ifc.gz'),
  );
  const gz = 'duplex-electrical-x40.ifc.gz';
  await page.waitForFunction(
    (name) => {
      const text = document.querySelector(`[data-testid="upload-status-${name}"]`)?.textContent ?? '';
      const m = /([\d.]+)%/.exec(text);
      return m !== null && Number(m[1]) >= 3;
    },
    gz,
    { timeout: 60_000 },
  );
  await uploadRow(page, gz).getByRole('button', { name: '暂停' }).click();
  await uploadRow(page, gz).and(page.locator('[data-phase="paused"]')).waitFor();
  await throttle(cdp, -1);
  await page.reload();
  await page.locator('[data-testid="file-table"]').waitFor();
  await page.getByTestId('transfer-button').click();
  await panel(page)
    .getByRole('tab', { name: /上传中/ })
    .click();
  await uploadRow(page, gz).and(page.locator('[data-phase="paused"]')).waitFor({ timeout: 15_000 });
  const restored = await panel(page).locator(`[data-testid="upload-status-${gz}"]`).innerText();
  const restoredPercent = Number(/([\d.]+)%/.exec(restored)?.[1] ?? 0);
  assert.ok(restoredPercent >= 3, `restored at ${restored}`);
  await shot(page, J, '09-restored-after-reload');
  // A different file is refused; the same file resumes and finishes.
  const [wrong] = await Promise.all([
    page.waitForEvent('filechooser'),
    uploadRow(page, gz).getByRole('button', { name: '继续' }).click(),
  ]);
  await wrong.setFiles(path.join(TESTDATA, 'ifc', 'SimpleWall.ifc'));
  await page.getByText('请选择与原上传相同的文件').first().waitFor();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    uploadRow(page, gz).getByRole('button', { name: '继续' }).click(),
  ]);
  await chooser.setFiles(path.join(TESTDATA, 'ifc-large', gz));
  await uploadFinished(page, gz);
  await page.locator(`[data-testid="file-table"] [data-row-name="${gz}"]`).first().waitFor();
  await shot(page, J, '10-resumed-done');
  // Exactly one such file, and its bytes are the original's: the resumed upload is whole.
  assert.equal(await page.locator(`[data-testid="file-table"] [data-row-name="${gz}"]`).count(), 1);
  await panel(page).getByRole('button', { name: '最小化' }).click();
  const [gzDownload] = await Promise.all([
    page.waitForEvent('download'),
    page
      .locator(`[data-testid="file-table"] [data-row-name="${gz}"]`)
      .first()
      .getByRole('button', { name: '下载' })
      .click(),
  ]);
  const gzSaved = path.join(tmp, gz);
  await gzDownload.saveAs(gzSaved);
  assert.ok(
    (await readFile(gzSaved)).equals(await readFile(path.join(TESTDATA, 'ifc-large', gz))),
    'the upload resumed after the reload has the original bytes',
  );
  // So has the upload paused and resumed on the page.
  await panel(page).getByRole('button', { name: '最小化' }).click();
  const [bigDownload] = await Promise.all([
    page.waitForEvent('download'),
    page
      .locator(`[data-testid="file-table"] [data-row-name="${BIG}"]`)
      .first()
      .getByRole('button', { name: '下载' })
      .click(),
  ]);
  const bigSaved = path.join(tmp, BIG);
  await bigDownload.saveAs(bigSaved);
  assert.ok(
    (await readFile(bigSaved)).equals(await readFile(path.join(TESTDATA, 'video', BIG))),
    'the upload paused and resumed has the original bytes',
  );

  // Minimised, the panel stays put for new uploads (the table's 状态 column in view, issue 17):
  // the top bar's 传输列表 counts them and the floating button shows its dot (000 §2).
  await panel(page).getByRole('button', { name: '最小化' }).click();
  await panel(page).waitFor({ state: 'hidden' });
  await throttle(cdp, 200 * 1024);
  await page.setInputFiles('[data-testid="upload-input"]', path.join(TESTDATA, 'dwg', 'sample_AC1018.dwg'));
  // The 传输列表 button's badge (its wrapper's count, titled by the count) and the floating button's dot.
  await page.getByTestId('transfer-button').locator('..').getByTitle('1', { exact: true }).waitFor();
  await page.getByTestId('floating-transfer-badge').locator('sup[data-show="true"]').waitFor();
  assert.equal(await panel(page).isVisible(), false, 'a minimised panel is not shown again by an upload');
  await shot(page, J, '11-minimised-upload-counted');
  await throttle(cdp, -1);
  await page
    .locator('[data-testid="file-table"] [data-row-name="sample_AC1018.dwg"]')
    .first()
    .waitFor({ timeout: 60_000 });
  assert.equal(await panel(page).isVisible(), false);
  await ctx.close();
});
