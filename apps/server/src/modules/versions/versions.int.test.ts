/**
 * File versions (issue 5; 001 §7 FileVersionAdd, 000 §7 FileVersionInfo) on a real database with two
 * real IFC files of ../shared/testdata as v1 and v2: each version converted into its own derived
 * files, setting the current version switches download, preview and the file row (and so shares and
 * favourites), quota checked at creation and completion with nothing left behind when refused,
 * deleting an old version frees its bytes, and another user reaches nothing by changing ids.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { fileVersions } from '../../db/schema/files.ts';
import { describe, expect, it } from 'vitest';
import {
  Api,
  HubEvents,
  type FileRowValue,
  type FileVersionEventValue,
  type FileVersionListValue,
  type ListDataValue,
  type PreviewInfoValue,
} from '@bimdrive/contracts';
import {
  call,
  connectHub,
  TESTDATA,
  testDbKind,
  tusCreateVersion,
  tusPatch,
  uploadTestFile,
  waitForStatus,
  type TestUser,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';

const V1 = 'ifc/SimpleWall.ifc';
const V2 = 'ifc/wall-elemented-case.ifc';

describe(`file versions (${testDbKind})`, () => {
  const [t, a, b] = useTestApp({ users: ['甲', '乙'] });
  let iuid: string;

  const bytesOf = (rel: string) => readFile(path.join(TESTDATA, rel));
  /** tus creation at FileVersionAdd. */
  const createVersion = (u: TestUser, size: number, meta: Record<string, string>) =>
    tusCreateVersion(t, u.token, size, meta);
  /** Upload a version in one PATCH; answers the completion response. */
  const uploadVersion = async (u: TestUser, fileId: string, rel: string, name = path.basename(rel)) => {
    const bytes = new Uint8Array(await bytesOf(rel));
    const created = await createVersion(u, bytes.length, { filename: name, versionOf: fileId });
    expect(created.status, await created.clone().text()).toBe(201);
    return tusPatch(t, u.token, created.headers.get('location')!, 0, bytes);
  };
  const versions = async (u: TestUser, id: string) =>
    call<FileVersionListValue>(t, 'GET', Api.versionList, { token: u.token, query: { iuid: id } });
  const download = async (u: TestUser, id: string, version?: number) => {
    const r = await call<string>(t, 'GET', Api.ossFile, {
      token: u.token,
      query: { IUID: id, ...(version ? { version: String(version) } : {}) },
    });
    expect(r.body.code).toBe(1);
    return Buffer.from(await (await fetch(`${t.baseUrl}${r.body.data}`)).arrayBuffer());
  };
  const preview = async (u: TestUser, id: string, version?: number) =>
    (
      await call<PreviewInfoValue>(t, 'GET', Api.preview, {
        token: u.token,
        query: { IUID: id, ...(version ? { version: String(version) } : {}) },
      })
    ).body.data;
  const fetchBytes = async (url: string) =>
    Buffer.from(await (await fetch(`${t.baseUrl}${url}`)).arrayBuffer());
  const used = async (u: TestUser) =>
    (await call<{ usedSpace: number }>(t, 'GET', Api.space, { token: u.token })).body.data.usedSpace;
  const waitVersionsSettled = async (u: TestUser, id: string) => {
    const until = Date.now() + 110_000;
    for (;;) {
      const l = (await versions(u, id)).body.data;
      if (l.list.every((v) => v.statusType === 3 || v.statusType === 4)) return l;
      if (Date.now() > until) throw new Error(`versions did not settle: ${JSON.stringify(l)}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  };

  it('adds v2 of an IFC: same iuid, converted apart from v1, becomes current; FileVersionInfo pushed', async () => {
    iuid = await uploadTestFile(t, a.token, V1);
    expect((await waitForStatus(t, a.token, iuid)).statusType).toBe(3);
    const v1Frag = await fetchBytes((await preview(a, iuid)).viewUrl!);
    // A favourite and the used space before the new version.
    expect((await call(t, 'POST', Api.collect, { token: a.token, body: { IUID: iuid } })).body.code).toBe(1);
    const usedBefore = await used(a);

    const socket = await connectHub(t, a.token);
    const events: FileVersionEventValue[] = [];
    socket.on(HubEvents.fileVersion, (e: FileVersionEventValue) => events.push(e));
    const done = await uploadVersion(a, iuid, V2);
    expect(done.status).toBe(204);
    expect(done.headers.get('x-file-iuid')).toBe(iuid);
    expect(done.headers.get('x-file-version')).toBe('2');

    const list = await waitVersionsSettled(a, iuid);
    expect(list.currentVersion).toBe(2);
    expect(list.list.map((v) => [v.version, v.isCurrent, v.statusType])).toEqual([
      [2, true, 3],
      [1, false, 3],
    ]);
    expect(list.list[0]!.fileName).toBe('wall-elemented-case.ifc');
    expect(list.list[0]!.uploaderName).toBe('甲');
    expect(list.list[0]!.fileBytes).toBe((await bytesOf(V2)).length);
    expect(list.list[1]!.fileBytes).toBe((await bytesOf(V1)).length);
    // Both versions are charged.
    expect(await used(a)).toBe(usedBefore + (await bytesOf(V2)).length);

    // The file keeps its iuid and name; its row is now v2.
    const info = (await call<FileRowValue>(t, 'GET', Api.fileInfo, { token: a.token, query: { IUID: iuid } }))
      .body.data;
    expect(info.fileName).toBe('SimpleWall.ifc');
    expect(info.fileBytes).toBe((await bytesOf(V2)).length);
    expect(info.statusType).toBe(3);

    // Download: current = v2, version=1 = v1; preview: each version its own derived model.
    expect((await download(a, iuid)).equals(await bytesOf(V2))).toBe(true);
    expect((await download(a, iuid, 1)).equals(await bytesOf(V1))).toBe(true);
    const v2Frag = await fetchBytes((await preview(a, iuid)).viewUrl!);
    expect(v2Frag.equals(v1Frag)).toBe(false);
    expect((await fetchBytes((await preview(a, iuid, 1)).viewUrl!)).equals(v1Frag)).toBe(true);
    // v2's bytes and derived outputs live apart from v1's, under the key its version row names.
    const [v2] = await t.built.ctx.db
      .select({ key: fileVersions.storageKey })
      .from(fileVersions)
      .where(and(eq(fileVersions.fileId, iuid), eq(fileVersions.number, 2)));
    expect(v2!.key).toMatch(new RegExp(`^files/${a.login.userID}/${iuid}/[^/]+/original$`));
    expect((await stat(path.join(t.config.storageDir, v2!.key))).size).toBe((await bytesOf(V2)).length);
    expect(
      (await stat(path.join(t.config.storageDir, v2!.key.replace(/original$/, 'derived')))).isDirectory(),
    ).toBe(true);

    // The favourite follows the file: the collection row shows the current version.
    const favs = (await call<ListDataValue>(t, 'GET', Api.myCollectionList, { token: a.token })).body.data
      .list;
    expect(favs.find((f) => f.iuid === iuid)?.fileBytes).toBe((await bytesOf(V2)).length);

    await new Promise((r) => setTimeout(r, 200));
    socket.close();
    const mine = events.filter((e) => e.iuid === iuid);
    expect(mine[0]).toMatchObject({ version: 2, currentVersion: 2, action: 'added' });
    expect(mine.some((e) => e.action === 'status' && e.version === 2)).toBe(true);
  });

  it('setting v1 current switches download, preview, the file row and a share link', async () => {
    const share = await call<{ shareCode: string }>(t, 'POST', Api.share, {
      token: a.token,
      body: [{ MainIUID: iuid, ShareType: 7, Isvisible: '1', Isallow: '1' }],
    });
    expect(share.body.code).toBe(1);
    const socket = await connectHub(t, a.token);
    const events: FileVersionEventValue[] = [];
    socket.on(HubEvents.fileVersion, (e: FileVersionEventValue) => events.push(e));

    const r = await call<FileVersionListValue>(t, 'POST', Api.versionSetCurrent, {
      token: a.token,
      body: { IUID: iuid, version: 1 },
    });
    expect(r.body.code).toBe(1);
    expect(r.body.data.currentVersion).toBe(1);
    expect(r.body.data.list.find((v) => v.isCurrent)?.version).toBe(1);
    expect((await download(a, iuid)).equals(await bytesOf(V1))).toBe(true);
    const info = (await call<FileRowValue>(t, 'GET', Api.fileInfo, { token: a.token, query: { IUID: iuid } }))
      .body.data;
    expect(info.fileBytes).toBe((await bytesOf(V1)).length);
    expect(
      (await fetchBytes((await preview(a, iuid)).viewUrl!)).equals(
        await fetchBytes((await preview(a, iuid, 1)).viewUrl!),
      ),
    ).toBe(true);

    // A visitor of the public share link downloads the current version.
    const code = share.body.data.shareCode;
    const access = await call<{ accessToken: string }>(t, 'POST', Api.shareVerify, {
      body: { code, pwd: '' },
    });
    const sp = await call<PreviewInfoValue>(t, 'GET', Api.sharePreview, {
      auth: `Share ${access.body.data.accessToken}`,
    });
    expect((await fetchBytes(sp.body.data.originalUrl!)).equals(await bytesOf(V1))).toBe(true);

    await new Promise((res) => setTimeout(res, 200));
    socket.close();
    expect(events).toContainEqual(
      expect.objectContaining({ iuid, version: 1, currentVersion: 1, action: 'current' }),
    );
    // Back to v2 for the following tests.
    await call(t, 'POST', Api.versionSetCurrent, { token: a.token, body: { IUID: iuid, version: 2 } });
  });

  it('refuses an oversize version at creation and at completion, leaving nothing behind', async () => {
    const before = (await versions(a, iuid)).body.data.list.length;
    const usedBefore = await used(a);
    const userId = a.login.userID;
    // Creation: the declared size does not fit.
    await t.built.ctx.db.execute(sql`update users set quota_bytes = used_bytes + 1000 where id = ${userId}`);
    const big = await createVersion(a, 5000, { filename: 'big.ifc', versionOf: iuid });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { msg: string }).msg).toContain('空间不足');
    // Completion: reserved while it fitted, then the quota shrank before the last byte.
    await t.built.ctx.db.execute(
      sql`update users set quota_bytes = used_bytes + 100000 where id = ${userId}`,
    );
    const bytes = new Uint8Array(await bytesOf('ifc/just_wall.ifc'));
    const created = await createVersion(a, bytes.length, { filename: 'just_wall.ifc', versionOf: iuid });
    expect(created.status).toBe(201);
    await t.built.ctx.db.execute(sql`update users set quota_bytes = used_bytes + 10 where id = ${userId}`);
    const done = await tusPatch(t, a.token, created.headers.get('location')!, 0, bytes);
    expect(done.status).toBe(413);
    expect((await versions(a, iuid)).body.data.list.length).toBe(before);
    expect(await used(a)).toBe(usedBefore);
    // The refused upload is gone with its reservation (finished uploads are remembered until they expire).
    const pending = await t.built.ctx.db.execute(
      sql`select count(*)::int as n from uploads where id = ${created.headers.get('location')!.split('/').pop()!}`,
    );
    expect((pending as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    const tusFiles = await import('node:fs/promises').then((fs) =>
      fs.readdir(path.join(t.config.storageDir, 'tus')),
    );
    expect(tusFiles.filter((f) => !f.endsWith('.json'))).toEqual([]);
    await t.built.ctx.db.execute(sql`update users set quota_bytes = 10737418240 where id = ${userId}`);
  });

  it('refuses another format, a folder, and a FileVersionAdd without a target', async () => {
    const png = await createVersion(a, 10, { filename: 'x.png', versionOf: iuid });
    expect(png.status).toBe(400);
    expect(((await png.json()) as { msg: string }).msg).toContain('.ifc');
    const folder = await call<FileRowValue>(t, 'POST', Api.folderAdd, {
      token: a.token,
      body: { parentIUID: '', fileName: '文件夹' },
    });
    expect((await createVersion(a, 10, { filename: 'x.ifc', versionOf: folder.body.data.iuid })).status).toBe(
      404,
    );
    const noTarget = await createVersion(a, 10, { filename: 'x.ifc' });
    expect(noTarget.status).toBe(400);
  });

  it('another user cannot list, add, download, preview, set or delete versions by changing ids', async () => {
    expect((await versions(b, iuid)).status).toBe(404);
    expect((await createVersion(b, 10, { filename: 'x.ifc', versionOf: iuid })).status).toBe(404);
    for (const version of ['1', '2']) {
      const d = await call(t, 'GET', Api.ossFile, { token: b.token, query: { IUID: iuid, version } });
      expect(d.status).toBe(404);
      const p = await call(t, 'GET', Api.preview, { token: b.token, query: { IUID: iuid, version } });
      expect(p.status).toBe(404);
    }
    const set = await call(t, 'POST', Api.versionSetCurrent, {
      token: b.token,
      body: { IUID: iuid, version: 1 },
    });
    expect(set.status).toBe(404);
    const del = await call(t, 'POST', Api.versionDelete, {
      token: b.token,
      body: { IUID: iuid, version: 1 },
    });
    expect(del.status).toBe(404);
    // Still two versions, v2 current.
    const l = (await versions(a, iuid)).body.data;
    expect([l.currentVersion, l.list.length]).toEqual([2, 2]);
    // Unknown versions of one's own file.
    expect(
      (await call(t, 'GET', Api.ossFile, { token: a.token, query: { IUID: iuid, version: '9' } })).status,
    ).toBe(404);
    expect(
      (await call(t, 'POST', Api.versionSetCurrent, { token: a.token, body: { IUID: iuid, version: 9 } }))
        .status,
    ).toBe(404);
  });

  it('deletes an old version (frees its bytes), refuses the current one; deleting the file frees all', async () => {
    const usedBefore = await used(a);
    const cur = await call(t, 'POST', Api.versionDelete, {
      token: a.token,
      body: { IUID: iuid, version: 2 },
    });
    expect(cur.status).toBe(400);
    const r = await call<FileVersionListValue>(t, 'POST', Api.versionDelete, {
      token: a.token,
      body: { IUID: iuid, version: 1 },
    });
    expect(r.body.code).toBe(1);
    expect(r.body.data.list.map((v) => v.version)).toEqual([2]);
    expect(await used(a)).toBe(usedBefore - (await bytesOf(V1)).length);
    const owner = a.login.userID;
    await expect(stat(path.join(t.config.storageDir, `files/${owner}/${iuid}/original`))).rejects.toThrow();
    expect(
      (await call(t, 'GET', Api.ossFile, { token: a.token, query: { IUID: iuid, version: '1' } })).status,
    ).toBe(404);
    // v3, then delete the file: every version's bytes are freed.
    expect((await uploadVersion(a, iuid, V1)).status).toBe(204);
    expect((await versions(a, iuid)).body.data.currentVersion).toBe(3);
    const withBoth = await used(a);
    expect(withBoth).toBe(usedBefore - (await bytesOf(V1)).length + (await bytesOf(V1)).length);
    await waitVersionsSettled(a, iuid);
    expect((await call(t, 'POST', Api.delete, { token: a.token, body: { IUID: iuid } })).body.code).toBe(1);
    expect(await used(a)).toBe(withBoth - (await bytesOf(V1)).length - (await bytesOf(V2)).length);
  });
});
