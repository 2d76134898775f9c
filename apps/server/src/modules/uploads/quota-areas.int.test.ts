/**
 * Quotas across file areas (issue 5 "Quotas"; 000 §3 Space info, §8 expired service): the bytes of a
 * project are the company's, never the uploader's; every check happens at tus creation (reservation
 * per paying account) and again at completion, for new versions too; an ended company service
 * refuses uploads into its projects while the same people's personal uploads go on.
 *
 * The company and its project are rows written straight into the test database (a `companies` row,
 * the members' `users.corp_id`, a `spaces` row of kind 'project' and `project_members` rows), so
 * these tests depend only on the space policy, not on the projects API.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  ResultCode,
  VERSION_OF_METADATA,
  type ListDataValue,
  type SessionUserValue,
} from '@bimdrive/contracts';
import {
  call,
  testDbKind,
  tusCreate,
  tusCreateVersion,
  tusPatch,
  type TestUser,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { seedCompany, seedProject } from '../../test/seeded-spaces.ts';
import { companies, users } from '../../db/schema/accounts.ts';
import { uploads } from '../../db/schema/files.ts';
import { COMPANY_EXPIRED_UPLOAD_MSG } from '../spaces/space-access.ts';

const COMPANY_QUOTA = 100_000;
const PERSONAL_QUOTA = 1_000_000;

describe(`quotas across areas: projects charge the company (${testDbKind})`, () => {
  // alice: Manager of the project, member of the company.
  // bob: Editor of the project, member of the company.
  const [t, alice, bob] = useTestApp({
    config: { personalQuotaBytes: PERSONAL_QUOTA },
    users: ['项目经理', '项目成员'],
  });
  let companyId = '';
  let projectId = '';

  const db = () => t.built.ctx.db;
  const companyUsed = async () =>
    (await db().select({ n: companies.usedBytes }).from(companies).where(eq(companies.id, companyId)))[0]!.n;
  const userUsed = async (u: TestUser) =>
    (await db().select({ n: users.usedBytes }).from(users).where(eq(users.id, u.login.userID)))[0]!.n;
  const setCompany = (patch: Partial<typeof companies.$inferInsert>) =>
    db().update(companies).set(patch).where(eq(companies.id, companyId));

  /** tus creation + one PATCH; answers both responses. */
  async function upload(u: TestUser, name: string, bytes: Uint8Array, meta: Record<string, string>) {
    const created = await tusCreate(t, u.token, bytes.length, { filename: name, folderId: '', ...meta });
    if (created.status !== 201) return { created, done: null };
    const done = await tusPatch(t, u.token, created.headers.get('location')!, 0, bytes);
    return { created, done };
  }
  /** tus creation of a new version of `iuid` at FileVersionAdd. */
  const versionCreate = (u: TestUser, iuid: string, name: string, size: number) =>
    tusCreateVersion(t, u.token, size, { filename: name, [VERSION_OF_METADATA]: iuid });
  const bytesOf = (n: number, seed: number) => new Uint8Array(n).map((_, i) => (i * seed) % 251);

  beforeAll(async () => {
    companyId = await seedCompany(
      t,
      { name: '配额测试公司', creditCode: `QUOTA${Date.now()}`, quotaBytes: COMPANY_QUOTA },
      [alice, bob],
    );
    projectId = await seedProject(t, { name: '配额项目', companyId, creator: alice }, [
      [alice, 'manager'],
      [bob, 'editor'],
    ]);
  });

  it('a project upload charges the company at completion, not the uploader; deleting frees it', async () => {
    const bytes = bytesOf(30_000, 7);
    const created = await tusCreate(t, alice.token, bytes.length, {
      filename: 'plan.ifc',
      folderId: '',
      spaceId: projectId,
    });
    expect(created.status).toBe(201);
    // Creation only reserves: nobody's used bytes move yet.
    expect(await companyUsed()).toBe(0);
    const done = await tusPatch(t, alice.token, created.headers.get('location')!, 0, bytes);
    expect(done.status).toBe(204);
    const iuid = done.headers.get('x-file-iuid')!;
    expect(await companyUsed()).toBe(30_000);
    expect(await userUsed(alice)).toBe(0);
    const me = await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: alice.token });
    expect(me.body.data.usedSpace).toBe(0);
    const listed = await call<ListDataValue>(t, 'GET', Api.myDocumentList, {
      token: bob.token,
      query: { spaceId: projectId },
    });
    expect(listed.body.data.list.map((f) => f.fileName)).toEqual(['plan.ifc']);

    // A personal upload of the same person goes to their own account.
    const mine = await upload(alice, 'mine.bin', bytesOf(5_000, 3), {});
    expect(mine.done?.status).toBe(204);
    expect(await userUsed(alice)).toBe(5_000);
    expect(await companyUsed()).toBe(30_000);

    const del = await call(t, 'POST', Api.delete, { token: alice.token, body: { IUID: iuid } });
    expect(del.body.code).toBe(1);
    expect(await companyUsed()).toBe(0);
    expect(await userUsed(alice)).toBe(5_000);
  });

  it('refuses a creation over the company quota with 413, for new versions too, while personal space has room', async () => {
    const first = await upload(bob, 'model.ifc', bytesOf(60_000, 5), { spaceId: projectId });
    expect(first.done?.status).toBe(204);
    const fileId = first.done!.headers.get('x-file-iuid')!;
    expect(await companyUsed()).toBe(60_000);

    const over = await tusCreate(t, alice.token, 40_001, {
      filename: 'too-big.ifc',
      folderId: '',
      spaceId: projectId,
    });
    expect(over.status).toBe(413);
    expect(JSON.parse(await over.text())).toMatchObject({
      code: ResultCode.refused,
      msg: expect.stringContaining('空间不足'),
    });
    // The same size fits in the uploader's personal space (its own account).
    const personal = await tusCreate(t, alice.token, 40_001, { filename: 'fits.ifc', folderId: '' });
    expect(personal.status).toBe(201);
    await call(t, 'GET', Api.fragmentDelete, {
      token: alice.token,
      query: { IUID: personal.headers.get('location')!.split('/').pop()! },
    });

    // A new version of the project file counts against the company too.
    const tooBigVersion = await versionCreate(alice, fileId, 'model-v2.ifc', 40_001);
    expect(tooBigVersion.status).toBe(413);
    expect(JSON.parse(await tooBigVersion.text())).toMatchObject({ code: ResultCode.refused });
    const fits = await versionCreate(alice, fileId, 'model-v2.ifc', 30_000);
    expect(fits.status).toBe(201);
    const v2 = await tusPatch(t, alice.token, fits.headers.get('location')!, 0, bytesOf(30_000, 11));
    expect(v2.status).toBe(204);
    expect(v2.headers.get('x-file-version')).toBe('2');
    expect(await companyUsed()).toBe(90_000);
    expect(await userUsed(alice)).toBe(5_000); // unchanged since the first test
    // Deleting the file frees every version's bytes.
    expect((await call(t, 'POST', Api.delete, { token: bob.token, body: { IUID: fileId } })).body.code).toBe(
      1,
    );
    expect(await companyUsed()).toBe(0);
  });

  it('reserves per paying account: two people’s concurrent creations that together exceed the company quota', async () => {
    const size = 60_000; // each fits alone, both do not
    const created: string[] = [];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        [alice, bob].map((u, i) =>
          tusCreate(t, u.token, size, {
            filename: `race-${round}-${i}.bin`,
            folderId: '',
            spaceId: projectId,
          }),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 413]);
      // Only one reservation is kept, charged to the company's key.
      created.push(...answers.map((r) => r.headers.get('location')?.split('/').pop() ?? '').filter(Boolean));
      const kept = await db().select().from(uploads).where(inArray(uploads.id, created));
      expect(kept).toHaveLength(1);
      expect(kept[0]!.quotaAccount).toBe(`company:${companyId}`);
      const winner = answers.find((r) => r.status === 201)!;
      const owner = kept[0]!.ownerId === alice.login.userID ? alice : bob;
      await call(t, 'GET', Api.fragmentDelete, {
        token: owner.token,
        query: { IUID: winner.headers.get('location')!.split('/').pop()! },
      });
    }
    expect(await db().select().from(uploads).where(inArray(uploads.id, created))).toHaveLength(0);
  });

  it('an expired company refuses uploads into its projects (403, the expiry message); personal uploads go on', async () => {
    // An upload created before the service ended cannot complete after it.
    const early = await tusCreate(t, bob.token, 10_000, {
      filename: 'late.ifc',
      folderId: '',
      spaceId: projectId,
    });
    expect(early.status).toBe(201);
    const live = await upload(bob, 'versioned.ifc', bytesOf(8_000, 13), { spaceId: projectId });
    expect(live.done?.status).toBe(204);
    const fileId = live.done!.headers.get('x-file-iuid')!;
    const usedBefore = await companyUsed();

    await setCompany({ serviceStopAt: new Date(Date.now() - 60_000) });
    try {
      const refused = await tusCreate(t, alice.token, 1_000, {
        filename: 'after.ifc',
        folderId: '',
        spaceId: projectId,
      });
      expect(refused.status).toBe(403);
      expect(JSON.parse(await refused.text())).toEqual({
        code: ResultCode.refused,
        msg: COMPANY_EXPIRED_UPLOAD_MSG,
        data: null,
      });
      const version = await versionCreate(alice, fileId, 'versioned-v2.ifc', 1_000);
      expect(version.status).toBe(403);
      expect(JSON.parse(await version.text())).toMatchObject({ msg: COMPANY_EXPIRED_UPLOAD_MSG });

      const finish = await tusPatch(t, bob.token, early.headers.get('location')!, 0, bytesOf(10_000, 17));
      expect(finish.status).toBe(403);
      expect(JSON.parse(await finish.text())).toMatchObject({ msg: COMPANY_EXPIRED_UPLOAD_MSG });
      expect(await companyUsed()).toBe(usedBefore);
      const listed = await call<ListDataValue>(t, 'GET', Api.myDocumentList, {
        token: bob.token,
        query: { spaceId: projectId },
      });
      expect(listed.body.data.list.map((f) => f.fileName)).toEqual(['versioned.ifc']);

      // The same people's personal space is paid by themselves: uploads work.
      const personal = await upload(alice, 'personal.bin', bytesOf(2_000, 19), {});
      expect(personal.created.status).toBe(201);
      expect(personal.done?.status).toBe(204);
      const personalBob = await upload(bob, 'personal-bob.bin', bytesOf(2_000, 23), {});
      expect(personalBob.done?.status).toBe(204);
    } finally {
      await setCompany({ serviceStopAt: null });
    }
    // Service renewed: uploads into the project work again.
    const renewed = await upload(alice, 'renewed.ifc', bytesOf(1_000, 29), { spaceId: projectId });
    expect(renewed.done?.status).toBe(204);
  });
});
