/**
 * Knowledge bases and public libraries (issue 5; 001 §2 library group, §3, §7) on a real database with
 * real files of ../shared/testdata: the public libraries are read-only for everyone but system
 * administrators yet listable, previewable, downloadable and collectable by all, with their status
 * events; the Company base belongs to one company (members edit their own uploads, the company
 * administrator all; another company sees nothing of it); Mine is its owner's alone; the library
 * collect endpoints accept only files of their kind of area and fill the libraries' favourites list.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  HubEvents,
  locateUrl,
  type FileRowValue,
  type ListDataValue,
  type PreviewInfoValue,
  type SpaceSummaryValue,
} from '@bimdrive/contracts';
import {
  call,
  connectHub,
  makeSystemAdministrator,
  TESTDATA,
  testDbKind,
  tusCreate,
  tusPatch,
  uploadTestFile,
  waitForStatus,
  type TestUser,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { CODE_X, CODE_Y, companyWithMembers, createCompany } from '../../test/companies-fixture.ts';

describe(`knowledge bases and public libraries (${testDbKind})`, () => {
  const [t, sysAdmin, plain, corpAdmin, m1, m2, outsider] = useTestApp({
    users: ['系统管理员', '普通用户', '企业管理员', '成员甲', '成员乙', '外企丙'],
  });
  let componentFile: string;

  beforeAll(async () => {
    await makeSystemAdministrator(t, sysAdmin);
    // Company X with two members (by application), company Y of the outsider.
    await companyWithMembers(t, corpAdmin, '甲建设集团', CODE_X, [m1, m2]);
    await createCompany(t, outsider, '丙设计院', CODE_Y);
  });

  const library = (u: TestUser, kind: string) =>
    call<SpaceSummaryValue>(t, 'GET', Api.libraryGet, { token: u.token, query: { kind } });
  const spaceOf = async (u: TestUser, kind: string) => {
    const r = await library(u, kind);
    expect(r.body.code, r.body.msg).toBe(1);
    return r.body.data;
  };
  /** tus upload of a test file into a space; answers the creation or completion failure status, or the iuid. */
  const uploadInto = async (u: TestUser, spaceId: string, rel: string, folderId = '') => {
    const bytes = new Uint8Array(await readFile(path.join(TESTDATA, rel)));
    const created = await tusCreate(t, u.token, bytes.length, {
      filename: path.basename(rel),
      folderId,
      spaceId,
    });
    if (created.status !== 201) return { status: created.status, iuid: '' };
    const done = await tusPatch(t, u.token, created.headers.get('location')!, 0, bytes);
    return { status: done.status, iuid: done.headers.get('x-file-iuid') ?? '' };
  };
  const list = (u: TestUser, spaceId: string) =>
    call<ListDataValue>(t, 'GET', Api.myDocumentList, {
      token: u.token,
      query: { spaceId, page: '1', rows: '50' },
    });
  const info = (u: TestUser, id: string) =>
    call<FileRowValue>(t, 'GET', Api.fileInfo, { token: u.token, query: { IUID: id } });
  const download = (u: TestUser, id: string) =>
    call<string>(t, 'GET', Api.ossFile, { token: u.token, query: { IUID: id } });
  const preview = (u: TestUser, id: string) =>
    call<PreviewInfoValue>(t, 'GET', Api.preview, { token: u.token, query: { IUID: id } });
  const post = (u: TestUser, url: string, body: unknown) => call(t, 'POST', url, { token: u.token, body });
  const rename = (u: TestUser, id: string, fileName: string) => post(u, Api.rename, { IUID: id, fileName });
  const remove = (u: TestUser, id: string) => post(u, Api.delete, { IUID: id });
  const collections = async (u: TestUser, url: string) =>
    (
      await call<ListDataValue>(t, 'GET', url, { token: u.token, query: { page: '1', rows: '50' } })
    ).body.data.list.map((r) => r.iuid);

  it('GetLibrary answers each kind with the rights of the caller; a bad kind is 400', async () => {
    const mine = await spaceOf(plain, 'Mine');
    expect(mine).toMatchObject({ kind: 'Mine', name: '我的资源库', sourceType: 3 });
    expect(mine.rights).toMatchObject({ view: true, upload: true, edit: true });
    for (const kind of ['StandardInfo', 'component', 'blueprint'] as const) {
      const s = await spaceOf(plain, kind);
      expect(s).toMatchObject({ kind, sourceType: 3 });
      expect(s.rights).toMatchObject({
        view: true,
        download: true,
        upload: false,
        edit: false,
        share: false,
      });
      const a = await spaceOf(sysAdmin, kind);
      expect(a.spaceId).toBe(s.spaceId); // one per system
      expect(a.rights).toMatchObject({ upload: true, edit: true });
    }
    expect((await library(plain, 'project')).status).toBe(400);
    expect((await library(plain, 'Company')).status).toBe(403); // no company
  });

  it('a public library is read-only for non-administrators; an administrator uploads a real file that converts', async () => {
    const lib = await spaceOf(plain, 'component');
    expect((await uploadInto(plain, lib.spaceId, 'ifc/SimpleWall.ifc')).status).toBe(403);
    const folder = await post(plain, Api.folderAdd, {
      parentIUID: '',
      fileName: '构件',
      spaceId: lib.spaceId,
    });
    expect(folder.status).toBe(403);

    // Everyone signed in hears the component library's status events.
    const socket = await connectHub(t, plain.token);
    const heard: unknown[] = [];
    socket.on(HubEvents.publicLibraryStatus, (e: unknown) => heard.push(e));
    try {
      const up = await uploadInto(sysAdmin, lib.spaceId, 'ifc/SimpleWall.ifc');
      expect(up.status).toBe(204);
      componentFile = up.iuid;
      expect((await waitForStatus(t, sysAdmin.token, componentFile)).statusType).toBe(3);
      const until = Date.now() + 10_000;
      while (heard.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(heard.length).toBeGreaterThan(0);
    } finally {
      socket.close();
    }
    const adminFolder = await post(sysAdmin, Api.folderAdd, {
      parentIUID: '',
      fileName: '构件',
      spaceId: lib.spaceId,
    });
    expect(adminFolder.body.code).toBe(1);

    // The plain user lists, opens, previews and downloads it, but may not rename or delete it.
    const l = await list(plain, lib.spaceId);
    expect(l.body.code).toBe(1);
    expect(l.body.data.space).toMatchObject({ spaceId: lib.spaceId, kind: 'component' });
    expect(l.body.data.list.map((r) => r.fileName).sort()).toEqual(['SimpleWall.ifc', '构件']);
    expect((await info(plain, componentFile)).body.data).toMatchObject({
      fileName: 'SimpleWall.ifc',
      spaceId: lib.spaceId,
    });
    const p = await preview(plain, componentFile);
    expect(p.body.code).toBe(1);
    const url = (await download(plain, componentFile)).body.data;
    const bytes = Buffer.from(await (await fetch(`${t.baseUrl}${url}`)).arrayBuffer());
    expect(bytes.equals(await readFile(path.join(TESTDATA, 'ifc/SimpleWall.ifc')))).toBe(true);
    expect((await rename(plain, componentFile, '改名.ifc')).status).toBe(403);
    expect((await remove(plain, componentFile)).status).toBe(403);
    expect((await info(plain, componentFile)).body.data.fileName).toBe('SimpleWall.ifc');
    // The administrator may.
    expect((await rename(sysAdmin, componentFile, '墙.ifc')).body.code).toBe(1);
  });

  it('a plain user collects a public library file into the libraries’ favourites, not the files’ ones', async () => {
    // The knowledge-base endpoint refuses a public library file, and both refuse a personal one.
    expect((await post(plain, Api.knowledgeBaseCollect, { IUID: componentFile })).status).toBe(404);
    const own = await uploadTestFile(t, plain.token, 'text/UserDefinedPropertySetDefinitionFile.txt');
    expect((await post(plain, Api.publicLibraryCollect, { IUID: own })).status).toBe(404);
    expect((await post(plain, Api.knowledgeBaseCollect, { IUID: own })).status).toBe(404);
    expect(
      (await post(plain, Api.publicLibraryCollect, { IUID: '00000000-0000-0000-0000-000000000000' })).status,
    ).toBe(404);

    const c = await post(plain, Api.publicLibraryCollect, { IUID: componentFile });
    expect(c.body).toMatchObject({ code: 1, msg: '收藏成功' });
    expect(await collections(plain, Api.myCollectionKnowledgeBaseList)).toEqual([componentFile]);
    expect(await collections(plain, Api.myCollectionList)).toEqual([]);
    // The row says which area it is in and where it lives, so 定位 and 取消收藏 pick the right calls.
    const [favRow] = (
      await call<ListDataValue>(t, 'GET', Api.myCollectionKnowledgeBaseList, { token: plain.token })
    ).body.data.list;
    expect(favRow).toMatchObject({ spaceKind: 'component', fullPath: '公共构件库/' });
    expect(locateUrl(favRow!)).toBe(`/commonBuildLibrary?pageMode=location&iuid=${componentFile}`);
    const lib = await spaceOf(plain, 'component');
    const row = (await list(plain, lib.spaceId)).body.data.list.find((r) => r.iuid === componentFile);
    expect(row?.collectbit).toBe(true);
    expect((await preview(plain, componentFile)).body.data).toMatchObject({ collectbit: true });
    // Another user's favourites are their own.
    expect(await collections(m1, Api.myCollectionKnowledgeBaseList)).toEqual([]);

    const d = await post(plain, Api.publicLibraryUncollect, { IUID: componentFile });
    expect(d.body).toMatchObject({ code: 1, msg: '已取消收藏' });
    expect(await collections(plain, Api.myCollectionKnowledgeBaseList)).toEqual([]);
  });

  it('the Company base: members edit their own uploads, the company administrator all; another company sees nothing', async () => {
    const base = await spaceOf(m1, 'Company');
    expect(base).toMatchObject({ kind: 'Company', name: '企业资源库' });
    expect(base.rights).toMatchObject({ upload: true, edit: false, editOwn: true });
    expect((await spaceOf(m2, 'Company')).spaceId).toBe(base.spaceId);
    const adminView = await spaceOf(corpAdmin, 'Company');
    expect(adminView.spaceId).toBe(base.spaceId);
    expect(adminView.rights).toMatchObject({ edit: true });
    const theirs = await spaceOf(outsider, 'Company');
    expect(theirs.spaceId).not.toBe(base.spaceId);

    const f1 = await uploadInto(m1, base.spaceId, 'ifc/just_wall.ifc');
    const f2 = await uploadInto(m2, base.spaceId, 'stl/sphereWithHole.stl');
    expect([f1.status, f2.status]).toEqual([204, 204]);
    expect((await list(m2, base.spaceId)).body.data.list.map((r) => r.iuid).sort()).toEqual(
      [f1.iuid, f2.iuid].sort(),
    );

    expect((await rename(m1, f1.iuid, '甲的墙.ifc')).body.code).toBe(1);
    expect((await rename(m1, f2.iuid, '偷改.stl')).status).toBe(403);
    expect((await remove(m1, f2.iuid)).status).toBe(403);
    expect((await rename(corpAdmin, f2.iuid, '管理员改.stl')).body.code).toBe(1);

    // Another company: every id-based call on the base's files is 404, and the listing too.
    expect((await info(outsider, f1.iuid)).status).toBe(404);
    expect((await download(outsider, f1.iuid)).status).toBe(404);
    expect((await preview(outsider, f1.iuid)).status).toBe(404);
    expect((await post(outsider, Api.knowledgeBaseCollect, { IUID: f1.iuid })).status).toBe(404);
    expect((await rename(outsider, f1.iuid, 'x.ifc')).status).toBe(404);
    expect((await list(outsider, base.spaceId)).status).toBe(404);
    expect((await uploadInto(outsider, base.spaceId, 'ifc/just_wall.ifc')).status).toBe(404);
    expect((await list(outsider, theirs.spaceId)).body.data.list).toEqual([]);

    // Members collect through the knowledge-base endpoint only.
    expect((await post(m2, Api.publicLibraryCollect, { IUID: f1.iuid })).status).toBe(404);
    expect((await post(m2, Api.knowledgeBaseCollect, { IUID: f1.iuid })).body.code).toBe(1);
    expect(await collections(m2, Api.myCollectionKnowledgeBaseList)).toEqual([f1.iuid]);
    expect((await post(m2, Api.knowledgeBaseUncollect, { IUID: f1.iuid })).body.code).toBe(1);

    expect((await remove(corpAdmin, f2.iuid)).body.code).toBe(1);
    expect((await info(m2, f2.iuid)).status).toBe(404);
  });

  it('Mine is private to its owner', async () => {
    const mine = await spaceOf(m1, 'Mine');
    const other = await spaceOf(m2, 'Mine');
    expect(other.spaceId).not.toBe(mine.spaceId);
    const f = await uploadInto(m1, mine.spaceId, 'ifc/wall-elemented-case.ifc');
    expect(f.status).toBe(204);
    expect((await list(m1, mine.spaceId)).body.data.list.map((r) => r.iuid)).toEqual([f.iuid]);
    for (const u of [m2, corpAdmin, sysAdmin]) {
      expect((await info(u, f.iuid)).status).toBe(404);
      expect((await download(u, f.iuid)).status).toBe(404);
      expect((await list(u, mine.spaceId)).status).toBe(404);
      expect((await post(u, Api.knowledgeBaseCollect, { IUID: f.iuid })).status).toBe(404);
    }
    expect((await post(m1, Api.knowledgeBaseCollect, { IUID: f.iuid })).body.code).toBe(1);
    expect(await collections(m1, Api.myCollectionKnowledgeBaseList)).toEqual([f.iuid]);
  });

  it('the personal edition refuses the Company base', async () => {
    const base = await spaceOf(m1, 'Company');
    t.built.ctx.config.systemIsPersonal = true;
    try {
      expect((await library(m1, 'Company')).status).toBe(403);
      expect((await list(m1, base.spaceId)).status).toBe(404);
      expect((await library(m1, 'Mine')).body.code).toBe(1);
    } finally {
      t.built.ctx.config.systemIsPersonal = false;
    }
    expect((await library(m1, 'Company')).body.code).toBe(1);
  });
});
