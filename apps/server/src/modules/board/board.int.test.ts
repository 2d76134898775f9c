/**
 * The dashboard /board (spec 001 §2; issue 16) through the real API on a real database: real files
 * of ../shared/testdata uploaded by tus into a personal space and a project, shared, opened by
 * visitors; the personal, project and company boards answer exactly what was uploaded, shared and
 * opened, each scope only its own; a project of which the caller is no member (or another company's,
 * or a made-up id) answers the same 404 without figures; the company board is for its administrators
 * only (403).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  BOARD_TYPE_GROUPS,
  type BoardDataValue,
  type FileRowValue,
  type ShareCreatedValue,
} from '@bimdrive/contracts';
import {
  call,
  TESTDATA,
  testDbKind,
  waitForStatus,
  type TestUser,
  uploadTestFile,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { CODE_X, CODE_Y, companyWithMembers, createCompany } from '../../test/companies-fixture.ts';
import { createProject, setProjectMember } from '../../test/projects-fixture.ts';
import { PROJECT_NOT_FOUND_MSG } from '../projects/projects.service.ts';
import { BOARD_COMPANY_ONLY_MSG } from './board.service.ts';

/** Personal files of the owner: one model, two documents, one image. */
const PERSONAL = {
  ifc: 'ifc/just_wall.ifc',
  pdf: 'office/A-101_Floor_Plans.pdf',
  txt: 'text/UserDefinedPropertySetDefinitionFile.txt',
  png: 'images/SimpleWall_Screenshot_1.png',
};
/** Project files: one drawing, one document. */
const PROJECT = { dxf: 'dxf/polylines.dxf', pdf: 'office/icon-testup.pdf' };

const sizeOf = (rel: string) => statSync(path.join(TESTDATA, rel)).size;
const nameOf = (rel: string) => path.basename(rel);

