/**
 * Projects (issue 5 "Projects and company space"; spec 001 §2 project group, §3 Project, §7
 * GetProject / GetProjectFileTree / ProjectFileListAdd / DrawingFileListAdd), through the real API on a
 * real database: create, rename and delete (files and company quota freed), the five list scopes,
 * members and roles as the file endpoints enforce them, what non-members and other companies see
 * (nothing: 404), the company administrator's view, and the project tree with one real file of every
 * test-data type.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  HubEvents,
  NO_RIGHT_MESSAGE,
  type FileRowValue,
  type ListDataValue,
  type ProjectBriefValue,
  type ProjectListValue,
  type ProjectMemberValue,
  type ProjectRowValue,
  type ProjectTreeNodeValue,
} from '@bimdrive/contracts';
import {
  call,
  connectHub,
  TESTDATA,
  testDbKind,
  tusCreate,
  tusCreateVersion,
  tusPatch,
  type TestUser,
  uploadTestFile,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { CODE_X, CODE_Y, companyWithMembers, createCompany } from '../../test/companies-fixture.ts';
import { createProject } from '../../test/projects-fixture.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { COMPANY_PATHS } from '../service-state/service-state.routes.ts';

/** One real file of every suffix group of the shared test data. */
const ONE_OF_EACH = [
  '3dm/mesh.3dm',
  '3ds/cubes_with_alpha.3DS',
  'dwg/R14.dwg',
  'dxf/polylines.dxf',
  'fbx/box.fbx',
  'gltf/BoxTextured.glb',
  'ifc/just_wall.ifc',
  'images/SimpleWall_Screenshot_1.png',
  'obj/WusonOBJ.obj',
  'office/icon-testup.pdf',
  'skp/TestModel.skp',
  'stl/sphereWithHole.stl',
  'text/UserDefinedPropertySetDefinitionFile.txt',
  'video/drone_survey.avi',
];

