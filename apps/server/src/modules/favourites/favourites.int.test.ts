/**
 * 我的收藏 (spec 001 §4 collectbit, §7 DrawingCollection(De), KnowledgeBaseCollection(De), MyCollectionList;
 * messages 收藏成功 / 已取消收藏): collecting is idempotent and per person, each area answers only through
 * its own endpoint, a deleted file leaves the list, and a project file leaves a member's list — and can
 * no longer be collected — once the member is taken off the project. Real database, over HTTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Api, type ListDataValue } from '@bimdrive/contracts';
import { call, testDbKind, type TestUser, uploadTestFile } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { CODE_X, companyWithMembers } from '../../test/companies-fixture.ts';
import { createProject, setProjectMember } from '../../test/projects-fixture.ts';

describe(`favourites (${testDbKind})`, () => {
  // boss: Company administrator and project manager.
  // member: A colleague who is a project member at first.
  // other: Someone else without a company.
  const [t, boss, member, other] = useTestApp({ users: ['项目经理', '施工员', '路人'] });

  const upload = (u: TestUser, rel: string, spaceId = '') => uploadTestFile(t, u.token, rel, '', spaceId);

  const collect = (u: TestUser, iuid: string, url: string = Api.collect) =>
    call(t, 'POST', url, { token: u.token, body: { IUID: iuid } });
  const favourites = async (u: TestUser, url: string = Api.myCollectionList) =>
    (await call<ListDataValue>(t, 'GET', url, { token: u.token })).body.data.list.map((r) => r.iuid);

  beforeAll(async () => {
    await companyWithMembers(t, boss, '收藏测试建设', CODE_X, [member]);
  }, 120_000);

  it('collects once however often it is asked, and un-collects with the spec messages', async () => {
    const id = await upload(member, 'ifc/SimpleWall.ifc');
    expect((await collect(member, id)).body).toMatchObject({ code: 1, msg: '收藏成功' });
    expect((await collect(member, id)).body.code).toBe(1);
    expect((await favourites(member)).filter((x) => x === id)).toHaveLength(1);
    const un = await call(t, 'POST', Api.uncollect, { token: member.token, body: { IUID: id } });
    expect(un.body).toMatchObject({ code: 1, msg: '已取消收藏' });
    expect(await favourites(member)).not.toContain(id);
  });

  it('is per person: a file collected by its owner is in nobody else’s list, and others cannot collect it', async () => {
    const id = await upload(member, 'dxf/polylines.dxf');
    await collect(member, id);
    const refused = await collect(other, id);
    expect(refused.status).toBe(404);
    expect(await favourites(other)).not.toContain(id);
    expect(await favourites(member)).toContain(id);
  });

  it('answers a file only through the endpoint of its own area (a personal file is no library file)', async () => {
    const id = await upload(member, 'ifc/just_wall.ifc');
    const wrong = await collect(member, id, Api.knowledgeBaseCollect);
    expect(wrong.status).toBe(404);
    const wrongLib = await collect(member, id, Api.publicLibraryCollect);
    expect(wrongLib.status).toBe(404);
    expect(await favourites(member, Api.myCollectionKnowledgeBaseList)).not.toContain(id);
  });

  it('a deleted file leaves 我的收藏', async () => {
    const id = await upload(member, 'obj/WusonOBJ.obj');
    await collect(member, id);
    expect(await favourites(member)).toContain(id);
    const del = await call(t, 'POST', Api.delete, { token: member.token, body: { IUID: id } });
    expect(del.body.code).toBe(1);
    expect(await favourites(member)).not.toContain(id);
  });

  it('a project file leaves a member’s list once the member is taken off the project', async () => {
    const project = await createProject(t, boss, '收藏楼');
    await setProjectMember(t, boss, project.iuid, member, 'viewer');
    const id = await upload(boss, 'ifc/SimpleWall.ifc', project.iuid);
    expect((await collect(member, id)).body.code).toBe(1);
    expect(await favourites(member)).toContain(id);
    expect(await favourites(boss)).not.toContain(id);

    const removed = await call(t, 'POST', Api.projectMemberRemove, {
      token: boss.token,
      body: { iuid: project.iuid, userId: member.login.userID },
    });
    expect(removed.body.code).toBe(1);
    expect(await favourites(member)).not.toContain(id);
    expect((await collect(member, id)).status).toBe(404);
  });
});
