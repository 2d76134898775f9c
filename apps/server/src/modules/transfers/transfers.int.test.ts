import { describe, expect, it } from 'vitest';
import { Api, type ListDataValue, type TransmissionListValue } from '@bimdrive/contracts';
import {
  call,
  testDbKind,
  tusCreate,
  tusCreateVersion,
  tusPatch,
  uploadBytes,
  uploadTestFile,
  type TestUser,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';

/** Completed-transfer records (000 §3, §7 GetTransmissionData / DeleteTransmissionDataById / DeleteAllTransmissionData). */
describe(`transfer records (${testDbKind})`, () => {
  const [t, a, b] = useTestApp({ users: ['甲', '乙'] });

  const list = (u: TestUser, body?: unknown) =>
    call<TransmissionListValue>(t, 'POST', Api.transmissionList, { token: u.token, body });
  const listForm = async (u: TestUser, form: Record<string, string>) => {
    const res = await fetch(`${t.baseUrl}${Api.transmissionList}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${u.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
    return { status: res.status, body: (await res.json()) as { code: number; data: TransmissionListValue } };
  };
  const files = async (u: TestUser) =>
    (await call<ListDataValue>(t, 'GET', Api.myDocumentList, { token: u.token })).body.data;

  it('refuses callers without a session', async () => {
    const r = await call(t, 'POST', Api.transmissionList, { body: {} });
    expect(r.status).toBe(401);
    expect((await call(t, 'POST', Api.transmissionDeleteAll, {})).status).toBe(401);
    const d = await call(t, 'POST', Api.transmissionDelete, { query: { IUID: crypto.randomUUID() } });
    expect(d.status).toBe(401);
  });

  it('records each completed upload of a file, newest first, paged by 6 from a form or JSON', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(await uploadBytes(t, a.token, `f${i}.txt`, new TextEncoder().encode(`content ${i}`)));
    ids.push(await uploadTestFile(t, a.token, 'ifc/SimpleWall.ifc'));

    const first = await listForm(a, { page: '1', rows: '6' });
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(1);
    expect(first.body.data.count).toBe(8);
    expect(first.body.data.list).toHaveLength(6);
    const top = first.body.data.list[0]!;
    expect(top).toMatchObject({
      fileName: 'SimpleWall.ifc',
      fileType: 2,
      sourceType: 2,
      mainIUID: ids[7],
      knowledgeBaseType: '',
    });
    expect(top.fileSize).toBeGreaterThan(1000);
    expect(top.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // Default page size is 6 (000 §9); page 2 holds the remaining two, the oldest last.
    const second = await list(a, { page: 2 });
    expect(second.body.data.count).toBe(8);
    expect(second.body.data.list.map((r) => r.fileName)).toEqual(['f1.txt', 'f0.txt']);
    expect(second.body.data.list[1]).toMatchObject({ fileSize: 9, mainIUID: ids[0] });
    // No body at all also answers page 1.
    const bare = await list(a);
    expect(bare.body.data?.list, JSON.stringify(bare.body)).toHaveLength(6);
    // Other users see none of it.
    expect((await list(b, {})).body.data).toEqual({ list: [], count: 0 });
  });

  it('rejects bad paging with the envelope', async () => {
    const r = await list(a, { page: 0, rows: 6 });
    expect(r.status).toBe(400);
    expect(r.body.code).not.toBe(1);
    expect((await list(a, { page: 1, rows: 1000 })).status).toBe(400);
  });

  it('records no row for a cancelled or unfinished upload', async () => {
    const before = (await list(b, {})).body.data.count;
    const created = await tusCreate(t, b.token, 100, { filename: 'half.bin', folderId: '' });
    const loc = created.headers.get('location')!;
    expect((await tusPatch(t, b.token, loc, 0, new Uint8Array(40))).status).toBe(204);
    expect((await list(b, {})).body.data.count).toBe(before);
    const id = loc.split('/').pop()!;
    expect(
      (await call(t, 'GET', Api.fragmentDelete, { token: b.token, query: { IUID: id } })).body.code,
    ).toBe(1);
    expect((await list(b, {})).body.data.count).toBe(before);
  });

  it('deletes one record of the caller only, never the file; another user gets 404 and nothing changes', async () => {
    const page = (await list(a, { page: 1, rows: 100 })).body.data;
    const victim = page.list[0]!;
    const filesBefore = await files(a);

    const foreign = await call(t, 'POST', Api.transmissionDelete, {
      token: b.token,
      query: { IUID: victim.iuid },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).not.toBe(1);
    expect((await list(a, { page: 1, rows: 100 })).body.data.count).toBe(page.count);

    const bad = await call(t, 'POST', Api.transmissionDelete, {
      token: a.token,
      query: { IUID: 'not-a-uuid' },
    });
    expect(bad.status).toBe(404);
    const missing = await call(t, 'POST', Api.transmissionDelete, { token: a.token });
    expect(missing.status).toBe(400);

    const mine = await call(t, 'POST', Api.transmissionDelete, {
      token: a.token,
      query: { IUID: victim.iuid },
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ code: 1, msg: '删除成功' });
    const after = (await list(a, { page: 1, rows: 100 })).body.data;
    expect(after.count).toBe(page.count - 1);
    expect(after.list.map((r) => r.iuid)).not.toContain(victim.iuid);
    // The file is still there.
    const filesAfter = await files(a);
    expect(filesAfter.count).toBe(filesBefore.count);
    expect(filesAfter.list.map((f) => f.iuid)).toContain(victim.mainIUID);
    // Deleting it again: 404.
    const again = await call(t, 'POST', Api.transmissionDelete, {
      token: a.token,
      query: { IUID: victim.iuid },
    });
    expect(again.status).toBe(404);
  });

  it("deletes all of the caller's records only, never files or other users' records", async () => {
    await uploadBytes(t, b.token, 'b.txt', new TextEncoder().encode('b'));
    const bCount = (await list(b, {})).body.data.count;
    expect(bCount).toBeGreaterThan(0);
    const filesBefore = (await files(a)).count;

    const r = await call(t, 'POST', Api.transmissionDeleteAll, { token: a.token });
    expect(r.body).toMatchObject({ code: 1, msg: '删除成功' });
    expect((await list(a, {})).body.data).toEqual({ list: [], count: 0 });
    expect((await files(a)).count).toBe(filesBefore);
    expect((await list(b, {})).body.data.count).toBe(bCount);
    // Clearing an empty list is fine.
    expect((await call(t, 'POST', Api.transmissionDeleteAll, { token: a.token })).body.code).toBe(1);
  });

  it('records a version upload against the file it was added to', async () => {
    const fileId = await uploadTestFile(t, a.token, 'ifc/just_wall.ifc');
    await call(t, 'POST', Api.transmissionDeleteAll, { token: a.token });
    const bytes = new TextEncoder().encode('ISO-10303-21;\nEND-ISO-10303-21;\n');
    const created = await tusCreateVersion(t, a.token, bytes.length, {
      filename: 'just_wall.ifc',
      versionOf: fileId,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const done = await tusPatch(t, a.token, created.headers.get('location')!, 0, bytes);
    expect(done.status).toBe(204);
    const rows = (await list(a, {})).body.data;
    expect(rows.count).toBe(1);
    expect(rows.list[0]).toMatchObject({
      fileName: 'just_wall.ifc',
      fileSize: bytes.length,
      mainIUID: fileId,
      sourceType: 2,
    });
  });
});
