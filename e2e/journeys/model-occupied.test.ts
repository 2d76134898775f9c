/**
 * A model open in another viewer (spec 001 §8 -120; issue 13 "Drawing ↔ model, viewer tools"): a
 * project viewer has a GLB model open in the preview overlay; the project's manager tries to delete it
 * and gets the 提示 dialog (文件正在被其他用户查看…) with 关闭 / 取消. 取消 leaves everything as it was
 * (the row stays, the viewer keeps the model open); deleting again and pressing 关闭 closes the model in
 * the viewer's browser (the overlay goes, 模型已被其他用户关闭 shows), the manager sees 模型已关闭, the
 * delete is repeated and succeeds (删除成功, the row goes). Screenshots: e2e/artifacts/model-occupied/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { openPreview } from '../lib/preview.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { apiData, registerAccount } from '../lib/server.ts';
import { uploadTestFile } from '../lib/tus.ts';
import { settled, until } from '../lib/waits.ts';

const J = 'model-occupied';
const PASSWORD = 'Passw0rd!x';
const MANAGER = '13700000071';
const VIEWER = '13700000072';
const MODEL = 'gltf/BoxTextured.glb';
const NAME = path.basename(MODEL);

const j = journey();

const api = <T>(token: string, method: 'GET' | 'POST', route: string, body?: unknown) =>
  apiData<T>(j.server.url, token, method, route, body);

async function newPage(): Promise<Page> {
  const { page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  page.on('console', (m) => {
    if (m.type() === 'error') console.error('[console]', m.text());
  });
  return page;
}

const fileRow = (page: Page, name: string) =>
  page.getByTestId('file-table').locator(`tr[data-row-name="${name}"]`);
/** The -120 dialog (001 §8), told apart from the delete confirmation under it by its text. */
const occupiedDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: '文件正在被其他用户查看' });

/** The delete confirmation. */
const deleteConfirm = (page: Page) => page.getByRole('dialog').filter({ hasText: '确定要删除这条记录吗？' });

/** 删除 on the row, then 确定 in the confirmation. */
async function deleteRow(page: Page, name: string): Promise<void> {
  await fileRow(page, name).getByRole('button', { name: '删除' }).click();
  const confirm = deleteConfirm(page);
  await confirm.waitFor();
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
}

