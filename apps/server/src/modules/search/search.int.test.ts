/**
 * Cross-area search (issue 5 search; 001 §3 file rows, §4): a project file is found by the project's
 * members in the `project` area with its location, not by a colleague outside the project nor by
 * another company; `%` and `_` in a keyword are plain characters; a deleted file is not found; the
 * `areas` filter narrows to the named areas. Real database, over HTTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Api, type ProjectRowValue, type SearchDataValue } from '@bimdrive/contracts';
import { call, testDbKind, type TestUser, uploadBytes } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { CODE_X, CODE_Y, companyWithMembers, createCompany } from '../../test/companies-fixture.ts';
import { createProject, setProjectMember } from '../../test/projects-fixture.ts';

describe(`search (${testDbKind})`, () => {
  // member: In the company and in the project.
  // colleague: In the company, not in the project.
  // outsider: Administrator of another company.
  const [t, boss, member, colleague, outsider] = useTestApp({
    users: ['总工', '技术员', '资料员', '外单位'],
  });
  let project: ProjectRowValue;
  const ids = new Map<string, string>();

  const upload = async (u: TestUser, name: string, spaceId = '') => {
    const bytes = new TextEncoder().encode(`ISO-10303-21; ${name}`);
    ids.set(name, await uploadBytes(t, u.token, name, bytes, '', spaceId));
  };

  const search = async (u: TestUser, query: Record<string, string>) => {
    const r = await call<SearchDataValue>(t, 'GET', Api.searchFiles, { token: u.token, query });
    expect(r.status).toBe(200);
    return r.body.data;
  };
  const names = (d: SearchDataValue) => d.list.map((h) => h.fileName).sort();

  beforeAll(async () => {
    await companyWithMembers(t, boss, '搜索建设', CODE_X, [member, colleague]);
    await createCompany(t, outsider, '外部工程', CODE_Y);
    project = await createProject(t, boss, '一号楼');
    await setProjectMember(t, boss, project.iuid, member, 'viewer');
    await upload(boss, '结构-塔楼.ifc', project.iuid);
    await upload(member, '结构-个人草稿.ifc');
    await upload(outsider, '结构-外部.ifc');
    await upload(member, '100%_完成.ifc');
    await upload(member, '1000_未完成.ifc');
  }, 120_000);

  it('finds a project file for the project’s members, in the project area with its location', async () => {
    const hits = await search(member, { keyword: '结构' });
    expect(names(hits)).toEqual(['结构-个人草稿.ifc', '结构-塔楼.ifc']);
    const tower = hits.list.find((h) => h.fileName === '结构-塔楼.ifc')!;
    expect(tower.area).toBe('project');
    expect(tower.iuid).toBe(ids.get('结构-塔楼.ifc'));
    expect(tower.locateUrl).toContain(tower.iuid);
    expect(names(await search(boss, { keyword: '结构' }))).toEqual(['结构-塔楼.ifc']);
  });

  it('does not show a project file to a colleague outside the project nor to another company', async () => {
    expect(names(await search(colleague, { keyword: '结构' }))).toEqual([]);
    expect(names(await search(outsider, { keyword: '结构' }))).toEqual(['结构-外部.ifc']);
  });

  it('narrows to the areas asked for', async () => {
    expect(names(await search(member, { keyword: '结构', areas: 'project' }))).toEqual(['结构-塔楼.ifc']);
    expect(names(await search(member, { keyword: '结构', areas: 'myDocument' }))).toEqual([
      '结构-个人草稿.ifc',
    ]);
  });

  it('reads % and _ in a keyword as plain characters', async () => {
    expect(names(await search(member, { keyword: '100%_' }))).toEqual(['100%_完成.ifc']);
    expect(names(await search(member, { keyword: '%' }))).toEqual(['100%_完成.ifc']);
    // As a wildcard `_` would also match the "00" of 100%_完成.ifc.
    expect(names(await search(member, { keyword: '0_' }))).toEqual(['1000_未完成.ifc']);
  });

  it('does not find a deleted file', async () => {
    const id = ids.get('结构-个人草稿.ifc')!;
    const del = await call(t, 'POST', Api.delete, { token: member.token, body: { IUID: id } });
    expect(del.body.code).toBe(1);
    expect(names(await search(member, { keyword: '草稿' }))).toEqual([]);
  });
});
