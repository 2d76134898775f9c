import { describe, expect, it } from 'vitest';
import {
  Api,
  ILLEGAL_NAME_MESSAGE,
  type FileRowValue,
  type ListDataValue,
  type SessionUserValue,
} from '@bimdrive/contracts';
import { call, testDbKind, uploadBytes } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';

describe(`我的文件 (${testDbKind})`, () => {
  const [t, u] = useTestApp({ users: ['测试用户'] });

  const list = async (folderId = '', extra: Record<string, string> = {}) =>
    (
      await call<ListDataValue>(t, 'GET', Api.myDocumentList, {
        token: u.token,
        query: { folderId, ...extra },
      })
    ).body.data;

  it('creates, lists, renames and navigates folders with breadcrumbs', async () => {
    const f = await call<FileRowValue>(t, 'POST', Api.folderAdd, {
      token: u.token,
      body: { parentIUID: '', fileName: '图纸' },
    });
    expect(f.body.code).toBe(1);
    const sub = await call<FileRowValue>(t, 'POST', Api.folderAdd, {
      token: u.token,
      body: { parentIUID: f.body.data.iuid, fileName: '一层' },
    });
    const inner = await list(f.body.data.iuid);
    expect(inner.list.map((r) => r.fileName)).toEqual(['一层']);
    expect(inner.breadcrumbs.map((b) => b.fileName)).toEqual(['我的文件', '图纸']);
    const deep = await list(sub.body.data.iuid);
    expect(deep.breadcrumbs.map((b) => b.fileName)).toEqual(['我的文件', '图纸', '一层']);
    const renamed = await call<FileRowValue>(t, 'POST', Api.rename, {
      token: u.token,
      body: { IUID: sub.body.data.iuid, fileName: '二层' },
    });
    expect(renamed.body.data.fileName).toBe('二层');
    const dup = await call(t, 'POST', Api.folderAdd, {
      token: u.token,
      body: { parentIUID: '', fileName: '图纸' },
    });
    expect(dup.status).toBe(409);
  });

  it('pages with the total, also past the end; a file or a bad id is not a folder', async () => {
    const folder = await call<FileRowValue>(t, 'POST', Api.folderAdd, {
      token: u.token,
      body: { parentIUID: '', fileName: '分页' },
    });
    const id = folder.body.data.iuid;
    for (const n of ['c.txt', 'a.txt', 'b.txt'])
      await uploadBytes(t, u.token, n, new TextEncoder().encode(n), id);
    const first = await list(id, { rows: '2', page: '1' });
    expect(first.count).toBe(3);
    expect(first.list.map((r) => r.fileName)).toEqual(['a.txt', 'b.txt']);
    const second = await list(id, { rows: '2', page: '2' });
    expect(second).toMatchObject({ count: 3, list: [{ fileName: 'c.txt' }] });
    const past = await list(id, { rows: '2', page: '5' });
    expect(past).toMatchObject({ count: 3, list: [] });
    const file = first.list[0]!.iuid;
    for (const bad of [file, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const r = await call(t, 'GET', Api.myDocumentList, { token: u.token, query: { folderId: bad } });
      expect(r.status, bad).toBe(404);
    }
  });

  it('refuses illegal names with the exact 001 §5 message', async () => {
    for (const bad of ['a/b', 'a\\b', 'x:y', 'q?', 'star*', 'quote"', '<lt', 'gt>', 'pi|pe']) {
      const r = await call(t, 'POST', Api.folderAdd, {
        token: u.token,
        body: { parentIUID: '', fileName: bad },
      });
      expect(r.status, bad).toBe(400);
      expect(r.body.msg).toBe(ILLEGAL_NAME_MESSAGE);
    }
    const id = await uploadBytes(t, u.token, 'note.txt', new TextEncoder().encode('hello'));
    const r = await call(t, 'POST', Api.rename, { token: u.token, body: { IUID: id, fileName: 'bad|name' } });
    expect(r.body.msg).toBe(ILLEGAL_NAME_MESSAGE);
  });

  it('answers file rows with the §3 fields and the size as text; sorts on the server', async () => {
    await uploadBytes(t, u.token, 'big.txt', new Uint8Array(3 * 1024 * 1024).fill(65));
    await uploadBytes(t, u.token, 'small.txt', new Uint8Array(10).fill(66));
    const bySize = await list('', { sort: 'fileBytes', order: 'desc' });
    const filesOnly = bySize.list.filter((r) => r.fileType === 2);
    expect(filesOnly[0]!.fileName).toBe('big.txt');
    expect(filesOnly[0]!.fileSize).toBe('3MB');
    expect(filesOnly[0]).toMatchObject({
      fileSuffix: 'txt',
      fileType: 2,
      statusType: 0,
      collectbit: false,
      previewKind: 'text',
    });
    expect(bySize.list[0]!.fileType).toBe(1); // folders first
  });

  it('downloads with HTTP Range support', async () => {
    const bytes = new TextEncoder().encode('0123456789abcdef');
    const id = await uploadBytes(t, u.token, 'range.txt', bytes);
    const url = (await call<string>(t, 'GET', Api.ossFile, { token: u.token, query: { IUID: id } })).body
      .data;
    const full = await fetch(`${t.baseUrl}${url}`);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-disposition')).toContain('attachment');
    expect(await full.text()).toBe('0123456789abcdef');
    const part = await fetch(`${t.baseUrl}${url}`, { headers: { range: 'bytes=4-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 4-7/16');
    expect(await part.text()).toBe('4567');
    const bad = await fetch(`${t.baseUrl}${url}`, { headers: { range: 'bytes=100-200' } });
    expect(bad.status).toBe(416);
    const forged = await fetch(`${t.baseUrl}${Api.signedFile}?t=${url.split('t=')[1]!.slice(0, -3)}xyz`);
    expect(forged.status).toBe(403);
  });

  it('deleting a folder deletes its contents and frees quota', async () => {
    const before = (await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: u.token })).body.data
      .usedSpace;
    const folder = await call<FileRowValue>(t, 'POST', Api.folderAdd, {
      token: u.token,
      body: { parentIUID: '', fileName: '待删除' },
    });
    await uploadBytes(t, u.token, 'a.txt', new Uint8Array(5000), folder.body.data.iuid);
    const during = (await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: u.token })).body.data
      .usedSpace;
    expect(during).toBe(before + 5000);
    const del = await call(t, 'POST', Api.delete, { token: u.token, body: { IUID: folder.body.data.iuid } });
    expect(del.body).toMatchObject({ code: 1, msg: '删除成功' });
    const after = (await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: u.token })).body.data
      .usedSpace;
    expect(after).toBe(before);
    expect((await list()).list.some((r) => r.fileName === '待删除')).toBe(false);
  });

  it('collects and un-collects; 我的收藏 lists collected files', async () => {
    const id = await uploadBytes(t, u.token, 'fav.txt', new TextEncoder().encode('fav'));
    expect((await call(t, 'POST', Api.collect, { token: u.token, body: { IUID: id } })).body.code).toBe(1);
    const favs = await call<ListDataValue>(t, 'GET', Api.myCollectionList, { token: u.token });
    expect(favs.body.data.list.map((r) => r.iuid)).toContain(id);
    expect((await list()).list.find((r) => r.iuid === id)?.collectbit).toBe(true);
    await call(t, 'POST', Api.uncollect, { token: u.token, body: { IUID: id } });
    const after = await call<ListDataValue>(t, 'GET', Api.myCollectionList, { token: u.token });
    expect(after.body.data.list.map((r) => r.iuid)).not.toContain(id);
  });
});