test('deleting a model open in another viewer: 提示 关闭/取消, 关闭 closes it there, the delete goes through', async () => {
  // A company with a project; the second person is a 查看者 of it; a GLB model in the project.
  const { token: managerToken } = await registerAccount(j.server.url, {
    phone: MANAGER,
    password: PASSWORD,
    name: '周经理',
  });
  await api(managerToken, 'POST', '/api/WebAccount/CreateCompany', {
    name: '东方建设有限公司',
    code: '91350100M000100Y43',
  });
  const { token: viewerToken, userID: viewerId } = await registerAccount(j.server.url, {
    phone: VIEWER,
    password: PASSWORD,
    name: '吴工',
  });
  const invited = await api<{ userId: string }>(managerToken, 'POST', '/api/WebAccount/InviteUser', {
    phone: VIEWER,
    userName: '吴工',
  });
  const link = await api<{ url: string }>(managerToken, 'POST', '/api/WebAccount/CopyInviteLink', {
    userId: invited.userId,
  });
  await api(viewerToken, 'POST', '/api/WebAccount/AcceptInvite', {
    code: new URL(link.url).searchParams.get('code'),
  });
  const project = await api<{ iuid: string }>(managerToken, 'POST', '/api/Project/ProjectAdd', {
    projectName: '东方广场',
  });
  await api(managerToken, 'POST', '/api/Project/ProjectMemberSet', {
    iuid: project.iuid,
    userId: viewerId,
    role: 'viewer',
  });
  const iuid = await uploadTestFile(j.server.url, managerToken, MODEL, {
    folderId: '',
    spaceId: project.iuid,
  });
  const converted = await until(
    () => api<{ statusType: number }>(managerToken, 'GET', `/api/Home/GetFileInfo?IUID=${iuid}`),
    (f) => f.statusType === 3 || f.statusType === 4,
    { timeout: 120_000, interval: 500, message: 'model converted' },
  );
  assert.equal(converted.statusType, 3, 'model converted');

  // The viewer opens the model in the preview overlay.
  const viewer = await newPage();
  await signInWithPassword(viewer, j.server.url, VIEWER, PASSWORD);
  await viewer.goto(`${j.server.url}/projectFile?projectId=${project.iuid}`);
  await fileRow(viewer, NAME).waitFor();
  await openPreview(viewer, NAME);
  await viewer.locator('[data-testid="model-viewer"][data-first-frame="1"]').waitFor({ timeout: 120_000 });
  await shot(viewer, J, '01-viewer-model-open');

  // The manager deletes it: 提示 with 关闭 / 取消 (the model is open in the viewer's browser).
  const manager = await newPage();
  await signInWithPassword(manager, j.server.url, MANAGER, PASSWORD);
  await manager.goto(`${j.server.url}/projectFile?projectId=${project.iuid}`);
  await fileRow(manager, NAME).waitFor();
  await deleteRow(manager, NAME);
  const dialog = occupiedDialog(manager);
  await dialog.waitFor();
  await manager.getByRole('dialog', { name: '提示' }).filter({ hasText: '文件正在被其他用户查看' }).waitFor();
  await dialog.getByRole('button', { name: /关\s*闭/ }).waitFor();
  await dialog.getByRole('button', { name: /取\s*消/ }).waitFor();
  await settled(dialog); // the dialog's zoom-in
  await shot(manager, J, '02-manager-occupied-dialog');

  // 取消: nothing changes — the row stays, the viewer still has the model open. 取消 sends no request:
  // once both dialogs are gone (the click handled), none that could change anything has gone out.
  const sent: string[] = [];
  const onRequest = (r: Request) => {
    if (r.method() !== 'GET' && !r.url().includes('/api/chatHub')) sent.push(`${r.method()} ${r.url()}`);
  };
  manager.on('request', onRequest);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  await deleteConfirm(manager).waitFor({ state: 'hidden' });
  await manager.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(undefined)))),
  );
  manager.off('request', onRequest);
  assert.deepEqual(sent, [], '取消 sends nothing that could delete');
  assert.equal(await fileRow(manager, NAME).count(), 1, 'the row stays after 取消');
  assert.equal(await manager.getByText('删除成功').count(), 0);
  assert.ok(
    await viewer.locator('[data-testid="preview-overlay"]').isVisible(),
    'the viewer keeps the model',
  );
  await shot(manager, J, '03-manager-cancelled');

  // Again, and 关闭: the viewer's preview closes with a notice; the delete is repeated and succeeds.
  await deleteRow(manager, NAME);
  await occupiedDialog(manager).waitFor();
  await occupiedDialog(manager)
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  await viewer.locator('[data-testid="preview-overlay"]').waitFor({ state: 'hidden', timeout: 15_000 });
  const closedNotice = viewer.getByRole('dialog').filter({ hasText: '模型已被其他用户关闭' });
  await settled(closedNotice);
  await shot(viewer, J, '04-viewer-force-closed');
  await manager.getByText('模型已关闭').first().waitFor();
  await manager.getByText('删除成功').first().waitFor();
  await fileRow(manager, NAME).waitFor({ state: 'detached' });
  await shot(manager, J, '05-manager-deleted');
  const listed = await fetch(`${j.server.url}/api/Home/GetFileInfo?IUID=${iuid}`, {
    headers: { authorization: `Bearer ${(await manager.evaluate(() => localStorage.getItem('token')))!}` },
  });
  assert.equal(listed.status, 404, 'the model is gone');
});
