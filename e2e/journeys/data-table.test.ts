/**
 * The data table and search (issue 5; spec 001 §3 table column, §4 sort cycle and filter tags, §5
 * 请选中一行数据, §9 date shortcuts): in 我的文件 a size header steps none → ascending → descending, a type
 * filter and a size range show as closable tags, a hidden column stays hidden after a reload, a
 * bulk action with nothing selected warns, 清空 removes the filters; a search across all areas lists
 * the hit with its location, and locating it opens its folder with the row marked; 我的收藏 and 我的分享
 * sort and filter through the same table. Screenshots:
 * e2e/artifacts/data-table/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { apiData, registerAccount } from '../lib/server.ts';
import { tusUpload } from '../lib/tus.ts';

const J = 'data-table';
const PHONE = '13700000031';
const PASSWORD = 'Passw0rd!x';

const j = journey();

const api = <T>(token: string, method: 'GET' | 'POST', route: string, body?: unknown) =>
  apiData<T>(j.server.url, token, method, route, body);

/** Names of the table's rows, top to bottom. */
const rowNames = (page: Page) =>
  page
    .locator('[data-testid=file-table] tbody tr[data-row-name]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-name')));

test('sort, filter tags, hidden column, selection warning, search and locate', async () => {
  await registerAccount(j.server.url, { phone: PHONE, password: PASSWORD, name: '赵工' });

  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await signInWithPassword(page, j.server.url, PHONE, PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;

  // A folder of files of several types and sizes, and a sub-folder with a file to find later.
  const folder = await api<{ iuid: string }>(token, 'POST', '/api/Home/FolderAdd', {
    parentIUID: '',
    fileName: '项目资料',
  });
  const archive = await api<{ iuid: string }>(token, 'POST', '/api/Home/FolderAdd', {
    parentIUID: folder.iuid,
    fileName: '归档',
  });
  const files: Array<[string, number]> = [
    ['施工说明.txt', 3_000],
    ['会议纪要.txt', 150_000],
    ['进度计划.txt', 2_400_000],
    ['现场照片.zip', 900_000],
    ['结构模型.rvt', 5_200_000],
    ['总平面图.dwg', 48_000],
    ['设备清单.txt', 700],
  ];
  // Each file is `size` bytes of 'A' (65).
  const upload = (name: string, size: number, folderId: string) =>
    tusUpload(j.server.url, token, name, new Uint8Array(size).fill(65), { folderId });
  for (const [name, size] of files) await upload(name, size, folder.iuid);
  await upload('旧版会议纪要-alpha.txt', 12_000, archive.iuid);

  await page.goto(`${j.server.url}/myDocument?folderId=${folder.iuid}`);
  await page.getByTestId('file-table').locator('tr[data-row-name="施工说明.txt"]').waitFor();

  // Sort cycle on 大小: ascending, then descending (folders stay first).
  const sizeHeader = page.locator('[data-testid=file-table] thead th', { hasText: '大小' });
  await sizeHeader.click();
  await page.waitForURL(/sort=fileBytes&order=asc/);
  await page.waitForFunction(
    () =>
      document
        .querySelectorAll('[data-testid=file-table] tbody tr[data-row-name]')[1]
        ?.getAttribute('data-row-name') === '设备清单.txt',
  );
  await sizeHeader.click();
  await page.waitForURL(/order=desc/);
  await page.waitForFunction(
    () =>
      document
        .querySelectorAll('[data-testid=file-table] tbody tr[data-row-name]')[1]
        ?.getAttribute('data-row-name') === '结构模型.rvt',
  );
  assert.deepEqual(await rowNames(page), [
    '归档',
    '结构模型.rvt',
    '进度计划.txt',
    '现场照片.zip',
    '会议纪要.txt',
    '总平面图.dwg',
    '施工说明.txt',
    '设备清单.txt',
  ]);

  // Filter 类型 = 文本 (checkbox list).
  await page
    .locator('[data-testid=file-table] thead th', { hasText: '类型' })
    .getByRole('button', { name: 'filter' })
    .click();
  // The open filter dropdown: its menu of types and, beside it, its buttons.
  const textType = page.getByRole('menuitem', { name: '文本', exact: true });
  const typeDropdown = page.getByRole('menu').filter({ has: textType }).locator('..');
  await typeDropdown.getByRole('menuitem', { name: '文本', exact: true }).click();
  await typeDropdown.getByRole('button', { name: /确\s*定|OK/ }).click();
  await page.getByTestId('filter-tag-fileSuffix').waitFor();

  // Filter 大小 ≥ 100 KB (numeric range with a unit).
  await sizeHeader.getByRole('button', { name: 'filter' }).click();
  const sizeFilter = page.getByTestId('number-range-filter');
  await sizeFilter.getByPlaceholder('最小').fill('100');
  await sizeFilter.getByLabel('unit').click();
  await sizeFilter.getByTitle('KB', { exact: true }).click(); // the option (MB is chosen)
  await sizeFilter.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByTestId('filter-tag-fileBytes').waitFor();
  assert.match((await page.getByTestId('filter-tag-fileBytes').textContent()) ?? '', /大小: ≥ 100 KB/);
  assert.match((await page.getByTestId('filter-tag-fileSuffix').textContent()) ?? '', /类型: 文本/);
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid=file-table] tbody tr[data-row-name]').length === 2,
  );
  assert.deepEqual(await rowNames(page), ['进度计划.txt', '会议纪要.txt']);
  assert.match(page.url(), /type=txt/);
  assert.match(page.url(), /sizeMin=102400/);

  // Hide 修改时间 in 列设置; it stays hidden after a reload.
  await page.getByTestId('column-settings-button').click();
  await page.getByTestId('column-settings').getByText('修改时间').click();
  await page.getByTestId('column-settings-button').click();
  await page
    .locator('[data-testid=file-table] thead th', { hasText: '修改时间' })
    .waitFor({ state: 'detached' });
  await page.getByTestId('column-settings').waitFor({ state: 'hidden' });
  await shot(page, J, '01-sorted-two-filter-tags-hidden-column');
  await page.reload();
  await page.getByTestId('filter-tag-fileBytes').waitFor();
  assert.equal(await page.locator('[data-testid=file-table] thead th', { hasText: '修改时间' }).count(), 0);

  // A bulk action with nothing selected warns 请选中一行数据.
  await page.getByRole('button', { name: /批量删除/ }).click();
  await page.getByText('请选中一行数据').waitFor();

  // Close one tag, then 清空 removes the other; the sort stays.
  await page.getByTestId('filter-tag-fileSuffix').getByRole('button', { name: '关闭' }).click();
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid=file-table] tbody tr[data-row-name]').length === 4,
  );
  await page
    .getByTestId('filter-tags')
    .getByRole('button', { name: /清\s*空/ })
    .click();
  await page.getByTestId('filter-tags').waitFor({ state: 'detached' });
  assert.match(page.url(), /sort=fileBytes&order=desc/);
  // Third click on the header: back to no sort.
  await sizeHeader.click();
  await page.waitForURL((u) => !u.search.includes('sort='));

  // Search across all areas; the hit shows its location and locates its row.
  await page.getByTestId('search-scope').click();
  await page.getByTitle('全部区域', { exact: true }).click();
  await page.getByTestId('search-scope').getByText('全部区域').waitFor();
  await page.getByTestId('file-search').locator('input').fill('alpha');
  await page.getByTestId('file-search').locator('input').press('Enter');
  await page.waitForURL(/keyword=alpha&scope=all/);
  await page.getByTestId('search-summary').getByText('在全部区域中的搜索结果').waitFor();
  await page.getByRole('columnheader', { name: '区域' }).waitFor();
  await page.locator('tr[data-row-name="旧版会议纪要-alpha.txt"]').waitFor();
  assert.deepEqual(await rowNames(page), ['旧版会议纪要-alpha.txt']);
  const location = page
    .locator('tr[data-row-name="旧版会议纪要-alpha.txt"]')
    .getByText('我的文件/项目资料/归档/');
  await location.waitFor();
  await shot(page, J, '02-search-all-areas');
  await location.click();
  await page.waitForURL(new RegExp(`folderId=${archive.iuid}.*located=`));
  await page.locator('tr.row-located[data-row-name="旧版会议纪要-alpha.txt"]').waitFor();
  await shot(page, J, '03-located');

  // 我的收藏 and 我的分享 use the same table: sorted and filtered on the server.
  const list = await api<{ list: Array<{ iuid: string; fileName: string }> }>(
    token,
    'GET',
    `/api/Home/MyDocumentList?folderId=${folder.iuid}`,
  );
  const idOf = (n: string) => list.list.find((x) => x.fileName === n)!.iuid;
  for (const n of ['结构模型.rvt', '进度计划.txt', '施工说明.txt'])
    await api(token, 'POST', '/api/Drawing/DrawingCollection', { IUID: idOf(n) });
  await page.goto(`${j.server.url}/myCollection?sort=fileBytes&order=desc&type=txt`);
  await page.getByTestId('filter-tag-fileSuffix').waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid=file-table] tbody tr[data-row-name]').length === 2,
  );
  assert.deepEqual(await rowNames(page), ['进度计划.txt', '施工说明.txt']);
  // The date-time range filter with its shortcuts (001 §9): 最近一周 applies at once as a tag.
  await page
    .locator('[data-testid=file-table] thead th', { hasText: '修改时间' })
    .getByRole('button', { name: 'filter' })
    .click();
  const dateFilter = page.getByTestId('date-range-filter');
  await dateFilter.getByRole('button', { name: '最近一个月' }).waitFor();
  await dateFilter.getByRole('button', { name: '最近三个月' }).waitFor();
  await shot(page, J, '04-favourites-date-filter');
  await dateFilter.getByRole('button', { name: '最近一周' }).click();
  await page.getByTestId('filter-tag-updateTime').waitFor();
  assert.match(
    (await page.getByTestId('filter-tag-updateTime').textContent()) ?? '',
    /修改时间: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} ~ \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
  );
  assert.match(page.url(), /updateFrom=/);
  assert.deepEqual(await rowNames(page), ['进度计划.txt', '施工说明.txt']);
  await shot(page, J, '05-favourites-filtered');

  const entry = (iuid: string, ShareType: number) => ({
    MainIUID: iuid,
    FileType: 2,
    Name: '',
    ShareType,
    Isvisible: '0',
    Pssword: '',
    pwdSetWay: '1',
    Isallow: '2',
    viewname: '',
  });
  await api(token, 'POST', '/api/Drawing/DrawingShare', [entry(idOf('结构模型.rvt'), 7)]);
  await api(token, 'POST', '/api/Drawing/DrawingShare', [entry(idOf('会议纪要.txt'), 30)]);
  await api(token, 'POST', '/api/Drawing/DrawingShare', [entry(idOf('总平面图.dwg'), 0)]);
  await page.goto(`${j.server.url}/myShare`);
  const shares = page.getByTestId('share-table');
  await shares.locator('tr[data-row-name="总平面图.dwg"]').waitFor();
  await page.locator('[data-testid=share-table] thead th', { hasText: '有效期至' }).click();
  await page.waitForURL(/sort=expireTime&order=asc/);
  await page.waitForFunction(
    () =>
      document
        .querySelector('[data-testid=share-table] tbody tr[data-row-name]')
        ?.getAttribute('data-row-name') === '结构模型.rvt',
  );
  await shot(page, J, '06-my-shares-sorted');
  await ctx.close();
});
