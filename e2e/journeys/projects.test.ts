/**
 * Projects and the project space (issue 5 "Projects and company space"; spec 001 §2 project group and
 * /projectFile, §3 projectInfo, §5 name rule, §8 toasts; 000 §2 transfer panel, §4 current project):
 * a company administrator creates a project from 全部项目 (the name rule refuses a bad name first); a
 * second person joins the company; the manager adds them in 成员 as 查看者; the manager opens the
 * project, uploads a folder of real models into it and follows the transfer panel, cancelling one
 * upload; the folder tree shows the folders and opens them; the folder downloads as a zip with the
 * uploaded files inside; a file collected is located from 我的收藏 into /projectFile with its row
 * highlighted; the five lists keep their state between visits and 最近浏览 lists the opened project;
 * the viewer finds the project under 我参与的项目, opens it without upload / new-folder / rename /
 * delete buttons, and a direct API delete with their token answers 403. Screenshots:
 * e2e/artifacts/projects/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS, shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { apiData, TESTDATA } from '../lib/server.ts';
import { panel, throttle, uploadFinished, uploadRow } from '../lib/transfers.ts';
import { settled, until } from '../lib/waits.ts';

const J = 'projects';
const PASSWORD = 'Passw0rd!x';
const ADMIN = '13700000061';
const VIEWER = '13700000062';
const CORP = '滨海建设集团有限公司';
const PROJECT = '滨江广场综合体';
const FOLDER = '结构模型';
const SUB = '一层';
const CANCELLED = 'AC20-FZK-Haus.ifc';
const run = promisify(execFile);

const j = journey();

const api = <T>(token: string, method: 'GET' | 'POST', route: string, body?: unknown) =>
  apiData<T>(j.server.url, token, method, route, body);

async function register(phone: string, name: string): Promise<string> {
  const r = await fetch(`${j.server.url}/api/Home/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password: PASSWORD, name }),
  });
  const env = (await r.json()) as { code: number; msg: string; data: { token: string } };
  assert.equal(env.code, 1, env.msg);
  return env.data.token;
}

async function newPage(): Promise<Page> {
  const { page } = await journeyPage(j.browser, {
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  page.on('response', (r) => {
    if (r.status() >= 400) console.error('[response]', r.status(), r.request().method(), r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') console.error('[console]', m.text());
  });
  return page;
}

/** The data rows of a table (rows with cells, not the header's column headers). */
const dataRows = (table: Locator) => table.getByRole('row').filter({ has: table.page().getByRole('cell') });
const fileRow = (page: Page, name: string) =>
  page.getByTestId('file-table').locator(`tr[data-row-name="${name}"]`);
const projectRow = (page: Page, scope: string, name: string) =>
  dataRows(page.getByTestId(`project-list-${scope}`)).filter({ hasText: name });

