/**
 * Folder download as a zip of a PROJECT folder (issue 5 "Tests": "a folder zip whose entries and
 * bytes match the originals"; 001 §7 CompressFileFolder; 001 §2 project group) with real files of
 * ../shared/testdata uploaded into the project by its manager: a project viewer (download right)
 * gets every entry with the original bytes and the folder structure, a subfolder zips on its own,
 * and a person of the same company who is no member, or of another company, gets 404 and no bytes.
 *
 * The company and its project are rows written straight into the test database (a `companies` row,
 * `users.corp_id`, a `spaces` row of kind 'project', `project_members` rows), so the test depends
 * only on the space policy and the zip stream.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Api, type FileRowValue } from '@bimdrive/contracts';
import { call, TESTDATA, testDbKind, uploadTestFile, type TestUser } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { seedCompany, seedProject } from '../../test/seeded-spaces.ts';
import { unzip } from '../../test/zip-entries.ts';

/** The project tree: folder path → test-data files in it. */
const TREE: Record<string, string[]> = {
  项目模型: ['office/A-101_Floor_Plans.pdf'],
  '项目模型/结构': ['ifc/AC20-FZK-Haus.ifc', 'ifc/SimpleWall.ifc'],
  '项目模型/图纸': ['dwg/R14.dwg', 'dxf/polylines.dxf'],
  '项目模型/图纸/效果图': ['images/SimpleWall_Screenshot_1.png'],
  '项目模型/构件': ['gltf/BoxTextured.glb', 'obj/WusonOBJ.obj', 'stl/sphereWithHole.stl', '3dm/mesh.3dm'],
  '项目模型/空目录': [],
};

describe(`folder zip of a project folder (${testDbKind})`, () => {
  // outsider: Same company, not a member of the project.
  // foreigner: Member of another company.
  const [t, manager, viewer, outsider, foreigner] = useTestApp({
    users: ['项目经理', '访客', '同公司非成员', '外公司'],
  });
  let projectId = '';
  /** Folder path → iuid. */
  const folders = new Map<string, string>();

  const zipOf = (u: TestUser, iuid: string) =>
    fetch(`${t.baseUrl}${Api.compressFolder}?iuid=${encodeURIComponent(iuid)}`, {
      headers: { authorization: `Bearer ${u.token}` },
    });

  beforeAll(async () => {
    const c1 = await seedCompany(
      t,
      { name: '压缩测试公司', creditCode: `ZIPA${Date.now()}`, quotaBytes: 10 * 1024 ** 3 },
      [manager, viewer, outsider],
    );
    await seedCompany(
      t,
      { name: '另一家公司', creditCode: `ZIPB${Date.now()}`, quotaBytes: 10 * 1024 ** 3 },
      [],
      [foreigner],
    );
    projectId = await seedProject(t, { name: '压缩项目', companyId: c1, creator: manager }, [
      [manager, 'manager'],
      [viewer, 'viewer'],
    ]);

    // The tree, built through the API by the manager: folders, then the real files.
    for (const dir of Object.keys(TREE)) {
      const parent = dir.includes('/') ? folders.get(dir.slice(0, dir.lastIndexOf('/')))! : '';
      const r = await call<FileRowValue>(t, 'POST', Api.folderAdd, {
        token: manager.token,
        body: { parentIUID: parent, fileName: path.basename(dir), spaceId: projectId },
      });
      expect(r.body.code, r.body.msg).toBe(1);
      expect(r.body.data.spaceId).toBe(projectId);
      folders.set(dir, r.body.data.iuid);
    }
    for (const [dir, rels] of Object.entries(TREE))
      for (const rel of rels) await uploadTestFile(t, manager.token, rel, folders.get(dir)!, projectId);
  });

  it('a project viewer downloads the folder: every entry with the original bytes, folders and the empty one kept', async () => {
    const res = await zipOf(viewer, folders.get('项目模型')!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const expectedFiles = Object.entries(TREE).flatMap(([dir, rels]) =>
      rels.map((rel) => [`${dir}/${path.basename(rel)}`, rel] as const),
    );
    const files = [...entries].filter(([, e]) => !e.dir).map(([n]) => n);
    expect(files.sort()).toEqual(expectedFiles.map(([n]) => n).sort());
    for (const [name, rel] of expectedFiles)
      expect(entries.get(name)!.data.equals(await readFile(path.join(TESTDATA, rel))), name).toBe(true);
    const dirs = [...entries].filter(([, e]) => e.dir).map(([n]) => n);
    expect(dirs.sort()).toEqual(
      Object.keys(TREE)
        .map((d) => `${d}/`)
        .sort(),
    );
  });

  it('a subfolder of the project zips on its own, rooted at its name', async () => {
    const res = await zipOf(manager, folders.get('项目模型/图纸')!);
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(
      [
        '图纸/',
        '图纸/R14.dwg',
        '图纸/polylines.dxf',
        '图纸/效果图/',
        '图纸/效果图/SimpleWall_Screenshot_1.png',
      ].sort(),
    );
    expect(entries.get('图纸/R14.dwg')!.data.equals(await readFile(path.join(TESTDATA, 'dwg/R14.dwg')))).toBe(
      true,
    );
  });

  it('a person of the same company who is no member, and one of another company, get 404 and no bytes', async () => {
    for (const u of [outsider, foreigner])
      for (const dir of ['项目模型', '项目模型/结构']) {
        const res = await zipOf(u, folders.get(dir)!);
        expect(res.status, `${dir}`).toBe(404);
        expect(res.headers.get('content-type')).not.toBe('application/zip');
        const body = (await res.json()) as { code: number };
        expect(body.code).not.toBe(1);
      }
  });
});
