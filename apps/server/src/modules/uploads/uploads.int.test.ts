import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Api, type ListDataValue, type SessionUserValue } from '@bimdrive/contracts';
import { call, signUp, testDbKind, tusCreate, tusPatch } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';

const QUOTA = 64 * 1024;

describe(`tus uploads (${testDbKind})`, () => {
  // someone: A user for tests that only need someone signed in (registration is rate-limited per minute).
  const [t, someone] = useTestApp({ config: { personalQuotaBytes: QUOTA }, users: ['测试用户'] });

  const tusFiles = async () =>
    (await readdir(path.join(t.config.storageDir, 'tus')).catch(() => [])).filter((f) => !f.startsWith('.'));

  it('resumes an interrupted upload from the offset the server has', async () => {
    const u = await signUp(t);
    const bytes = new Uint8Array(20_000).map((_, i) => i % 251);
    const created = await tusCreate(t, u.token, bytes.length, { filename: 'resume.bin', folderId: '' });
    expect(created.status).toBe(201);
    const loc = created.headers.get('location')!;
    expect((await tusPatch(t, u.token, loc, 0, bytes.subarray(0, 7000))).status).toBe(204);
    const head = await fetch(new URL(loc, t.baseUrl), {
      method: 'HEAD',
      headers: { authorization: `Bearer ${u.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(head.headers.get('upload-offset')).toBe('7000');
    const done = await tusPatch(t, u.token, loc, 7000, bytes.subarray(7000));
    expect(done.status).toBe(204);
    const iuid = done.headers.get('x-file-iuid')!;
    const url = (await call<string>(t, 'GET', Api.ossFile, { token: u.token, query: { IUID: iuid } })).body
      .data;
    const back = new Uint8Array(await (await fetch(`${t.baseUrl}${url}`)).arrayBuffer());
    expect(Buffer.compare(Buffer.from(back), Buffer.from(bytes))).toBe(0);
  });

  it('refuses an upload over the quota at creation with a clear message and keeps nothing', async () => {
    const u = await signUp(t);
    const before = await tusFiles();
    const r = await tusCreate(t, u.token, QUOTA + 1, { filename: 'huge.ifc', folderId: '' });
    expect(r.status).toBe(413);
    expect(JSON.parse(await r.text())).toMatchObject({ code: -2, msg: expect.stringContaining('空间不足') });
    expect(await tusFiles()).toEqual(before);
    const listing = await call<ListDataValue>(t, 'GET', Api.myDocumentList, { token: u.token });
    expect(listing.body.data.count).toBe(0);
  });

  it('counts uploads in progress against the quota', async () => {
    const u = await signUp(t);
    const first = await tusCreate(t, u.token, 40_000, { filename: 'a.bin', folderId: '' });
    expect(first.status).toBe(201);
    const second = await tusCreate(t, u.token, 40_000, { filename: 'b.bin', folderId: '' });
    expect(second.status).toBe(413);
  });

  it('cancel by termination and by Getfragmentdelete removes the fragments and the reservation', async () => {
    const u = await signUp(t);
    const a = await tusCreate(t, u.token, 30_000, { filename: 'a.bin', folderId: '' });
    const locA = a.headers.get('location')!;
    await tusPatch(t, u.token, locA, 0, new Uint8Array(10_000));
    const idA = locA.split('/').pop()!;
    expect(await tusFiles()).toContain(idA);
    const del = await fetch(new URL(locA, t.baseUrl), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${u.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(del.status).toBe(204);
    expect((await tusFiles()).filter((f) => f.startsWith(idA))).toEqual([]);

    const b = await tusCreate(t, u.token, 30_000, { filename: 'b.bin', folderId: '' });
    const idB = b.headers.get('location')!.split('/').pop()!;
    await tusPatch(t, u.token, b.headers.get('location')!, 0, new Uint8Array(5_000));
    const cancel = await call(t, 'GET', Api.fragmentDelete, { token: u.token, query: { IUID: idB } });
    expect(cancel.body.code).toBe(1);
    expect((await tusFiles()).filter((f) => f.startsWith(idB))).toEqual([]);
    // The reservation is gone: a full-quota-sized upload fits again.
    expect((await tusCreate(t, u.token, 60_000, { filename: 'c.bin', folderId: '' })).status).toBe(201);
    const me = await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: u.token });
    expect(me.body.data.usedSpace).toBe(0);
  });

  it('another user cannot resume, inspect or cancel an upload', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const c = await tusCreate(t, owner.token, 1000, { filename: 'mine.bin', folderId: '' });
    const loc = c.headers.get('location')!;
    const id = loc.split('/').pop()!;
    expect((await tusPatch(t, other.token, loc, 0, new Uint8Array(1000))).status).toBe(404);
    const head = await fetch(new URL(loc, t.baseUrl), {
      method: 'HEAD',
      headers: { authorization: `Bearer ${other.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(404);
    const del = await fetch(new URL(loc, t.baseUrl), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${other.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(del.status).toBe(404);
    expect((await tusPatch(t, other.token, loc, 0, new Uint8Array(1))).status).toBe(404);
    expect(
      (await call(t, 'GET', Api.fragmentDelete, { token: other.token, query: { IUID: id } })).status,
    ).toBe(404);
    expect(await tusFiles()).toContain(id);
    const noAuth = await fetch(`${t.baseUrl}${Api.tus}`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(noAuth.status).toBe(401);
  });

  it('refuses an illegal file name and a folder that is not the caller’s', async () => {
    const u = someone;
    expect((await tusCreate(t, u.token, 10, { filename: 'a|b.ifc', folderId: '' })).status).toBe(400);
    expect(
      (
        await tusCreate(t, u.token, 10, {
          filename: 'ok.ifc',
          folderId: '00000000-0000-4000-8000-000000000000',
        })
      ).status,
    ).toBe(404);
  });

  it('follows the tus 1.0 MUSTs the library leaves open', async () => {
    const u = await signUp(t);
    const unsupported = await fetch(`${t.baseUrl}${Api.tus}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token}`, 'tus-resumable': '0.2.2', 'upload-length': '10' },
    });
    expect(unsupported.status).toBe(412);
    expect(unsupported.headers.get('tus-version')).toBe('1.0.0');
    const missing = await fetch(`${t.baseUrl}${Api.tus}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token}`, 'upload-length': '10' },
    });
    expect(missing.status).toBe(412);
    expect(missing.headers.get('tus-version')).toBe('1.0.0');
    const options = await fetch(`${t.baseUrl}${Api.tus}`, { method: 'OPTIONS' });
    expect(options.headers.get('tus-extension')).toContain('creation');
    expect(options.headers.get('tus-extension')).toContain('termination');
    expect(options.headers.get('tus-extension')).toContain('expiration');
    // X-HTTP-Method-Override: a POST carrying PATCH semantics.
    const c = await tusCreate(t, u.token, 4, { filename: 'o.txt', folderId: '' });
    const over = await fetch(new URL(c.headers.get('location')!, t.baseUrl), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${u.token}`,
        'tus-resumable': '1.0.0',
        'x-http-method-override': 'PATCH',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: new TextEncoder().encode('abcd') as Uint8Array<ArrayBuffer>,
    });
    expect(over.status).toBe(204);
    expect(over.headers.get('upload-offset')).toBe('4');
  });

  it('answers PATCH errors as tus says, writes nothing for them and cuts off a body past the size', async () => {
    const u = someone;
    const c = await tusCreate(t, u.token, 10, { filename: 'p.bin', folderId: '' });
    const loc = new URL(c.headers.get('location')!, t.baseUrl);
    const offsetNow = async () =>
      (
        await fetch(loc, {
          method: 'HEAD',
          headers: { authorization: `Bearer ${u.token}`, 'tus-resumable': '1.0.0' },
        })
      ).headers.get('upload-offset');
    const patch = (headers: Record<string, string>, body: Uint8Array | ReadableStream) =>
      fetch(loc, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${u.token}`, 'tus-resumable': '1.0.0', ...headers },
        body: body as BodyInit,
        duplex: 'half',
      } as RequestInit);
    const octets = { 'content-type': 'application/offset+octet-stream' };
    expect((await patch({ ...octets }, new Uint8Array(2))).status).toBe(403); // no Upload-Offset
    expect((await patch({ 'upload-offset': '0' }, new Uint8Array(2))).status).toBe(415); // no content type
    expect((await patch({ ...octets, 'upload-offset': '3' }, new Uint8Array(2))).status).toBe(409);
    expect(
      (await patch({ ...octets, 'upload-offset': '0', 'upload-length': '10' }, new Uint8Array(2))).status,
    ).toBe(400);
    expect((await patch({ ...octets, 'upload-offset': '0' }, new Uint8Array(11))).status).toBe(413);
    expect(await offsetNow()).toBe('0');
    // A chunked body (no Content-Length) that runs past the declared size is cut off with 413.
    const tooLong = new ReadableStream({
      start(ctl) {
        ctl.enqueue(new Uint8Array(6));
        ctl.enqueue(new Uint8Array(6));
        ctl.close();
      },
    });
    expect((await patch({ ...octets, 'upload-offset': '0' }, tooLong)).status).toBe(413);
    const kept = Number(await offsetNow());
    expect(kept).toBeLessThanOrEqual(10);
    // The owner finishes from the offset the server reports.
    const done = await tusPatch(t, u.token, loc.pathname, kept, new Uint8Array(10 - kept).fill(7));
    expect(done.status).toBe(204);
    expect(done.headers.get('upload-offset')).toBe('10');
    expect(done.headers.get('x-file-iuid')).toBeTruthy();
  });

  it('the scheduled clean-up removes expired unfinished uploads', async () => {
    const u = await signUp(t);
    const c = await tusCreate(t, u.token, 1000, { filename: 'old.bin', folderId: '' });
    const id = c.headers.get('location')!.split('/').pop()!;
    await tusPatch(t, u.token, c.headers.get('location')!, 0, new Uint8Array(100));
    await t.built.ctx.dbHandle.db.execute(
      (await import('drizzle-orm'))
        .sql`update uploads set expires_at = now() - interval '1 hour' where id = ${id}`,
    );
    expect(await t.built.services.uploads.cleanupExpired()).toBeGreaterThanOrEqual(1);
    expect((await tusFiles()).filter((f) => f.startsWith(id))).toEqual([]);
  });
});
