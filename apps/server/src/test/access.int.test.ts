/**
 * Every endpoint checks who is asking: user B changing ids to user A's files, folders, shares and
 * uploads gets 404 (the same answer as for a missing id) and A's data is unchanged.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Api, type FileRowValue, type ListDataValue, type ShareCreatedValue } from '@bimdrive/contracts';
import { call, testDbKind, tusCreate, uploadTestFile } from './harness.ts';
import { useTestApp } from './suite-app.ts';

describe(`access control by id (${testDbKind})`, () => {
  const [t, a, b] = useTestApp({ users: ['A', 'B'] });
  let fileA: string;
  let folderA: string;
  let shareA: string;
  let uploadA: string;

  beforeAll(async () => {
    folderA = (
      await call<FileRowValue>(t, 'POST', Api.folderAdd, {
        token: a.token,
        body: { parentIUID: '', fileName: 'A的文件夹' },
      })
    ).body.data.iuid;
    fileA = await uploadTestFile(t, a.token, 'text/UserDefinedPropertySetDefinitionFile.txt', folderA);
    shareA = (
      await call<ShareCreatedValue>(t, 'POST', Api.share, {
        token: a.token,
        body: [{ MainIUID: fileA, ShareType: 7, Isvisible: '0', pwdSetWay: '1', Isallow: '1' }],
      })
    ).body.data.shareCode;
    uploadA = (await tusCreate(t, a.token, 100, { filename: 'x.bin', folderId: '' })).headers
      .get('location')!
      .split('/')
      .pop()!;
  });

  const asB = (
    method: 'GET' | 'POST',
    url: string,
    opts: { body?: unknown; query?: Record<string, string> },
  ) => call(t, method, url, { token: b.token, ...opts });

  it.each([
    ['list a folder', 'GET', Api.myDocumentList, () => ({ query: { folderId: folderA } })],
    ['create in a folder', 'POST', Api.folderAdd, () => ({ body: { parentIUID: folderA, fileName: 'x' } })],
    ['rename a file', 'POST', Api.rename, () => ({ body: { IUID: fileA, fileName: 'pwned.txt' } })],
    ['rename a folder', 'POST', Api.rename, () => ({ body: { IUID: folderA, fileName: 'pwned' } })],
    ['delete a file', 'POST', Api.delete, () => ({ body: { IUID: fileA } })],
    ['delete a folder', 'POST', Api.delete, () => ({ body: { IUID: folderA } })],
    ['read file info', 'GET', Api.fileInfo, () => ({ query: { IUID: fileA } })],
    ['download', 'GET', Api.ossFile, () => ({ query: { IUID: fileA } })],
    ['preview', 'GET', Api.preview, () => ({ query: { IUID: fileA } })],
    ['collect', 'POST', Api.collect, () => ({ body: { IUID: fileA } })],
    ['un-collect', 'POST', Api.uncollect, () => ({ body: { IUID: fileA } })],
    ['check a share', 'POST', Api.shareCheck, () => ({ body: [{ MainIUID: fileA, ShareType: 7 }] })],
    ['share', 'POST', Api.share, () => ({ body: [{ MainIUID: fileA, ShareType: 7 }] })],
    ['cancel a share', 'POST', Api.shareCancel, () => ({ body: { shareCode: shareA } })],
    ['cancel an upload', 'GET', Api.fragmentDelete, () => ({ query: { IUID: uploadA } })],
  ] as const)('B cannot %s of A', async (_name, method, url, opts) => {
    const r = await asB(method, url, opts());
    expect(r.status).toBe(404);
    expect(r.body.code).not.toBe(1);
  });

  it('A’s data is unchanged and B’s lists show nothing of A', async () => {
    const list = await call<ListDataValue>(t, 'GET', Api.myDocumentList, {
      token: a.token,
      query: { folderId: folderA },
    });
    expect(list.body.data.list.map((r) => r.fileName)).toEqual(['UserDefinedPropertySetDefinitionFile.txt']);
    const info = await call(t, 'GET', Api.shareInfo, { query: { code: shareA } });
    expect(info.status).toBe(200);
    const bList = await call<ListDataValue>(t, 'GET', Api.myDocumentList, { token: b.token });
    expect(bList.body.data.count).toBe(0);
    const bSearch = await call<ListDataValue>(t, 'GET', Api.myDocumentList, {
      token: b.token,
      query: { keyword: 'UserDefined' },
    });
    expect(bSearch.body.data.count).toBe(0);
    const bShares = await call<unknown[]>(t, 'GET', Api.myShareList, { token: b.token });
    expect(bShares.body.data).toEqual([]);
    const bFavs = await call<ListDataValue>(t, 'GET', Api.myCollectionList, { token: b.token });
    expect(bFavs.body.data.count).toBe(0);
  });
});
