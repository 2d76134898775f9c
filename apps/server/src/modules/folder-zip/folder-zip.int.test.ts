/**
 * Folder download as a zip (issue 5; 001 §7 CompressFileFolder) on a real database and real files of
 * ../shared/testdata: entries and bytes match the originals, store/deflate per format, empty folders
 * kept, Chinese names with an RFC 5987 download name, unsafe stored names made safe and unique, a
 * file missing on disk skipped with a note, the browser's signed URL, refusals for other users, and a
 * client that disconnects leaves no open file behind.
 */
import { readFile, readdir, readlink, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Api, type FileRowValue } from '@bimdrive/contracts';
import {
  call,
  testDbKind,
  TESTDATA,
  uploadBytes,
  uploadTestFile,
  type TestUser,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { unzip } from '../../test/zip-entries.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { MISSING_NOTE_NAME } from './folder-zip.service.ts';

describe(`folder zip CompressFileFolder (${testDbKind})`, () => {
  const [t, a, b] = useTestApp({ users: ['甲', '乙'] });

  const folder = async (u: TestUser, parentIUID: string, fileName: string) => {
    const r = await call<FileRowValue>(t, 'POST', Api.folderAdd, {
      token: u.token,
      body: { parentIUID, fileName },
    });
    expect(r.body.code).toBe(1);
    return r.body.data.iuid;
  };
  const zipOf = (u: TestUser, iuid: string, signal?: AbortSignal) =>
    fetch(`${t.baseUrl}${Api.compressFolder}?iuid=${encodeURIComponent(iuid)}`, {
      headers: { authorization: `Bearer ${u.token}` },
      signal,
    });
  const original = (rel: string) => readFile(path.join(TESTDATA, rel));

  /** 项目资料/{模型,图片,文档/子目录,空文件夹} with real files. */
  async function buildTree(u: TestUser) {
    const root = await folder(u, '', '项目资料');
    const models = await folder(u, root, '模型');
    const images = await folder(u, root, '图片');
    const docs = await folder(u, root, '文档');
    const sub = await folder(u, docs, '子目录');
    await folder(u, root, '空文件夹');
    const files: Array<[string, string]> = [
      ['ifc/AC20-FZK-Haus.ifc', models],
      ['ifc/SimpleWall.ifc', models],
      ['images/SimpleWall_Screenshot_1.png', images],
      ['office/BIM_Execution_Plan.docx', docs],
      ['text/UserDefinedPropertySetDefinitionFile.txt', docs],
      ['video/site_walkthrough.mp4', sub],
      ['office/A-101_Floor_Plans.pdf', root],
      ['dxf/polylines.dxf', root],
    ];
    for (const [rel, parent] of files) await uploadTestFile(t, u.token, rel, parent);
    return { root, models, docs, sub };
  }

  it('zips a folder tree: entries, bytes, empty folder, store/deflate per format, UTF-8 download name', async () => {
    const { root } = await buildTree(a);
    const res = await zipOf(a, root);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="____.zip"; filename*=UTF-8''${encodeURIComponent('项目资料.zip')}`,
    );
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const expected: Record<string, string> = {
      '项目资料/模型/AC20-FZK-Haus.ifc': 'ifc/AC20-FZK-Haus.ifc',
      '项目资料/模型/SimpleWall.ifc': 'ifc/SimpleWall.ifc',
      '项目资料/图片/SimpleWall_Screenshot_1.png': 'images/SimpleWall_Screenshot_1.png',
      '项目资料/文档/BIM_Execution_Plan.docx': 'office/BIM_Execution_Plan.docx',
      '项目资料/文档/UserDefinedPropertySetDefinitionFile.txt':
        'text/UserDefinedPropertySetDefinitionFile.txt',
      '项目资料/文档/子目录/site_walkthrough.mp4': 'video/site_walkthrough.mp4',
      '项目资料/A-101_Floor_Plans.pdf': 'office/A-101_Floor_Plans.pdf',
      '项目资料/polylines.dxf': 'dxf/polylines.dxf',
    };
    const fileNames = [...entries].filter(([, e]) => !e.dir).map(([n]) => n);
    expect(fileNames.sort()).toEqual(Object.keys(expected).sort());
    for (const [name, rel] of Object.entries(expected)) {
      expect(entries.get(name)!.data.equals(await original(rel)), name).toBe(true);
    }
    const dirs = [...entries].filter(([, e]) => e.dir).map(([n]) => n);
    expect(dirs.sort()).toEqual(
      [
        '项目资料/',
        '项目资料/图片/',
        '项目资料/文档/',
        '项目资料/文档/子目录/',
        '项目资料/模型/',
        '项目资料/空文件夹/',
      ].sort(),
    );
    // Text-like formats deflated (8), already-compressed ones stored (0).
    expect(entries.get('项目资料/模型/AC20-FZK-Haus.ifc')!.method).toBe(8);
    expect(entries.get('项目资料/polylines.dxf')!.method).toBe(8);
    expect(entries.get('项目资料/图片/SimpleWall_Screenshot_1.png')!.method).toBe(0);
    expect(entries.get('项目资料/文档/子目录/site_walkthrough.mp4')!.method).toBe(0);
    expect(entries.get('项目资料/文档/BIM_Execution_Plan.docx')!.method).toBe(0);
  });

  it('a subfolder of only stored files is sent with its exact Content-Length', async () => {
    const top = await folder(a, '', '视频');
    await uploadTestFile(t, a.token, 'video/site_walkthrough.mp4', top);
    const res = await zipOf(a, top);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    const entries = await unzip(body);
    expect(
      entries.get('视频/site_walkthrough.mp4')!.data.equals(await original('video/site_walkthrough.mp4')),
    ).toBe(true);
  });

  it('makes stored names safe: no `..`, no absolute paths, no control characters; duplicates numbered', async () => {
    const top = await folder(a, '', '怪名字');
    const inner = await folder(a, top, 'inner');
    const bytes = (s: string) => new TextEncoder().encode(s);
    const ids = {
      dots: await uploadBytes(t, a.token, 'x1.txt', bytes('one'), inner),
      abs: await uploadBytes(t, a.token, 'x2.txt', bytes('two'), top),
      colon: await uploadBytes(t, a.token, 'x3.txt', bytes('three'), top),
      plain: await uploadBytes(t, a.token, 'a_b.txt', bytes('four'), top),
      ctrl: await uploadBytes(t, a.token, 'x5.txt', bytes('five'), top),
    };
    // Names the API refuses but an older or imported row could hold: set them in the database.
    const rename = (id: string, name: string) =>
      t.built.ctx.db.execute(sql`update files set name = ${name} where id = ${id}`);
    await rename(inner, '..');
    await rename(ids.dots, '../../etc/passwd');
    await rename(ids.abs, '/root/C:\\evil.txt');
    await rename(ids.colon, 'a:b.txt');
    await rename(ids.ctrl, 'bell\u0007\u001b.txt');
    const res = await zipOf(a, top);
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const names = [...entries.keys()];
    for (const n of names) {
      expect(n.startsWith('/')).toBe(false);
      expect(/^[A-Za-z]:/.test(n)).toBe(false);
      expect(n.split('/').includes('..')).toBe(false);
      // eslint-disable-next-line no-control-regex -- no control character may remain
      expect(/[\u0000-\u001f\\]/.test(n)).toBe(false);
    }
    const byContent = new Map([...entries].filter(([, e]) => !e.dir).map(([n, e]) => [e.data.toString(), n]));
    expect(byContent.get('one')).toBe('怪名字/_/.._.._etc_passwd');
    expect(byContent.get('two')).toBe('怪名字/_root_C__evil.txt');
    expect(byContent.get('five')).toBe('怪名字/bell.txt');
    // "a:b.txt" becomes "a_b.txt", which a sibling already has: one of them is numbered.
    expect([byContent.get('three'), byContent.get('four')].sort()).toEqual([
      '怪名字/a_b (2).txt',
      '怪名字/a_b.txt',
    ]);
  });

  it('skips a file missing on disk and names it in a note entry', async () => {
    const top = await folder(a, '', '缺失');
    const kept = await uploadTestFile(t, a.token, 'ifc/SimpleWall.ifc', top);
    const lost = await uploadTestFile(t, a.token, 'ifc/just_wall.ifc', top);
    expect(kept).not.toBe(lost);
    const owner = a.login.userID;
    await rm(path.join(t.config.storageDir, `files/${owner}/${lost}/original`));
    const res = await zipOf(a, top);
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(entries.get('缺失/SimpleWall.ifc')!.data.equals(await original('ifc/SimpleWall.ifc'))).toBe(true);
    expect(entries.has('缺失/just_wall.ifc')).toBe(false);
    const note = entries.get(MISSING_NOTE_NAME)!.data.toString('utf8');
    expect(note).toContain('缺失/just_wall.ifc');
  });

  it('the browser URL: a signed ticket for that folder and session only', async () => {
    const top = await folder(a, '', '票据');
    await uploadTestFile(t, a.token, 'text/UserDefinedPropertySetDefinitionFile.txt', top);
    const other = await folder(a, '', '别的');
    const r = await call<string>(t, 'GET', Api.compressFolderUrl, { token: a.token, query: { iuid: top } });
    expect(r.body.code).toBe(1);
    const url = new URL(r.body.data, t.baseUrl);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(entries.has('票据/UserDefinedPropertySetDefinitionFile.txt')).toBe(true);
    // The same ticket for another folder, or a forged one, is refused.
    url.searchParams.set('iuid', other);
    expect((await fetch(url)).status).toBe(403);
    url.searchParams.set('iuid', top);
    url.searchParams.set('t', 'forged');
    expect((await fetch(url)).status).toBe(403);
    // No session at all.
    expect((await fetch(`${t.baseUrl}${Api.compressFolder}?iuid=${top}`)).status).toBe(401);
  });

  it('another user gets 404 for the folder, for a folder nested in that tree, and never its entries', async () => {
    const aRoot = await folder(a, '', '甲的资料');
    const aNested = await folder(a, aRoot, '深层');
    await uploadTestFile(t, a.token, 'ifc/SimpleWall.ifc', aNested);
    for (const id of [aRoot, aNested]) {
      const res = await zipOf(b, id);
      expect(res.status).toBe(404);
      const r = await call(t, 'GET', Api.compressFolderUrl, { token: b.token, query: { iuid: id } });
      expect(r.status).toBe(404);
    }
    // A file id is not a folder; a non-uuid is not found.
    const fileId = await uploadTestFile(t, a.token, 'ifc/just_wall.ifc', aRoot);
    expect((await zipOf(a, fileId)).status).toBe(404);
    expect((await zipOf(a, 'not-a-uuid')).status).toBe(404);
    // A row of b's pointing into a's folder (not possible through the API) is not part of a's zip.
    const bFile = await uploadBytes(t, b.token, 'secret-of-b.txt', new TextEncoder().encode('b only'));
    await t.built.ctx.db.execute(sql`update files set parent_id = ${aRoot} where id = ${bFile}`);
    const entries = await unzip(Buffer.from(await (await zipOf(a, aRoot)).arrayBuffer()));
    expect([...entries.keys()].some((n) => n.includes('secret-of-b'))).toBe(false);
    expect(entries.has('甲的资料/深层/SimpleWall.ifc')).toBe(true);
  });

  it('fails the download cleanly when a listed file is deleted before its entry is written', async () => {
    const top = await folder(a, '', '中途删除');
    const big = new Uint8Array(32 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 241;
    await uploadBytes(t, a.token, 'a-big.rvt', big, top);
    const later = await uploadBytes(t, a.token, 'z-later.txt', new TextEncoder().encode('later'), top);
    const res = await zipOf(a, top);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    // While the first entry streams, the second file goes away (its permission check fails at read time).
    expect((await call(t, 'POST', Api.delete, { token: a.token, body: { IUID: later } })).body.code).toBe(1);
    const chunks: Uint8Array[] = [];
    const outcome = await (async () => {
      for (;;) {
        const r = await reader.read();
        if (r.done) return 'ended';
        chunks.push(r.value);
      }
    })().catch(() => 'aborted');
    // The transfer is cut (never a complete archive with a wrong or empty entry).
    if (outcome === 'ended') await expect(unzip(Buffer.concat(chunks))).rejects.toThrow();
    else expect(outcome).toBe('aborted');
  });

  it('a client that disconnects stops the zip and closes the file handle', async () => {
    const top = await folder(a, '', '大文件');
    const big = new Uint8Array(48 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    await uploadBytes(t, a.token, 'big.rvt', big, top);
    const storage = t.config.storageDir;
    const openInStorage = async () => {
      let n = 0;
      for (const fd of await readdir('/proc/self/fd')) {
        const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
        if (target.startsWith(storage)) n += 1;
      }
      return n;
    };
    const ac = new AbortController();
    const res = await zipOf(a, top, ac.signal);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    try {
      const first = await reader.read();
      expect(first.done).toBe(false);
      // The big file is being read: its handle opens just after the entry's header went out (on a
      // busy machine the first chunk can come before it).
      await waitUntil(async () => (await openInStorage()) === 1, 'the big file open while the zip streams');
    } finally {
      ac.abort(); // also when the above failed: a response left open would hold the app's close
      await reader.cancel().catch(() => undefined);
    }
    const until = Date.now() + 5000;
    while ((await openInStorage()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await openInStorage()).toBe(0);
  });
});
