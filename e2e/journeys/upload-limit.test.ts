/**
 * The server's per-user limit of concurrent uploads and version uploads in the transfer panel, in a
 * real browser (issue 5 "Uploading tab": "a per-user limit of concurrent uploads with the rest
 * 等待中..."; 001 §7 FileVersionAdd). The server runs with UPLOAD_CONCURRENCY=1: a tab learns the limit
 * from the client settings and starts one upload, holding the next 等待中...; a second tab of the same
 * account uploading meanwhile gets its PATCH answered 429 (Retry-After) and shows 等待中... too —
 * never 错误: — and everything finishes, byte-identical to the originals. Then a new
 * version of an IFC file chosen in the versions dialog runs in the panel's 上传中 tab — the panel
 * shown whole over the open dialog and usable there (暂停 / 继续; issue 17) — ends 完成 and in 已完成,
 * and the dialog shows it as V2, the current version. Screenshots:
 * e2e/artifacts/upload-limit/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { apiData, DEMO, TESTDATA } from '../lib/server.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { panel, throttle, uploadFinished } from '../lib/transfers.ts';
import { settled, until } from '../lib/waits.ts';

const J = 'upload-limit';
const FILES = ['dxf/sample_AC1018_ascii.dxf', 'dwg/sample_AC1018.dwg', 'ifc/SimpleWall.ifc'];

const j = journey({ UPLOAD_CONCURRENCY: '1' });

const status = (page: Page, name: string) => panel(page).locator(`[data-testid="upload-status-${name}"]`);

test('the server holds extra uploads back (等待中..., not 错误:) and a new version runs in the panel', async () => {
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  const refused: string[] = [];
  const watch429 = (p: Page) =>
    p.on('response', (r) => {
      if (r.status() === 429 && r.request().method() === 'PATCH')
        refused.push(r.headers()['retry-after'] ?? '');
    });
  watch429(page);
  await signInWithPassword(page, j.server.url, DEMO.phone, DEMO.password);
  await page.goto(`${j.server.url}/myDocument`);
  await page.locator('[data-testid="file-table"]').waitFor();
  const cdp = await ctx.newCDPSession(page);
  await throttle(cdp, 300 * 1024);
  // A second tab of the same account (the session is shared through localStorage).
  const other = await ctx.newPage();
  watch429(other);
  await other.goto(`${j.server.url}/myDocument`);
  await other.locator('[data-testid="file-table"]').waitFor();
  const otherCdp = await ctx.newCDPSession(other);
  await throttle(otherCdp, 300 * 1024);

  // Tab 1: two files; it knows the limit (1) and starts one, the other waits in the tab.
  const [big, , small] = FILES.map((f) => path.join(TESTDATA, f));
  await page.setInputFiles('[data-testid="upload-input"]', [big!, small!]);
  await panel(page).waitFor({ timeout: 15_000 });
  await page.waitForFunction(
    (name) => /%/.test(document.querySelector(`[data-testid="upload-status-${name}"]`)?.textContent ?? ''),
    path.basename(FILES[0]!),
    { timeout: 30_000 },
  );
  await status(page, path.basename(FILES[2]!)).getByText('等待中...').waitFor({ timeout: 10_000 });
  // Tab 2 uploads meanwhile: the server holds it back with 429 while tab 1 has the account's slot.
  await other.setInputFiles('[data-testid="upload-input"]', path.join(TESTDATA, FILES[1]!));
  await panel(other).waitFor({ timeout: 15_000 });
  await until(
    () => refused.length,
    (n) => n > 0,
    { timeout: 60_000, message: "the server refused the second tab's PATCH with 429" },
  );
  assert.ok(
    refused.every((v) => Number(v) > 0),
    `Retry-After on every 429: ${refused.join(',')}`,
  );
  await status(other, path.basename(FILES[1]!)).getByText('等待中...').waitFor({ timeout: 10_000 });
  for (const p of [page, other])
    assert.equal(await panel(p).getByText('错误').count(), 0, 'a 429 is not shown as an error');
  await shot(other, J, '01-server-limit-waiting');

  // Everything finishes once the bandwidth is back, none in error.
  await throttle(cdp, -1);
  await throttle(otherCdp, -1);
  await uploadFinished(other, path.basename(FILES[1]!));
  for (const f of [FILES[0]!, FILES[2]!]) await uploadFinished(page, path.basename(f));
  assert.equal(await panel(page).getByText('错误').count(), 0);
  assert.equal(await panel(other).getByText('错误').count(), 0);
  await other.close();
  await shot(page, J, '02-all-done');

  // The stored files are the originals, byte for byte.
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  assert.ok(token, 'session token in localStorage');
  const list = await apiData<{ list: Array<{ iuid: string; fileName: string }> }>(
    j.server.url,
    token,
    'GET',
    '/api/Home/MyDocumentList',
  );
  for (const f of FILES) {
    const row = list.list.find((r) => r.fileName === path.basename(f));
    assert.ok(row, `${f} is in 我的文件`);
    const link = await apiData<string>(j.server.url, token, 'GET', `/api/Home/GetossFile?IUID=${row.iuid}`);
    const got = Buffer.from(await (await fetch(new URL(link, j.server.url))).arrayBuffer());
    assert.ok(got.equals(await readFile(path.join(TESTDATA, f))), `${f} byte-identical`);
  }

  // A new version from the versions dialog runs in the panel's 上传中 tab.
  const ifcRow = page.getByTestId('file-table').locator('tr[data-row-name="SimpleWall.ifc"]');
  await ifcRow.getByRole('button', { name: '版本' }).click();
  const dialog = page.getByTestId('versions-dialog');
  await dialog.locator('tr[data-version="1"]').getByText('当前版本').waitFor();
  // The panel, shown before the dialog opened, gives way to it: the floating button stands in, above
  // the dialog's mask (issue 17).
  await panel(page).waitFor({ state: 'detached' });
  await page.getByTestId('floating-transfer-button').waitFor();
  await throttle(cdp, 2 * 1024); // the 25 KB version takes about 12 s, long enough to pause it
  await dialog.getByTestId('version-input').setInputFiles(path.join(TESTDATA, 'ifc/wall-elemented-case.ifc'));
  const versionRow = panel(page).locator('tr[data-transfer-name="wall-elemented-case.ifc"]');
  await versionRow.waitFor({ timeout: 15_000 });
  await dialog.getByTestId('version-upload-progress').waitFor();
  await page.waitForFunction(
    () =>
      /%/.test(
        document.querySelector('[data-testid="upload-status-wall-elemented-case.ifc"]')?.textContent ?? '',
      ),
    undefined,
    { timeout: 30_000 },
  );
  // Started from within the dialog, the upload shows the panel whole over it, usable with the dialog
  // open: 暂停 and 继续 on the version's row.
  await settled(panel(page));
  await shot(page, J, '03-version-uploading-in-panel');
  await versionRow.getByRole('button', { name: '暂停' }).click();
  await status(page, 'wall-elemented-case.ifc').getByText('已暂停').waitFor();
  await versionRow.getByRole('button', { name: '继续' }).click();
  await versionRow.getByRole('button', { name: '暂停' }).waitFor();
  await dialog.getByTestId('version-upload-progress').waitFor();
  await throttle(cdp, -1);
  await uploadFinished(page, 'wall-elemented-case.ifc', 60_000);
  await page.getByText('已上传为 V2，正在处理').waitFor({ timeout: 30_000 });
  await dialog.locator('tr[data-version="2"]').getByText('当前版本').waitFor({ timeout: 30_000 });
  await dialog.getByTestId('version-upload-progress').waitFor({ state: 'detached' });
  await shot(page, J, '04-version-done');

  // 已完成 lists the version upload too.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await panel(page).getByRole('tab', { name: '已完成' }).click();
  await panel(page)
    .locator('[data-testid="completed-tab"] tr[data-transfer-name="wall-elemented-case.ifc"]')
    .waitFor({ timeout: 15_000 });
  await shot(page, J, '05-completed-with-version');
  await ctx.close();
});