test('create a project, add a viewer, upload a folder, zip it, locate a favourite; the viewer is read-only', async () => {
  const adminToken = await register(ADMIN, '王建国');
  await api(adminToken, 'POST', '/api/WebAccount/CreateCompany', { name: CORP, code: '91350100M000100Y43' });
  // The second person joins the company through an invitation (company-invite journey).
  const viewerToken = await register(VIEWER, '李晓明');
  const invited = await api<{ userId: string }>(adminToken, 'POST', '/api/WebAccount/InviteUser', {
    phone: VIEWER,
    userName: '李晓明',
  });
  const link = await api<{ url: string }>(adminToken, 'POST', '/api/WebAccount/CopyInviteLink', {
    userId: invited.userId,
  });
  await api(viewerToken, 'POST', '/api/WebAccount/AcceptInvite', {
    code: new URL(link.url).searchParams.get('code'),
  });

  // The administrator opens 企业空间: the project group with its sidebar.
  const admin = await newPage();
  await signInWithPassword(admin, j.server.url, ADMIN, PASSWORD);
  await admin.getByTestId('top-menu-companySpace').click();
  await admin.waitForURL(/\/lately$/);
  await admin.getByTestId('project-sidebar').getByText('全部项目').click();
  await admin.waitForURL(/\/all$/);
  await admin.getByTestId('project-list-all').getByText('还没有项目').waitFor();
  await shot(admin, J, '01-all-empty');

  // 新建项目: the name rule (001 §5) refuses first, then 添加成功.
  await admin.getByTestId('project-list-all').getByTestId('project-create').click();
  const createDialog = admin.getByRole('dialog').filter({ hasText: '新建项目' });
  await createDialog.getByTestId('project-name-input').fill('滨江/广场');
  await createDialog.getByRole('button', { name: /确\s*定/ }).click();
  await createDialog.getByText('文件名不能包含下列任何字符').waitFor();
  await shot(admin, J, '02-create-invalid');
  await createDialog.getByTestId('project-name-input').fill(PROJECT);
  await createDialog.getByRole('button', { name: /确\s*定/ }).click();
  await admin.getByText('添加成功').first().waitFor();
  await createDialog.waitFor({ state: 'hidden' });
  const row = projectRow(admin, 'all', PROJECT);
  await row.getByText('管理者').waitFor();
  await shot(admin, J, '03-project-created');

  // 成员: the manager adds the company member as 查看者.
  await row.getByTestId('project-members').click();
  const members = admin.getByTestId('project-members-dialog');
  await members.getByText('王建国').waitFor();
  await members.getByTestId('member-pick').click();
  await admin.getByTitle(/^李晓明（/).click();
  assert.equal(
    (await members.getByTestId('member-pick-role').innerText()).trim(),
    '查看者',
    'new members default to 查看者',
  );
  await members.getByTestId('member-add').click();
  await admin.getByText('添加成功').first().waitFor();
  await members.locator('tr', { hasText: '李晓明' }).getByText('查看者').waitFor();
  await shot(admin, J, '04-members');
  await admin.getByRole('dialog').getByRole('button', { name: '关 闭' }).click();
  await row.locator('td', { hasText: /^2$/ }).first().waitFor(); // member count

  // 打开: /projectFile with the project, its tree and the upload buttons of a manager.
  await row.getByRole('button', { name: /打\s*开/ }).click();
  await admin.waitForURL(/\/projectFile\?projectId=/);
  const projectId = new URL(admin.url()).searchParams.get('projectId')!;
  await admin.getByTestId('project-tree-panel').getByText(PROJECT).first().waitFor();
  await admin.getByRole('button', { name: '上传文件夹' }).waitFor();
  assert.equal(
    await admin.evaluate(() => JSON.parse(localStorage.getItem('projectInfo') ?? '{}').iuid),
    projectId,
    'the current project is remembered (001 §3 projectInfo)',
  );
  await shot(admin, J, '05-project-space-empty');

  // A folder of models uploaded with the page throttled; the panel follows; one upload is cancelled.
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'bimdrive-projects-'));
  const folder = path.join(tmp, FOLDER);
  await mkdir(path.join(folder, SUB), { recursive: true });
  await cp(path.join(TESTDATA, 'ifc', 'SimpleWall.ifc'), path.join(folder, 'SimpleWall.ifc'));
  await cp(path.join(TESTDATA, 'ifc', CANCELLED), path.join(folder, CANCELLED));
  await cp(path.join(TESTDATA, 'obj', 'WusonOBJ.obj'), path.join(folder, 'WusonOBJ.obj'));
  await cp(path.join(TESTDATA, 'ifc', 'just_wall.ifc'), path.join(folder, SUB, 'just_wall.ifc'));
  await cp(path.join(TESTDATA, 'dxf', 'polylines.dxf'), path.join(folder, SUB, 'polylines.dxf'));
  const cdp = await admin.context().newCDPSession(admin);
  await throttle(cdp, 200 * 1024);
  await admin.setInputFiles('[data-testid="upload-folder-input"]', folder);
  await panel(admin).waitFor({ timeout: 15_000 });
  await uploadRow(admin, CANCELLED).waitFor();
  // Progress shows as a percentage while the big model is sent.
  await admin.waitForFunction(
    (name) => {
      const row = document.querySelector(`tr[data-transfer-name="${name}"]`);
      const status = document.querySelector(`[data-testid="upload-status-${name}"]`)?.textContent ?? '';
      return row?.getAttribute('data-phase') === 'running' && /[1-9]\d*(\.\d)?%/.test(status);
    },
    CANCELLED,
    { timeout: 60_000 },
  );
  await shot(admin, J, '06-uploading');
  await uploadRow(admin, CANCELLED).getByRole('button', { name: '取消' }).click();
  await uploadRow(admin, CANCELLED).waitFor({ state: 'detached' });
  const wallPath = await uploadRow(admin, 'just_wall.ifc').locator('td').nth(2).innerText();
  assert.equal(wallPath.trim(), `${PROJECT}/${FOLDER}/${SUB}/`);
  await throttle(cdp, -1);
  for (const name of ['SimpleWall.ifc', 'WusonOBJ.obj', 'just_wall.ifc', 'polylines.dxf'])
    await uploadFinished(admin, name);
  await shot(admin, J, '07-uploads-done');
  await panel(admin).getByRole('button', { name: '最小化' }).click();
  await panel(admin).waitFor({ state: 'hidden' });

  // The tree shows the new folders (reloaded on file changes); clicking one opens it on the right.
  const tree = admin.getByTestId('project-tree');
  await tree.getByText(FOLDER).click();
  await fileRow(admin, 'SimpleWall.ifc').waitFor();
  assert.equal(await fileRow(admin, CANCELLED).count(), 0, 'the cancelled upload is not in the project');
  await tree.getByText(SUB).click();
  await fileRow(admin, 'just_wall.ifc').waitFor();
  await fileRow(admin, 'polylines.dxf').waitFor();
  assert.match(admin.url(), new RegExp(`projectId=${projectId}`), 'folder navigation keeps the project');
  await shot(admin, J, '08-tree-subfolder');

  // The folder downloads as a zip with the uploaded tree inside.
  await tree.getByText(PROJECT).first().click();
  const folderRow = fileRow(admin, FOLDER);
  await folderRow.waitFor();
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    folderRow.getByRole('button', { name: '下载' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), `${FOLDER}.zip`);
  const saved = path.join(ARTIFACTS, J, `${FOLDER}.zip`);
  await download.saveAs(saved);
  assert.ok((await stat(saved)).size > 10_000);
  const listing = (await run('unzip', ['-Z1', saved])).stdout.trim().split('\n').sort();
  assert.deepEqual(listing, [
    `${FOLDER}/`,
    `${FOLDER}/SimpleWall.ifc`,
    `${FOLDER}/WusonOBJ.obj`,
    `${FOLDER}/${SUB}/`,
    `${FOLDER}/${SUB}/just_wall.ifc`,
    `${FOLDER}/${SUB}/polylines.dxf`,
  ]);

  await panel(admin).getByRole('button', { name: '最小化' }).click(); // the download opened the panel

  // Collect a file, then locate it from 我的收藏: /projectFile opens its folder, its row highlighted.
  await tree.getByText(SUB).click();
  await fileRow(admin, 'polylines.dxf').getByRole('button', { name: '收藏' }).click();
  await admin.getByText('收藏成功').first().waitFor();
  await admin.getByTestId('top-menu-mySpace').click();
  await admin.getByTestId('doc-sidebar').getByText('我的收藏').first().click();
  await admin.waitForURL(/\/myCollection/);
  await fileRow(admin, 'polylines.dxf').getByRole('button', { name: '打开所在位置' }).click();
  await admin.waitForURL(/\/projectFile\?.*located=/);
  assert.equal(new URL(admin.url()).searchParams.get('projectId'), projectId);
  await admin.locator('tr.row-located[data-row-name="polylines.dxf"]').waitFor();
  const located = admin.getByTestId('project-tree').getByRole('treeitem', { name: SUB, selected: true });
  await located.waitFor();
  await settled(admin.getByTestId('project-tree')); // the tree's expand motion
  await shot(admin, J, '09-located');

  // The five lists: 最近浏览 lists the opened project; 全部项目 keeps its keyword between visits.
  await admin.getByTestId('top-menu-companySpace').click();
  await admin.waitForURL(/\/lately$/);
  await projectRow(admin, 'lately', PROJECT).waitFor();
  await shot(admin, J, '09b-lately');
  await admin.getByTestId('project-sidebar').getByText('全部项目').click();
  const search = admin.getByTestId('project-list-all').getByTestId('project-search').locator('input');
  await search.fill('不存在');
  await search.press('Enter');
  await admin.getByTestId('project-list-all').getByText('没有找到名称包含“不存在”的项目').waitFor();
  await admin.getByTestId('project-sidebar').getByText('我的项目').click();
  await projectRow(admin, 'myCreated', PROJECT).waitFor();
  await admin.getByTestId('project-sidebar').getByText('全部项目').click();
  assert.equal(await search.inputValue(), '不存在', 'the list kept its keyword (kept alive)');
  await admin.getByTestId('project-list-all').getByText('没有找到名称包含“不存在”的项目').waitFor();
  await search.fill('');
  await search.press('Enter');
  // 收藏 a project: it shows under 我的收藏.
  await projectRow(admin, 'all', PROJECT).getByTestId('project-collect').click();
  await admin.getByText('收藏成功').first().waitFor();
  await admin.getByTestId('project-sidebar').getByText('我的收藏').click();
  await projectRow(admin, 'myCollectionProject', PROJECT).waitFor();
  await shot(admin, J, '10-collected-projects');
  // Eleven projects page by 10 (001 §2); page 2 of 全部项目 is still open after visiting another list.
  const adminSession = (await admin.evaluate(() => localStorage.getItem('token')))!;
  for (let i = 1; i <= 10; i += 1)
    await api(adminSession, 'POST', '/api/Project/ProjectAdd', {
      projectName: `配套工程${String(i).padStart(2, '0')}`,
    });
  await admin.getByTestId('project-sidebar').getByText('全部项目').click();
  const allList = admin.getByTestId('project-list-all');
  await allList.getByRole('button', { name: /刷\s*新/ }).click();
  await allList.getByText('共 11 个项目').waitFor();
  assert.equal(await dataRows(allList).count(), 10);
  await allList.getByRole('listitem', { name: '2', exact: true }).click();
  await until(
    () => dataRows(allList).count(),
    (n) => n === 1,
    { message: 'page 2 of 全部项目 shows one project' },
  );
  await admin.getByTestId('project-sidebar').getByText('最近浏览').click();
  await projectRow(admin, 'lately', PROJECT).waitFor();
  await admin.getByTestId('project-sidebar').getByText('全部项目').click();
  await allList.getByText('共 11 个项目').waitFor();
  assert.equal(await dataRows(allList).count(), 1, 'page 2 kept between visits');
  await shot(admin, J, '10b-all-page-2');

  // The viewer: 我参与的项目 lists the project as 查看者; the space is read-only.
  const viewer = await newPage();
  await signInWithPassword(viewer, j.server.url, VIEWER, PASSWORD);
  await viewer.goto(`${j.server.url}/myParticipateIn`);
  const vrow = projectRow(viewer, 'myParticipateIn', PROJECT);
  await vrow.getByText('查看者').waitFor();
  assert.equal(await vrow.getByTestId('project-rename').count(), 0, 'viewers cannot rename the project');
  assert.equal(await vrow.getByTestId('project-delete').count(), 0, 'viewers cannot delete the project');
  await shot(viewer, J, '11-viewer-participate');
  // 成员 is read-only for a viewer.
  await vrow.getByTestId('project-members').click();
  const vmembers = viewer.getByTestId('project-members-dialog');
  await vmembers.getByText('仅项目管理者可以管理成员').waitFor();
  await vmembers.locator('tr', { hasText: '王建国' }).getByText('管理者').waitFor();
  assert.equal(await vmembers.getByTestId('member-add').count(), 0);
  assert.equal(await vmembers.getByRole('combobox').count(), 0, 'no role selects for a viewer');
  await shot(viewer, J, '11b-viewer-members');
  await viewer.getByRole('dialog').getByRole('button', { name: '关 闭' }).click();
  await vrow.getByRole('button', { name: /打\s*开/ }).click();
  await viewer.waitForURL(/\/projectFile\?projectId=/);
  await viewer.getByTestId('space-role').getByText('查看者').waitFor();
  await fileRow(viewer, FOLDER).waitFor();
  for (const name of ['上传文件', '上传文件夹', '新建文件夹'])
    assert.equal(await viewer.getByRole('button', { name }).count(), 0, `no ${name} for a viewer`);
  await viewer.getByTestId('project-tree').getByText(FOLDER).click();
  const viewed = fileRow(viewer, 'SimpleWall.ifc');
  await viewed.waitFor();
  assert.equal(await viewed.getByRole('button', { name: '重命名' }).count(), 0);
  assert.equal(await viewed.getByRole('button', { name: '删除' }).count(), 0);
  assert.equal(await viewed.getByRole('button', { name: '下载' }).count(), 1, 'viewers may download');
  await shot(viewer, J, '12-viewer-readonly');

  // A direct API delete with the viewer's token is refused with 403; the file stays.
  const fileId = await viewer.evaluate(
    () => document.querySelector('tr[data-row-name="SimpleWall.ifc"]')?.getAttribute('data-row-key') ?? '',
  );
  assert.ok(fileId, 'the row carries its id');
  // The browser's session token (signing in again ended the registration's session).
  const viewerSession = (await viewer.evaluate(() => localStorage.getItem('token')))!;
  const refused = await fetch(`${j.server.url}/api/Home/FileDelete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${viewerSession}`, 'content-type': 'application/json' },
    body: JSON.stringify({ IUID: fileId }),
  });
  assert.equal(refused.status, 403);
  // A locate link without projectId (001 §2): the project comes from the file, its row is highlighted.
  await viewer.goto(`${j.server.url}/projectFile?pageMode=location&iuid=${fileId}`);
  await viewer.locator('tr.row-located[data-row-name="SimpleWall.ifc"]').waitFor();
  assert.equal(new URL(viewer.url()).searchParams.get('projectId'), projectId);
  const listed = await api<{ list: Array<{ iuid: string }> }>(
    adminSession,
    'GET',
    `/api/Home/MyDocumentList?spaceId=${projectId}&keyword=SimpleWall`,
  );
  assert.ok(
    listed.list.some((r) => r.iuid === fileId),
    'the file is still there',
  );
  await viewer.context().close();

  // The manager renames the project (编辑成功), then deletes it after the 提示 confirmation (删除成功).
  await admin.getByTestId('project-sidebar').getByText('全部项目').click();
  await search.fill('滨江');
  await search.press('Enter');
  const managed = projectRow(admin, 'all', PROJECT);
  await managed.getByTestId('project-rename').click();
  const renameDialog = admin.getByRole('dialog').filter({ hasText: '重命名项目' });
  await renameDialog.getByTestId('project-name-input').fill(`${PROJECT}（一期）`);
  await renameDialog.getByRole('button', { name: /确\s*定/ }).click();
  await admin.getByText('编辑成功').first().waitFor();
  const renamed = projectRow(admin, 'all', `${PROJECT}（一期）`);
  await renamed.getByTestId('project-delete').click();
  const confirmDelete = admin.getByRole('dialog').filter({ hasText: '项目中的所有文件将被删除' });
  await settled(confirmDelete); // the dialog's zoom-in
  await shot(admin, J, '13-confirm-delete');
  await confirmDelete.getByRole('button', { name: /确\s*定/ }).click();
  await admin.getByText('删除成功').first().waitFor();
  await allList.getByText('没有找到名称包含“滨江”的项目').waitFor();
  // The stored current project is no longer listed: /projectFile resets to the first (000 §4).
  const first = (
    await api<Array<{ iuid: string; projectName: string }>>(
      adminSession,
      'POST',
      '/api/Noticeboard/GetProject',
      { type: '1' },
    )
  )[0]!;
  assert.notEqual(first.iuid, projectId);
  await admin.goto(`${j.server.url}/projectFile`);
  await admin.waitForURL((u) => u.searchParams.get('projectId') === first.iuid);
  await admin.getByTestId('project-tree-panel').getByText(first.projectName).first().waitFor();
  assert.equal(
    await admin.evaluate(() => JSON.parse(localStorage.getItem('projectInfo') ?? '{}').iuid),
    first.iuid,
  );
  await shot(admin, J, '14-reset-to-first');
  await admin.context().close();
});