describe(`board (${testDbKind})`, () => {
  // owner: Administrator of company X, creator of project P.
  // editor: A person of X, editor of P.
  // outsider: A person of X who is no member of P.
  // otherAdmin: Administrator of company Y.
  const [t, owner, editor, outsider, otherAdmin] = useTestApp({
    users: ['看板管理员', '编辑者乙', '同事丙', '外企丁'],
  });
  let projectId = '';
  let companyX = '';
  const ids: Record<string, string> = {};

  /** Upload a shared test file through tus into a space ('' = personal). */
  const upload = (u: TestUser, rel: string, spaceId = '') => uploadTestFile(t, u.token, rel, '', spaceId);

  async function share(u: TestUser, iuid: string, isPublic: boolean): Promise<ShareCreatedValue> {
    const r = await call<ShareCreatedValue>(t, 'POST', Api.share, {
      token: u.token,
      body: [{ MainIUID: iuid, ShareType: 7, Isvisible: isPublic ? '1' : '0', Isallow: '2' }],
    });
    expect(r.body).toMatchObject({ code: 1 });
    return r.body.data;
  }

  const board = (u: TestUser, query: Record<string, string>) =>
    call<BoardDataValue>(t, 'GET', Api.board, { token: u.token, query });

  beforeAll(async () => {
    await companyWithMembers(t, owner, '看板建设集团', CODE_X, [editor, outsider]);
    await createCompany(t, otherAdmin, '看板外企', CODE_Y);
    projectId = (await createProject(t, owner, '看板项目')).iuid;
    await setProjectMember(t, owner, projectId, editor, 'editor');

    for (const [k, rel] of Object.entries(PERSONAL)) ids[k] = await upload(owner, rel);
    for (const [k, rel] of Object.entries(PROJECT)) ids[`p-${k}`] = await upload(editor, rel, projectId);
    // Conversions (and their absence) settle before the figures are compared.
    for (const id of Object.values(ids)) await waitForStatus(t, owner.token, id, [0, 3, 4]);
  }, 240_000);

  it('the personal board counts the uploaded files by type, size and conversion status', async () => {
    const r = await board(owner, { scope: 'personal' });
    expect(r.status).toBe(200);
    const b = r.body.data;
    expect(b).toMatchObject({ scope: 'personal', id: owner.login.userID, name: '我的空间' });
    const all = Object.values(PERSONAL);
    expect(b.files).toEqual({ count: 4, bytes: all.reduce((s, rel) => s + sizeOf(rel), 0) });
    expect(b.byType.map((f) => f.type)).toEqual([...BOARD_TYPE_GROUPS]);
    const typ = Object.fromEntries(b.byType.map((f) => [f.type, f]));
    expect(typ.model).toEqual({ type: 'model', count: 1, bytes: sizeOf(PERSONAL.ifc) });
    expect(typ.document).toEqual({
      type: 'document',
      count: 2,
      bytes: sizeOf(PERSONAL.pdf) + sizeOf(PERSONAL.txt),
    });
    expect(typ.image).toEqual({ type: 'image', count: 1, bytes: sizeOf(PERSONAL.png) });
    for (const g of ['drawing', 'video', 'other']) expect(typ[g]).toMatchObject({ count: 0, bytes: 0 });
    // The conversion figures are the files' own statuses.
    const expected = [0, 0, 0, 0, 0];
    for (const k of Object.keys(PERSONAL)) {
      const f = await call<FileRowValue>(t, 'GET', Api.fileInfo, {
        token: owner.token,
        query: { IUID: ids[k]! },
      });
      expected[f.body.data.statusType]! += 1;
    }
    expect(b.conversions).toEqual(expected.map((count, status) => ({ status, count })));
    expect(b.conversions[3]!.count).toBeGreaterThanOrEqual(1); // the IFC converted
    expect(b.storage).toEqual({ usedBytes: b.files.bytes, quotaBytes: expect.any(Number) as number });
    // The uploads are among the recent operations, newest first.
    const uploads = b.operations.filter((o) => o.action === 'file.upload').map((o) => o.objectName);
    expect(uploads.sort()).toEqual(all.map(nameOf).sort());
    const times = b.operations.map((o) => o.time);
    expect([...times].sort().reverse()).toEqual(times);
    // Project files belong to the project's board, not to anybody's personal one.
    expect(uploads).not.toContain(nameOf(PROJECT.dxf));
  });

  it('counts active share links and their opens; cancelled links and wrong codes do not count', async () => {
    const pub = await share(owner, ids.pdf!, true);
    const coded = await share(owner, ids.png!, false);
    const cancelled = await share(owner, ids.ifc!, true);
    // Two visits of the public link, one right and one wrong code on the other, one visit of a link
    // then cancelled.
    for (let i = 0; i < 2; i++)
      expect((await call(t, 'GET', Api.shareInfo, { query: { code: pub.shareCode } })).status).toBe(200);
    const wrong = await call(t, 'POST', Api.shareVerify, {
      body: { code: coded.shareCode, pwd: coded.pwd === 'zzzz' ? 'yyyy' : 'zzzz' },
    });
    expect(wrong.status).toBe(403);
    const right = await call(t, 'POST', Api.shareVerify, { body: { code: coded.shareCode, pwd: coded.pwd } });
    expect(right.status).toBe(200);
    expect((await call(t, 'GET', Api.shareInfo, { query: { code: cancelled.shareCode } })).status).toBe(200);
    const c = await call(t, 'POST', Api.shareCancel, {
      token: owner.token,
      body: { shareCode: cancelled.shareCode },
    });
    expect(c.body.code).toBe(1);

    const b = (await board(owner, { scope: 'personal' })).body.data;
    expect(b.shares.active).toBe(2);
    expect(b.shares.opens).toBe(3);
    expect(b.shares.top.map((s) => [s.fileName, s.opens, s.sharerName])).toEqual([
      [nameOf(PERSONAL.pdf), 2, '看板管理员'],
      [nameOf(PERSONAL.png), 1, '看板管理员'],
    ]);
    expect(b.shares.top[0]!.expireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The visitors' opens of the owner's links (the cancelled one's too) show among the owner's
    // recent operations.
    expect(b.operations.filter((o) => o.action === 'share.open')).toHaveLength(4);
    expect(b.operations.some((o) => o.action === 'share.code.wrong')).toBe(true);
  });

  it('the project board shows the project files and their operations to its members only', async () => {
    const s = await share(editor, ids['p-pdf']!, true);
    expect((await call(t, 'GET', Api.shareInfo, { query: { code: s.shareCode } })).status).toBe(200);

    for (const u of [owner, editor]) {
      const r = await board(u, { scope: 'project', id: projectId });
      expect(r.status).toBe(200);
      const b = r.body.data;
      expect(b).toMatchObject({ scope: 'project', id: projectId, name: '看板项目', storage: null });
      expect(b.files).toEqual({ count: 2, bytes: sizeOf(PROJECT.dxf) + sizeOf(PROJECT.pdf) });
      const typ = Object.fromEntries(b.byType.map((f) => [f.type, f.count]));
      expect(typ).toEqual({ model: 0, drawing: 1, document: 1, image: 0, video: 0, other: 0 });
      expect(b.shares).toMatchObject({ active: 1, opens: 1 });
      expect(b.shares.top[0]).toMatchObject({
        fileName: nameOf(PROJECT.pdf),
        sharerName: '编辑者乙',
        opens: 1,
      });
      const names = new Set(b.operations.map((o) => o.objectName));
      expect(names).toContain(nameOf(PROJECT.dxf));
      expect(names).toContain(nameOf(PROJECT.pdf));
      for (const rel of Object.values(PERSONAL)) expect(names).not.toContain(nameOf(rel));
      expect(b.operations.every((o) => !('ip' in o) && !('phone' in o))).toBe(true);
    }
  });

  it('changing the project id leaks nothing: non-members, other companies and made-up ids get the same 404', async () => {
    const refused = [
      await board(outsider, { scope: 'project', id: projectId }),
      await board(otherAdmin, { scope: 'project', id: projectId }),
      await board(owner, { scope: 'project', id: '6f1c2a52-0d7e-4c55-9a1b-1f0e2d3c4b5a' }),
      await board(owner, { scope: 'project', id: 'not-a-uuid' }),
      // A personal space's id is no project.
      await board(owner, { scope: 'project', id: editor.login.userID }),
    ];
    for (const r of refused) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ code: -1, msg: PROJECT_NOT_FOUND_MSG, data: null });
    }
    // Another user's personal board is refused too; without a project id the call is bad input.
    expect((await board(outsider, { scope: 'personal', id: owner.login.userID })).status).toBe(404);
    expect((await board(owner, { scope: 'project' })).status).toBe(400);
    // Someone else's personal board is their own, empty one.
    const own = (await board(outsider, { scope: 'personal' })).body.data;
    expect(own.files).toEqual({ count: 0, bytes: 0 });
    expect(own.shares).toEqual({ active: 0, opens: 0, top: [] });
    expect(own.operations.some((o) => o.objectName === nameOf(PERSONAL.pdf))).toBe(false);
    // No session: 401.
    expect((await call(t, 'GET', Api.board, { query: { scope: 'personal' } })).status).toBe(401);
  });

  it('the company board is for the company administrators only and covers every company area', async () => {
    const r = await board(owner, { scope: 'company' });
    expect(r.status).toBe(200);
    const b = r.body.data;
    companyX = b.id;
    expect(b).toMatchObject({ scope: 'company', name: '看板建设集团' });
    // The project's files (personal spaces are private to their owners).
    expect(b.files).toEqual({ count: 2, bytes: sizeOf(PROJECT.dxf) + sizeOf(PROJECT.pdf) });
    expect(b.storage?.usedBytes).toBe(b.files.bytes);
    expect(b.shares).toMatchObject({ active: 1, opens: 1 });
    expect(b.operations.length).toBeGreaterThan(0);
    expect(b.operations.length).toBeLessThanOrEqual(20);
    expect(b.operations.some((o) => o.action === 'company.member.add' || o.action === 'file.upload')).toBe(
      true,
    );

    for (const [u, query] of [
      [editor, { scope: 'company' }],
      [outsider, { scope: 'company', id: companyX }],
      [otherAdmin, { scope: 'company', id: companyX }],
    ] as const) {
      const refused = await board(u, query);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: -1, msg: BOARD_COMPANY_ONLY_MSG, data: null });
    }
    // Another company's administrator sees their own (empty) company.
    const y = (await board(otherAdmin, { scope: 'company' })).body.data;
    expect(y.name).toBe('看板外企');
    expect(y.files.count).toBe(0);
    expect(y.operations.some((o) => o.objectName === nameOf(PROJECT.pdf))).toBe(false);
  });
});
