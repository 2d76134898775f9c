/**
 * Knowledge bases and public libraries (issue 5; 001 §2 library group, §3, §7): the demo account, made
 * a system administrator in the embedded database, opens 公共构件库 from the 我的空间 sidebar's 资源库
 * group, uploads a real IFC through the page and sees it reach 转换完成 live; a plain user then sees the
 * library read-only (no 上传文件 / 新建文件夹, no 重命名 / 删除 on the row), previews the model, collects
 * it, finds it in the libraries' 我的收藏 (/myCollectionKnowledgeBase) but not in 我的文件's 我的收藏,
 * and un-collects it there. A file the administrator adds appears and converts live on the plain user's
 * open page; 打开所在位置 in 我的收藏 opens the library at the file; 我的资源库 is the plain user's own, writable
 * library; 企业资源库 is offered only to members of a company.
 * Screenshots: e2e/artifacts/libraries/.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { apiData, DEMO, registerAccount, startServer, TESTDATA } from '../lib/server.ts';
import { uploadTestFile } from '../lib/tus.ts';
import { settled } from '../lib/waits.ts';

const J = 'libraries';
const PHONE = '13700000071';
const PASSWORD = 'Passw0rd!x';
const MODEL = 'SimpleWall.ifc';

let dataDir: string;

const j = journey(async () => {
  // A first start creates the embedded database with the demo account; the demo account is then made
  // a system administrator (users.is_administrator) while the server is stopped.
  dataDir = await mkdtemp(path.join(tmpdir(), 'bimdrive-e2e-libraries-'));
  const first = await startServer({ DATA_DIR: dataDir });
  await first.stop();
  const db = await PGlite.create(path.join(dataDir, 'db'));
  const r = await db.query('update users set is_administrator = true where phone = $1', [DEMO.phone]);
  assert.equal(r.affectedRows, 1);
  await db.close();
  return { DATA_DIR: dataDir };
});
after(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const row = (page: Page, name: string) =>
  page.getByTestId('file-table').locator(`tr[data-row-name="${name}"]`);

test('an administrator curates 公共构件库; a plain user browses it read-only, collects and finds it in 我的收藏', async () => {
  await registerAccount(j.server.url, { phone: PHONE, password: PASSWORD, name: '孙工' });

  // The administrator opens 公共构件库 from the sidebar and uploads a model.
  const { ctx: adminCtx, page: admin } = await journeyPage(j.browser, {
    viewport: { width: 1440, height: 900 },
  });
  await signInWithPassword(admin, j.server.url, DEMO.phone, DEMO.password);
  await admin.goto(`${j.server.url}/myDocument`);
  const sidebar = admin.getByTestId('doc-sidebar');
  await sidebar.getByText('资源库', { exact: true }).waitFor();
  for (const title of ['公共构件库', '公共图纸库', '公共标准库', '我的资源库'])
    await sidebar.getByRole('menuitem', { name: title }).waitFor();
  // The demo account belongs to no company: 企业资源库 is not offered (issue 17).
  assert.equal(await sidebar.getByRole('menuitem', { name: '企业资源库' }).count(), 0);
  await sidebar.getByRole('menuitem', { name: '公共构件库' }).click();
  await admin.waitForURL(/\/commonBuildLibrary/);
  await admin.getByTestId('file-table').waitFor();
  await admin.waitForFunction(() => document.title.startsWith('公共构件库'));
  await admin
    .getByRole('button', { name: /上传文件/ })
    .first()
    .waitFor();
  await admin.setInputFiles('[data-testid="upload-input"]', [path.join(TESTDATA, 'ifc', MODEL)]);
  await admin
    .locator(`[data-testid="status-${MODEL}"]`)
    .filter({ hasText: '转换完成' })
    .waitFor({ timeout: 240_000 });
  await shot(admin, J, '01-admin-uploaded');
  const adminToken = (await admin.evaluate(() => localStorage.getItem('token')))!;
  const librarySpace = await apiData<{ spaceId: string }>(
    j.server.url,
    adminToken,
    'GET',
    '/api/KnowledgeBase/GetLibrary?kind=component',
  );

  // A plain user: the same library, read-only.
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await signInWithPassword(page, j.server.url, PHONE, PASSWORD);
  await page.goto(`${j.server.url}/commonBuildLibrary`);
  await row(page, MODEL).waitFor();
  await page.locator(`[data-testid="status-${MODEL}"]`).filter({ hasText: '转换完成' }).waitFor();
  assert.equal(await page.getByRole('button', { name: /上传文件/ }).count(), 0, 'no upload for a plain user');
  assert.equal(await page.getByRole('button', { name: /新建文件夹/ }).count(), 0, 'no new folder');
  assert.equal(await row(page, MODEL).getByRole('button', { name: '重命名' }).count(), 0, 'no rename');
  assert.equal(await row(page, MODEL).getByRole('button', { name: '删除' }).count(), 0, 'no delete');
  await row(page, MODEL).getByRole('button', { name: '预览' }).waitFor();
  await row(page, MODEL).getByRole('button', { name: '下载' }).waitFor();
  await shot(page, J, '02-plain-read-only');

  // Live: a file the administrator adds appears and converts on the plain user's open page
  // (publiclibraryStatusInfo refreshes the table).
  await uploadTestFile(j.server.url, adminToken, 'ifc/just_wall.ifc', {
    spaceId: librarySpace.spaceId,
    folderId: '',
  });
  await page
    .locator('[data-testid="status-just_wall.ifc"]')
    .filter({ hasText: '转换完成' })
    .waitFor({ timeout: 240_000 });

  // Preview opens the model.
  await row(page, MODEL).getByRole('button', { name: '预览' }).click();
  await page.getByTestId('preview-overlay').waitFor();
  await page.locator('[data-first-frame="1"]').waitFor({ timeout: 120_000 });
  await shot(page, J, '03-plain-preview');
  await page.keyboard.press('Escape');
  await page
    .getByTestId('preview-overlay')
    .getByRole('button', { name: '关闭' })
    .click()
    .catch(() => undefined);
  await page.getByTestId('preview-overlay').waitFor({ state: 'hidden', timeout: 10_000 });

  // Collect it.
  await row(page, MODEL).getByRole('button', { name: '收藏' }).click();
  await page.getByText('收藏成功').waitFor();
  await row(page, MODEL).getByRole('button', { name: '取消收藏' }).waitFor();

  // The libraries' 我的收藏 lists it; 我的文件's 我的收藏 does not.
  await page.getByTestId('doc-sidebar').getByRole('menuitem', { name: '我的收藏' }).nth(1).click();
  await page.waitForURL(/\/myCollectionKnowledgeBase/);
  await page.getByTestId('favourites-libraries').waitFor();
  await row(page, MODEL).waitFor();
  await page.waitForFunction(() => document.title.startsWith('我的收藏'));
  await shot(page, J, '04-library-collection');
  // 打开所在位置 opens the library at the file's folder with its row marked.
  await row(page, MODEL).getByRole('button', { name: '打开所在位置' }).click();
  await page.waitForURL(/\/commonBuildLibrary\?.*located=/);
  await row(page, MODEL).waitFor();
  await page.goto(`${j.server.url}/myCollectionKnowledgeBase`);
  await row(page, MODEL).waitFor();
  await page.goto(`${j.server.url}/myCollection`);
  await page.getByTestId('file-table').waitFor();
  await page.getByText('还没有收藏的文件').waitFor();
  assert.equal(await row(page, MODEL).count(), 0);

  // Un-collect from the libraries' 我的收藏.
  await page.goto(`${j.server.url}/myCollectionKnowledgeBase`);
  await row(page, MODEL).getByRole('button', { name: '取消收藏' }).click();
  await page.getByText('还没有收藏的资源').waitFor();
  await shot(page, J, '05-uncollected');

  // 我的资源库 is the user's own: upload and new folder are offered.
  await page.getByTestId('doc-sidebar').getByRole('menuitem', { name: '我的资源库' }).click();
  await page.waitForURL(/\/myKnowledgeBase/);
  await page
    .getByRole('button', { name: /上传文件/ })
    .first()
    .waitFor();
  await page
    .getByRole('button', { name: /新建文件夹/ })
    .first()
    .waitFor();
  await shot(page, J, '06-my-knowledge-base');

  // 企业资源库 without a company: not in the menu, and its address answers the guard's refusal.
  assert.equal(
    await page.getByTestId('doc-sidebar').getByRole('menuitem', { name: '企业资源库' }).count(),
    0,
  );
  await page.goto(`${j.server.url}/companyKnowledgeBase`);
  await page.waitForURL(/\/404/);
  assert.equal(await page.getByTestId('file-table').count(), 0);
  await page.mouse.move(800, 700);
  await settled(page.getByRole('button', { name: '返回首页' })); // the 404 page is drawn and at rest
  await shot(page, J, '07-company-base-not-offered');
  await ctx.close();
  await adminCtx.close();
});
