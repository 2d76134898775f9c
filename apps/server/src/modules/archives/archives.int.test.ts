import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  type ArchiveEntryValue,
  type ArchiveListingValue,
  type PreviewInfoValue,
  type ShareCreatedValue,
} from '@bimdrive/contracts';
import { call, testDbKind, TESTDATA, uploadBytes } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { shareEntry } from '../../test/share-entry.ts';
import { makeRar, makeZip } from './archive-fixtures.ts';

// "图纸/说明.txt" in GBK, as Chinese Windows writes it (no UTF-8 flag).
const GBK_NAME = Buffer.from('cdbcd6bd2fcbb5c3f72e747874', 'hex');

describe(`archive contents in the preview (${testDbKind})`, () => {
  const [t, u, other] = useTestApp({ users: ['张工', '陌生人'] });
  let zipId: string;
  let text: Buffer;
  let png: Buffer;
  beforeAll(async () => {
    text = await readFile(path.join(TESTDATA, 'text/UserDefinedPropertySetDefinitionFile.txt'));
    png = await readFile(path.join(TESTDATA, 'images/SimpleWall_Screenshot_1.png'));
    const zip = makeZip([
      { name: GBK_NAME, data: text },
      { name: '模型/一层/', data: Buffer.alloc(0) },
      { name: '模型/一层/墙.png', data: png, deflate: false },
      { name: '../../evil.txt', data: Buffer.from('not a path') },
      { name: 'bomb.bin', data: Buffer.alloc(20 * 1024 * 1024) },
      { name: 'lie.txt', data: Buffer.alloc(5000, 0x61), declaredSize: 100 },
      { name: 'secret.txt', data: Buffer.from('x'), encrypted: true, deflate: false },
    ]);
    zipId = await uploadBytes(t, u.token, '资料.zip', zip);
  });

  const list = async (id: string, token = u.token) =>
    call<ArchiveListingValue>(t, 'GET', Api.archiveEntries, { token, query: { IUID: id } });
  const byPath = (l: ArchiveListingValue, p: string): ArchiveEntryValue => {
    const e = l.entries.find((x) => x.path === p);
    if (!e) throw new Error(`no entry ${p} in ${l.entries.map((x) => x.path).join(', ')}`);
    return e;
  };
  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}${url}`, { headers });

  it('previews a zip as kind archive and lists its entries with GBK names, folders and sizes', async () => {
    const p = await call<PreviewInfoValue>(t, 'GET', Api.preview, { token: u.token, query: { IUID: zipId } });
    expect(p.body.data.previewKind).toBe('archive');
    expect(p.body.data.viewUrl).toBeNull();
    const r = await list(zipId);
    expect(r.status).toBe(200);
    const l = r.body.data;
    expect(l).toMatchObject({ format: 'zip', total: 7, truncated: false, canDownload: true });
    const gbk = byPath(l, '图纸/说明.txt');
    expect(gbk).toMatchObject({ isFolder: false, size: text.length, previewKind: 'text', refused: '' });
    expect(gbk.modifiedTime).toBe('2024-03-15 14:30:00');
    expect(byPath(l, '模型/一层')).toMatchObject({ isFolder: true, viewUrl: null, downloadUrl: null });
    expect(byPath(l, '模型/一层/墙.png')).toMatchObject({ previewKind: 'image', size: png.length });
  });

  it('shows traversal names sanitised, refuses the bomb and the encrypted entry', async () => {
    const l = (await list(zipId)).body.data;
    expect(l.entries.some((e) => e.path.includes('..'))).toBe(false);
    expect(byPath(l, 'evil.txt')).toMatchObject({ unsafeName: true, refused: '' });
    const bomb = byPath(l, 'bomb.bin');
    expect(bomb.refused).toMatch(/压缩炸弹/);
    expect(bomb.downloadUrl).toBeNull();
    const secret = byPath(l, 'secret.txt');
    expect(secret).toMatchObject({ encrypted: true, viewUrl: null, downloadUrl: null });
    expect(secret.refused).toMatch(/加密/);
    // A hand-made URL for the bomb, with a valid ticket, is refused too.
    const ticketUrl = byPath(l, 'evil.txt').downloadUrl!;
    const forged = ticketUrl.replace(/&i=\d+/, `&i=${bomb.index}`);
    const res = await get(forged);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { msg: string }).msg).toMatch(/压缩炸弹/);
  });

  it('serves one entry inline, in ranges and as a download, never as a page', async () => {
    const l = (await list(zipId)).body.data;
    const gbk = byPath(l, '图纸/说明.txt');
    const whole = await get(gbk.viewUrl!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(whole.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await whole.arrayBuffer()).equals(text)).toBe(true);
    const part = await get(gbk.viewUrl!, { range: 'bytes=10-29' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-29/${text.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(text.subarray(10, 30))).toBe(true);
    const img = await get(byPath(l, '模型/一层/墙.png').viewUrl!);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(png)).toBe(true);
    const dl = await get(byPath(l, 'evil.txt').downloadUrl!);
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment; filename="evil.txt"/);
    expect(await dl.text()).toBe('not a path');
  });

  it('stops an entry whose bytes pass its declared size', async () => {
    const l = (await list(zipId)).body.data;
    const res = await get(byPath(l, 'lie.txt').viewUrl!);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { code: number; msg: string };
    expect(body.msg).toMatch(/超过声明的大小/);
  });

  it("answers 404 for another user's archive, as for a missing file", async () => {
    const theirs = await list(zipId, other.token);
    expect(theirs.status).toBe(404);
    const missing = await list('00000000-0000-4000-8000-000000000000', other.token);
    expect(missing.status).toBe(404);
    expect(theirs.body.msg).toBe(missing.body.msg);
    const notArchive = await uploadBytes(t, u.token, 'a.txt', new TextEncoder().encode('abc'));
    expect((await list(notArchive)).status).toBe(400);
  });

  it('lists a shared archive for a browse-only visitor without download links; images as WebP', async () => {
    const created = await call<ShareCreatedValue>(t, 'POST', Api.share, {
      token: u.token,
      body: [shareEntry(zipId, { Isvisible: '1' })],
    });
    const v = await call<{ accessToken: string }>(t, 'POST', Api.shareVerify, {
      body: { code: created.body.data.shareCode, pwd: '' },
    });
    const auth = `Share ${v.body.data.accessToken}`;
    expect((await call(t, 'GET', Api.shareArchiveEntries)).status).toBe(403);
    const r = await call<ArchiveListingValue>(t, 'GET', Api.shareArchiveEntries, { auth });
    expect(r.status).toBe(200);
    expect(r.body.data.canDownload).toBe(false);
    expect(r.body.data.entries.every((e) => e.downloadUrl === null)).toBe(true);
    const img = byPath(r.body.data, '模型/一层/墙.png');
    const res = await get(img.viewUrl!);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect((await get(`${img.viewUrl!}&dl=1`)).status).toBe(403);
    // Entries that do not preview are not handed out to a browse-only visitor.
    const bin = r.body.data.entries.find((e) => e.path === 'evil.txt')!;
    expect(bin.viewUrl).not.toBeNull();
  });

  it('lists a RAR archive and serves one of its entries', async () => {
    const rar = makeRar([
      { name: '图纸/' },
      { name: '图纸/说明.txt', data: text },
      { name: 'a.md', data: Buffer.from('# 标题') },
    ]);
    const id = await uploadBytes(t, u.token, '资料.rar', rar);
    const l = (await list(id)).body.data;
    expect(l.format).toBe('rar');
    expect(l.entries.map((e) => [e.path, e.isFolder])).toEqual([
      ['图纸', true],
      ['图纸/说明.txt', false],
      ['a.md', false],
    ]);
    const res = await get(byPath(l, '图纸/说明.txt').viewUrl!);
    expect(Buffer.from(await res.arrayBuffer()).equals(text)).toBe(true);
    const part = await get(byPath(l, 'a.md').viewUrl!, { range: 'bytes=0-1' });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('# ');
  });
});