describe(`projects (${testDbKind})`, () => {
  // admin: Administrator of company X (not a member of the projects).
  // owner: A person of X who creates projects.
  // stranger: A person of X who is no member of the projects.
  // otherAdmin: Administrator of company Y.
  // loner: A person without a company.
  const [t, admin, owner, editor, viewer, stranger, otherAdmin, loner] = useTestApp({
    users: ['管理员甲', '创建者乙', '编辑者丙', '查看者丁', '同事戊', '外企己', '个人庚'],
  });
  let projectA = '';
  /** A file of project A uploaded by the owner. */
  let fileA = '';

  const uid = (u: TestUser) => u.login.userID;

  /** Upload a shared test file into a space through tus (metadata spaceId, folderId). */
  const upload = (u: TestUser, rel: string, spaceId: string, folderId = '') =>
    uploadTestFile(t, u.token, rel, folderId, spaceId);

  const list = async (u: TestUser, query: Record<string, string>) =>
    (await call<ProjectListValue>(t, 'GET', Api.projectList, { token: u.token, query })).body.data;

  const names = (l: ProjectListValue) => l.list.map((p) => p.projectName);

  const setMember = (u: TestUser, iuid: string, userId: string, role: string) =>
    call<ProjectMemberValue[]>(t, 'POST', Api.projectMemberSet, {
      token: u.token,
      body: { iuid, userId, role },
    });

  const companyUsed = async (u: TestUser) =>
    (await call<{ usedSpace: number }>(t, 'GET', Api.companySpace, { token: u.token })).body.data.usedSpace;

  beforeAll(async () => {
    await companyWithMembers(t, admin, '甲建设集团', CODE_X, [owner, editor, viewer, stranger]);
    await createCompany(t, otherAdmin, '乙工程公司', CODE_Y);
  }, 120_000);

  it('the personal edition refuses the project calls but keeps the tree of the personal space', () => {
    for (const p of [
      Api.projectList,
      Api.projectCreate,
      Api.projectDelete,
      Api.projectMemberSet,
      Api.projectFileListAdd,
    ])
      expect(COMPANY_PATHS.has(p)).toBe(true);
    expect(COMPANY_PATHS.has(Api.projectFileTree)).toBe(false);
    expect(COMPANY_PATHS.has(Api.getProject)).toBe(false);
  });

  it('creates projects only for people in a company, names unique per company in any case', async () => {
    const none = await call(t, 'POST', Api.projectCreate, {
      token: loner.token,
      body: { projectName: '个人项目' },
    });
    expect(none.status).toBe(403);
    expect((await list(loner, {})).count).toBe(0);

    const bad = await call(t, 'POST', Api.projectCreate, {
      token: owner.token,
      body: { projectName: 'a/b' },
    });
    expect(bad.status).toBe(400);
    const long = await call(t, 'POST', Api.projectCreate, {
      token: owner.token,
      body: { projectName: '长'.repeat(51) },
    });
    expect(long.status).toBe(400);

    const a = await createProject(t, owner, 'Tower A');
    projectA = a.iuid;
    expect(a).toMatchObject({
      projectName: 'Tower A',
      creatorName: '创建者乙',
      role: 'manager',
      memberCount: 1,
      fileCount: 0,
      usedBytes: 0,
      collectbit: false,
      visitTime: '',
    });
    const same = await call(t, 'POST', Api.projectCreate, {
      token: editor.token,
      body: { projectName: 'tower a' },
    });
    expect(same.status).toBe(409);
    expect(same.body.msg).toBe('已存在同名项目');
    // Another company may use the name.
    const inY = await createProject(t, otherAdmin, 'TOWER A');
    expect(inY.role).toBe('manager');
    const members = await call<ProjectMemberValue[]>(t, 'GET', Api.projectMembers, {
      token: owner.token,
      query: { iuid: projectA },
    });
    expect(members.body.data).toEqual([
      expect.objectContaining({ userId: uid(owner), role: 'manager', isCreator: true, userName: '创建者乙' }),
    ]);
  });

  it('a manager adds people of the same company, changes roles, keeps at least one manager', async () => {
    expect((await setMember(owner, projectA, uid(editor), 'editor')).body.code).toBe(1);
    const after = await setMember(owner, projectA, uid(viewer), 'viewer');
    expect(after.body.data.map((m) => [m.userId, m.role])).toEqual([
      [uid(owner), 'manager'],
      [uid(editor), 'editor'],
      [uid(viewer), 'viewer'],
    ]);
    // A person of another company, or no one, cannot be added.
    expect((await setMember(owner, projectA, uid(otherAdmin), 'viewer')).status).toBe(404);
    expect((await setMember(owner, projectA, '6d1c5f8e-0000-4000-8000-000000000000', 'viewer')).status).toBe(
      404,
    );
    expect((await setMember(owner, projectA, uid(loner), 'viewer')).status).toBe(404);
    // Only a manager manages members.
    expect((await setMember(editor, projectA, uid(stranger), 'viewer')).status).toBe(403);
    expect((await setMember(viewer, projectA, uid(stranger), 'viewer')).status).toBe(403);
    const remByEditor = await call(t, 'POST', Api.projectMemberRemove, {
      token: editor.token,
      body: { iuid: projectA, userId: uid(viewer) },
    });
    expect(remByEditor.status).toBe(403);
    // Any member sees the list.
    const seen = await call<ProjectMemberValue[]>(t, 'GET', Api.projectMembers, {
      token: viewer.token,
      query: { iuid: projectA },
    });
    expect(seen.body.data).toHaveLength(3);
    // The last manager can be neither demoted nor removed.
    const demote = await setMember(owner, projectA, uid(owner), 'editor');
    expect(demote.status).toBe(400);
    expect(demote.body.msg).toBe('项目至少需要一位管理者');
    const removeLast = await call(t, 'POST', Api.projectMemberRemove, {
      token: owner.token,
      body: { iuid: projectA, userId: uid(owner) },
    });
    expect(removeLast.status).toBe(400);
    expect(removeLast.body.msg).toBe('项目至少需要一位管理者');
    const notMember = await call(t, 'POST', Api.projectMemberRemove, {
      token: owner.token,
      body: { iuid: projectA, userId: uid(stranger) },
    });
    expect(notMember.status).toBe(404);
    const info = await call<ProjectRowValue>(t, 'GET', Api.projectInfo, {
      token: viewer.token,
      query: { iuid: projectA },
    });
    expect(info.body.data).toMatchObject({ role: 'viewer', memberCount: 3 });
  });

  it('a viewer lists, previews and downloads but cannot upload, rename, delete or add folders; an editor can', async () => {
    fileA = await upload(owner, 'ifc/just_wall.ifc', projectA);
    const asViewer = await call<ListDataValue>(t, 'GET', Api.myDocumentList, {
      token: viewer.token,
      query: { spaceId: projectA },
    });
    expect(asViewer.body.data.list.map((r) => r.iuid)).toEqual([fileA]);
    expect(asViewer.body.data.space).toMatchObject({ kind: 'project', name: 'Tower A', role: 'viewer' });
    expect(asViewer.body.data.space!.rights).toMatchObject({
      view: true,
      download: true,
      upload: false,
      edit: false,
    });
    const preview = await call(t, 'GET', Api.preview, { token: viewer.token, query: { IUID: fileA } });
    expect(preview.body.code).toBe(1);
    const url = await call<string>(t, 'GET', Api.ossFile, { token: viewer.token, query: { IUID: fileA } });
    const bytes = new Uint8Array(await (await fetch(`${t.baseUrl}${url.body.data}`)).arrayBuffer());
    expect(Buffer.compare(Buffer.from(bytes), await readFile(path.join(TESTDATA, 'ifc/just_wall.ifc')))).toBe(
      0,
    );

    const tus = await tusCreate(t, viewer.token, 10, { filename: 'x.ifc', folderId: '', spaceId: projectA });
    expect(tus.status).toBe(403);
    const rename = await call(t, 'POST', Api.rename, {
      token: viewer.token,
      body: { IUID: fileA, fileName: 'v.ifc' },
    });
    expect(rename.status).toBe(403);
    expect(rename.body.msg).toBe(NO_RIGHT_MESSAGE);
    expect((await call(t, 'POST', Api.delete, { token: viewer.token, body: { IUID: fileA } })).status).toBe(
      403,
    );
    const folder = await call(t, 'POST', Api.folderAdd, {
      token: viewer.token,
      body: { parentIUID: '', fileName: '查看者的', spaceId: projectA },
    });
    expect(folder.status).toBe(403);

    const edited = await upload(editor, 'stl/sphereWithHole.stl', projectA);
    const renamed = await call<FileRowValue>(t, 'POST', Api.rename, {
      token: editor.token,
      body: { IUID: fileA, fileName: '墙' },
    });
    expect(renamed.body.data.fileName).toBe('墙.ifc');
    expect(
      (await call(t, 'POST', Api.delete, { token: editor.token, body: { IUID: edited } })).body.code,
    ).toBe(1);
    const row = await call<ProjectRowValue>(t, 'GET', Api.projectInfo, {
      token: editor.token,
      query: { iuid: projectA },
    });
    expect(row.body.data).toMatchObject({ fileCount: 1, usedBytes: 7655 });
  });

  it('shows nothing of a project to non-members of the company and to other companies, even with its ids', async () => {
    const probes = (u: TestUser) => [
      call(t, 'GET', Api.myDocumentList, { token: u.token, query: { spaceId: projectA } }),
      call(t, 'GET', Api.projectInfo, { token: u.token, query: { iuid: projectA } }),
      call(t, 'GET', Api.projectMembers, { token: u.token, query: { iuid: projectA } }),
      call(t, 'POST', Api.projectFileTree, { token: u.token, query: { type: '1', iuid: projectA } }),
      call(t, 'GET', Api.fileInfo, { token: u.token, query: { IUID: fileA } }),
      call(t, 'GET', Api.ossFile, { token: u.token, query: { IUID: fileA } }),
      call(t, 'GET', Api.preview, { token: u.token, query: { IUID: fileA } }),
      call(t, 'POST', Api.rename, { token: u.token, body: { IUID: fileA, fileName: 'x' } }),
      call(t, 'POST', Api.delete, { token: u.token, body: { IUID: fileA } }),
      call(t, 'POST', Api.projectRename, { token: u.token, body: { iuid: projectA, projectName: '改' } }),
      call(t, 'POST', Api.projectDelete, { token: u.token, body: { iuid: projectA } }),
      call(t, 'POST', Api.projectCollect, { token: u.token, body: { iuid: projectA } }),
      call(t, 'POST', Api.projectMemberSet, {
        token: u.token,
        body: { iuid: projectA, userId: uid(u), role: 'manager' },
      }),
      call(t, 'POST', Api.folderAdd, {
        token: u.token,
        body: { parentIUID: '', fileName: 'f', spaceId: projectA },
      }),
    ];
    for (const u of [stranger, otherAdmin, loner]) {
      const answers = await Promise.all(probes(u));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
      for (const a of answers) expect(a.body.data ?? null).toBeNull();
      const tus = await tusCreate(t, u.token, 10, { filename: 'x.ifc', folderId: '', spaceId: projectA });
      expect(tus.status).toBe(404);
      expect(names(await list(u, { scope: 'all' }))).not.toContain('Tower A');
      const briefs = await call<ProjectBriefValue[]>(t, 'POST', Api.getProject, {
        token: u.token,
        body: { type: '1' },
      });
      expect(briefs.body.data.map((b) => b.iuid)).not.toContain(projectA);
    }
    // Nothing changed.
    const info = await call<ProjectRowValue>(t, 'GET', Api.projectInfo, {
      token: owner.token,
      query: { iuid: projectA },
    });
    expect(info.body.data).toMatchObject({ projectName: 'Tower A', memberCount: 3, fileCount: 1 });
  });

  it('the company administrator sees every project of the company and acts as manager', async () => {
    const all = await list(admin, { scope: 'all' });
    expect(names(all)).toEqual(['Tower A']);
    expect(all.list[0]).toMatchObject({ role: 'manager', memberCount: 3 });
    expect((await list(admin, { scope: 'myParticipateIn' })).count).toBe(0);
    const members = await call<ProjectMemberValue[]>(t, 'GET', Api.projectMembers, {
      token: admin.token,
      query: { iuid: projectA },
    });
    expect(members.body.data).toHaveLength(3);
    const files = await call<ListDataValue>(t, 'GET', Api.myDocumentList, {
      token: admin.token,
      query: { spaceId: projectA },
    });
    expect(files.body.data.count).toBe(1);
    // Y's administrator sees only Y's project.
    expect(names(await list(otherAdmin, { scope: 'all' }))).toEqual(['TOWER A']);
  });

  it('removing a member cuts their access at once', async () => {
    const before = await call(t, 'GET', Api.myDocumentList, {
      token: viewer.token,
      query: { spaceId: projectA },
    });
    expect(before.status).toBe(200);
    const removed = await call<ProjectMemberValue[]>(t, 'POST', Api.projectMemberRemove, {
      token: owner.token,
      body: { iuid: projectA, userId: uid(viewer) },
    });
    expect(removed.body.data.map((m) => m.userId)).toEqual([uid(owner), uid(editor)]);
    for (const r of await Promise.all([
      call(t, 'GET', Api.myDocumentList, { token: viewer.token, query: { spaceId: projectA } }),
      call(t, 'GET', Api.projectInfo, { token: viewer.token, query: { iuid: projectA } }),
      call(t, 'GET', Api.fileInfo, { token: viewer.token, query: { IUID: fileA } }),
      call(t, 'GET', Api.ossFile, { token: viewer.token, query: { IUID: fileA } }),
    ]))
      expect(r.status).toBe(404);
    expect((await list(viewer, { scope: 'all' })).count).toBe(0);
    // Back as a viewer for the tests below.
    expect((await setMember(owner, projectA, uid(viewer), 'viewer')).body.code).toBe(1);
  });

  it('answers the five scopes, paged and filtered by keyword', async () => {
    const b = await createProject(t, owner, 'Bridge B');
    const c = await createProject(t, editor, 'Canal C');
    expect((await setMember(owner, b.iuid, uid(editor), 'editor')).body.code).toBe(1);

    expect(names(await list(editor, { scope: 'all' })).sort()).toEqual(['Bridge B', 'Canal C', 'Tower A']);
    expect(names(await list(editor, { scope: 'myCreated' }))).toEqual(['Canal C']);
    expect(names(await list(editor, { scope: 'myParticipateIn' })).sort()).toEqual(['Bridge B', 'Tower A']);
    expect(names(await list(owner, { scope: 'myCreated' })).sort()).toEqual(['Bridge B', 'Tower A']);
    expect((await list(owner, { scope: 'myParticipateIn' })).count).toBe(0);

    // Recently viewed: in the order of the last visits, with the visit time.
    await call(t, 'GET', Api.projectInfo, { token: editor.token, query: { iuid: b.iuid } });
    await new Promise((r) => setTimeout(r, 20));
    await call(t, 'GET', Api.projectInfo, { token: editor.token, query: { iuid: projectA } });
    const lately = await list(editor, { scope: 'lately' });
    expect(names(lately)).toEqual(['Tower A', 'Bridge B']);
    expect(lately.list[0]!.visitTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await call(t, 'GET', Api.projectInfo, { token: editor.token, query: { iuid: b.iuid } });
    expect(names(await list(editor, { scope: 'lately' }))).toEqual(['Bridge B', 'Tower A']);
    // Visits are per person.
    expect(names(await list(owner, { scope: 'lately' }))).not.toContain('Bridge B');

    // Collections.
    expect(
      (await call(t, 'POST', Api.projectCollect, { token: editor.token, body: { iuid: c.iuid } })).body.code,
    ).toBe(1);
    expect(
      (await call(t, 'POST', Api.projectCollect, { token: editor.token, body: { iuid: c.iuid } })).body.code,
    ).toBe(1);
    const collected = await list(editor, { scope: 'myCollectionProject' });
    expect(names(collected)).toEqual(['Canal C']);
    expect(collected.list[0]!.collectbit).toBe(true);
    expect((await list(owner, { scope: 'myCollectionProject' })).count).toBe(0);
    await call(t, 'POST', Api.projectUncollect, { token: editor.token, body: { iuid: c.iuid } });
    expect((await list(editor, { scope: 'myCollectionProject' })).count).toBe(0);

    // Paging and keyword.
    const page2 = await list(editor, { scope: 'all', rows: '2', page: '2' });
    expect(page2.count).toBe(3);
    expect(page2.list).toHaveLength(1);
    const page1 = await list(editor, { scope: 'all', rows: '2', page: '1' });
    expect(new Set([...names(page1), ...names(page2)]).size).toBe(3);
    expect(names(await list(editor, { scope: 'all', keyword: 'bridge' }))).toEqual(['Bridge B']);
    expect((await list(editor, { scope: 'all', keyword: '%' })).count).toBe(0);
    const bad = await call(t, 'GET', Api.projectList, {
      token: editor.token,
      query: { scope: 'everything' },
    });
    expect(bad.status).toBe(400);

    // Rename: manager only, unique in the company.
    const taken = await call(t, 'POST', Api.projectRename, {
      token: owner.token,
      body: { iuid: b.iuid, projectName: 'canal c' },
    });
    expect(taken.status).toBe(409);
    const byEditor = await call(t, 'POST', Api.projectRename, {
      token: editor.token,
      body: { iuid: b.iuid, projectName: 'Bridge 2' },
    });
    expect(byEditor.status).toBe(403);
    const renamed = await call<ProjectRowValue>(t, 'POST', Api.projectRename, {
      token: owner.token,
      body: { iuid: b.iuid, projectName: 'bridge b' },
    });
    expect(renamed.body.data.projectName).toBe('bridge b');

    // GetProject: type 1 most recently visited first, then by name; type 2 the personal space.
    const form = async (u: TestUser, type: string) => {
      const res = await fetch(`${t.baseUrl}${Api.getProject}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ type }).toString(),
      });
      return ((await res.json()) as { data: ProjectBriefValue[] }).data;
    };
    expect(await form(editor, '1')).toEqual([
      { iuid: b.iuid, projectName: 'bridge b' },
      { iuid: projectA, projectName: 'Tower A' },
      { iuid: c.iuid, projectName: 'Canal C' },
    ]);
    expect(await form(editor, '2')).toEqual([{ iuid: uid(editor), projectName: '我的空间' }]);
    expect(await form(loner, '1')).toEqual([]);
    const json = await call<ProjectBriefValue[]>(t, 'POST', Api.getProject, {
      token: viewer.token,
      body: { type: '1' },
    });
    expect(json.body.data).toEqual([{ iuid: projectA, projectName: 'Tower A' }]);
  });

  it('lists a project tree holding one file of every test-data type, and confirms uploads into their area', async () => {
    const p = await createProject(t, owner, '综合楼');
    await setMember(owner, p.iuid, uid(viewer), 'viewer');
    const folder = async (name: string, parent = '') =>
      (
        await call<FileRowValue>(t, 'POST', Api.folderAdd, {
          token: owner.token,
          body: { parentIUID: parent, fileName: name, spaceId: p.iuid },
        })
      ).body.data.iuid;
    const drawings = await folder('图纸');
    const models = await folder('模型');
    const deep = await folder('结构', models);
    const targets = [drawings, models, deep, ''];
    const uploaded = new Map<string, string>();
    for (const [i, rel] of ONE_OF_EACH.entries()) {
      uploaded.set(await upload(owner, rel, p.iuid, targets[i % targets.length]), rel);
    }

    // The batch is confirmed into the project; viewers' tables hear about each file.
    const socket = await connectHub(t, viewer.token);
    const heard: string[] = [];
    socket.on(HubEvents.fileStatus, (e: { iuid: string }) => heard.push(e.iuid));
    try {
      const ids = [...uploaded.keys()];
      const confirmed = await call<FileRowValue[]>(t, 'POST', Api.projectFileListAdd, {
        token: owner.token,
        body: { list: ids.map((IUID) => ({ IUID })) },
      });
      expect(confirmed.body.data.map((r) => r.iuid)).toEqual(ids);
      expect(confirmed.body.data.find((r) => r.parentIUID === deep)!.fullPath).toBe('综合楼/模型/结构/');
      // Each confirmed file's event, however busy the machine (it was 2.5 s, too short beside other suites).
      await waitUntil(
        async () => new Set(heard).size >= ids.length,
        'a status event for every confirmed file',
        15_000,
      ).catch(() => undefined);
      expect(new Set(heard)).toEqual(new Set(ids));
    } finally {
      socket.close();
    }
    // The wrong endpoint, someone else's upload, or a folder: 404 for the whole call.
    const first = [...uploaded.keys()][0]!;
    for (const [u, url, id] of [
      [owner, Api.drawingFileListAdd, first],
      [owner, Api.knowledgeBaseListAdd, first],
      [owner, Api.publicLibraryFileListAdd, first],
      [editor, Api.projectFileListAdd, first],
      [owner, Api.projectFileListAdd, drawings],
      [otherAdmin, Api.projectFileListAdd, first],
    ] as const) {
      const r = await call(t, 'POST', url, { token: u.token, body: { list: [{ IUID: id }] } });
      expect(r.status).toBe(404);
    }
    const mine = await upload(editor, 'text/UserDefinedPropertySetDefinitionFile.txt', '');
    const personal = await call<FileRowValue[]>(t, 'POST', Api.drawingFileListAdd, {
      token: editor.token,
      body: { list: [{ IUID: mine }] },
    });
    expect(personal.body.data).toEqual([expect.objectContaining({ iuid: mine, fullPath: '我的文件/' })]);
    const mixed = await call(t, 'POST', Api.projectFileListAdd, {
      token: owner.token,
      body: { list: [{ IUID: first }, { IUID: mine }] },
    });
    expect(mixed.status).toBe(404);

    // The whole tree in one call: folders first, then by name; paths from the project's name.
    const tree = await call<ProjectTreeNodeValue[]>(t, 'POST', Api.projectFileTree, {
      token: viewer.token,
      query: { type: '1', iuid: p.iuid },
    });
    expect(tree.body.code).toBe(1);
    const flat: ProjectTreeNodeValue[] = [];
    const walk = (nodes: ProjectTreeNodeValue[]) => {
      const kinds = nodes.map((n) => n.fileType);
      expect(kinds).toEqual([...kinds].sort());
      for (const n of nodes) {
        flat.push(n);
        walk(n.children);
      }
    };
    walk(tree.body.data);
    expect(tree.body.data.slice(0, 2).map((n) => n.fileName)).toEqual(
      ['模型', '图纸'].sort(new Intl.Collator('zh-CN').compare),
    );
    const files = flat.filter((n) => n.fileType === 2);
    expect(files).toHaveLength(ONE_OF_EACH.length);
    const folderPath: Record<string, string> = {
      [drawings]: '综合楼/图纸/',
      [models]: '综合楼/模型/',
      [deep]: '综合楼/模型/结构/',
      '': '综合楼/',
    };
    for (const [i, rel] of ONE_OF_EACH.entries()) {
      const name = path.basename(rel);
      const node = files.find((n) => n.fileName === name)!;
      expect(node, rel).toBeDefined();
      expect(node.filePath).toBe(`${folderPath[targets[i % targets.length]!]}${name}`);
      expect(node.fileSuffix).toBe(path.extname(name).slice(1).toLowerCase());
      expect(node.children).toEqual([]);
      expect(typeof node.turnPath).toBe('string');
    }
    for (const n of flat.filter((f) => f.fileType === 1)) expect(n.turnPath).toBe('');
    expect(flat.find((n) => n.iuid === deep)!.filePath).toBe('综合楼/模型/结构');

    // Lazy loading: one folder's children only.
    const lazy = await call<ProjectTreeNodeValue[]>(t, 'POST', Api.projectFileTree, {
      token: viewer.token,
      query: { type: '1', iuid: p.iuid, folderId: models },
    });
    expect(lazy.body.data[0]).toMatchObject({
      iuid: deep,
      fileType: 1,
      filePath: '综合楼/模型/结构',
      children: [],
    });
    const expectedInModels = ONE_OF_EACH.filter((_, i) => targets[i % targets.length] === models).map((r) =>
      path.basename(r),
    );
    expect(
      lazy.body.data
        .slice(1)
        .map((n) => n.fileName)
        .sort(),
    ).toEqual(expectedInModels.sort());
    const foreignFolder = await call(t, 'POST', Api.projectFileTree, {
      token: viewer.token,
      query: { type: '1', iuid: projectA, folderId: models },
    });
    expect(foreignFolder.status).toBe(404);

    // Type 2: the caller's personal space, whatever iuid says.
    const own = await call<ProjectTreeNodeValue[]>(t, 'POST', Api.projectFileTree, {
      token: editor.token,
      query: { type: '2', iuid: p.iuid },
    });
    expect(own.body.data).toEqual([
      expect.objectContaining({
        iuid: mine,
        filePath: '我的空间/UserDefinedPropertySetDefinitionFile.txt',
        fileType: 2,
      }),
    ]);
  }, 240_000);

  it('deletes a project for its manager only: files, stored bytes and company quota freed', async () => {
    const d = await createProject(t, owner, '待删项目');
    await setMember(owner, d.iuid, uid(editor), 'editor');
    await setMember(owner, d.iuid, uid(viewer), 'viewer');
    await call(t, 'POST', Api.projectCollect, { token: viewer.token, body: { iuid: d.iuid } });
    const before = await companyUsed(owner);
    const sub = (
      await call<FileRowValue>(t, 'POST', Api.folderAdd, {
        token: editor.token,
        body: { parentIUID: '', fileName: '子', spaceId: d.iuid },
      })
    ).body.data.iuid;
    const f1 = await upload(editor, 'dwg/R14.dwg', d.iuid, sub);
    const f2 = await upload(owner, 'fbx/box.fbx', d.iuid);
    expect(await companyUsed(owner)).toBe(before + 281_020 + 17_200);
    // A second version of box.fbx: the first stays stored and charged (issue 5 versions).
    const v2 = new Uint8Array(await readFile(path.join(TESTDATA, 'fbx/spider.fbx')));
    const created = await tusCreateVersion(t, owner.token, v2.length, { filename: 'box.fbx', versionOf: f2 });
    expect(created.status).toBe(201);
    expect((await tusPatch(t, owner.token, created.headers.get('location')!, 0, v2)).status).toBe(204);
    const current = 281_020 + v2.length;
    expect(await companyUsed(owner)).toBe(before + current + 17_200);
    const info = await call<ProjectRowValue>(t, 'GET', Api.projectInfo, {
      token: owner.token,
      query: { iuid: d.iuid },
    });
    expect(info.body.data).toMatchObject({ fileCount: 2, usedBytes: current, memberCount: 3 });
    const stored = (id: string) => existsSync(path.join(t.config.storageDir, 'files', d.iuid, id));
    expect(stored(f1) && stored(f2)).toBe(true);

    for (const u of [editor, viewer]) {
      const r = await call(t, 'POST', Api.projectDelete, { token: u.token, body: { iuid: d.iuid } });
      expect(r.status).toBe(403);
    }
    const ok = await call(t, 'POST', Api.projectDelete, { token: owner.token, body: { iuid: d.iuid } });
    expect(ok.body.code).toBe(1);
    expect(await companyUsed(owner)).toBe(before);
    expect(stored(f1) || stored(f2)).toBe(false);
    for (const r of await Promise.all([
      call(t, 'GET', Api.projectInfo, { token: owner.token, query: { iuid: d.iuid } }),
      call(t, 'GET', Api.fileInfo, { token: editor.token, query: { IUID: f1 } }),
      call(t, 'GET', Api.myDocumentList, { token: owner.token, query: { spaceId: d.iuid } }),
    ]))
      expect(r.status).toBe(404);
    expect(names(await list(viewer, { scope: 'all' }))).not.toContain('待删项目');
    expect((await list(viewer, { scope: 'myCollectionProject' })).count).toBe(0);
    // The name is free again.
    expect((await createProject(t, owner, '待删项目')).memberCount).toBe(1);
  }, 120_000);
});
