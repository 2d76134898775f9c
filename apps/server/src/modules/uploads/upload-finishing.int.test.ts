/**
 * Crash safety of finishing an upload (issue 15 "Crash recovery: Uploads"; upload-finishing.ts):
 * a failure injected after each step stands for the server dying there. Whatever the step, the
 * state left is either a complete file or an upload that finishes later — when the client HEADs or
 * PATCHes it, or by the sweep — and never a file row without its bytes nor bytes without a row that
 * stay. The quota is charged exactly once. The sweep also removes expired uploads and store entries
 * and records without their counterpart older than a day.
 */
import { readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { Api, type FileRowValue, type SessionUserValue } from '@bimdrive/contracts';
import { call, testDbKind, tusCreate, tusCreateVersion, tusPatch, uploadBytes } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { files, transferRecords, uploads } from '../../db/schema/files.ts';
import { originalKey } from '../../storage/local-storage.ts';
import type { FinishStep } from './upload-deps.ts';

describe(`upload finishing survives a crash at any step (${testDbKind})`, () => {
  const [t, u] = useTestApp({ users: ['断点'] });
  beforeEach(() => {
    t.built.services.uploads.faults.afterStep = undefined;
  });

  const crashAfter = (at: FinishStep) => {
    t.built.services.uploads.faults.afterStep = (s) => {
      if (s === at) throw new Error(`injected crash after ${at}`);
    };
  };
  const head = (loc: string) =>
    fetch(new URL(loc, t.baseUrl), {
      method: 'HEAD',
      headers: { authorization: `Bearer ${u.token}`, 'tus-resumable': '1.0.0' },
    });
  const fileInfo = (iuid: string) =>
    call<FileRowValue>(t, 'GET', Api.fileInfo, { token: u.token, query: { IUID: iuid } });
  const used = async () =>
    (await call<SessionUserValue>(t, 'GET', Api.userInfo, { token: u.token })).body.data.usedSpace;
  const spaceOf = async (id: string) =>
    (await t.built.ctx.db.select({ s: files.spaceId }).from(files).where(eq(files.id, id)))[0]?.s;
  const uploadSpace = async (id: string) =>
    (await t.built.ctx.db.select({ s: uploads.spaceId }).from(uploads).where(eq(uploads.id, id)))[0]?.s;
  const transfersOf = async (name: string) =>
    (await t.built.ctx.db.select().from(transferRecords).where(eq(transferRecords.fileName, name))).length;
  /** Create an upload and send all its bytes; the last PATCH's response. */
  async function uploadAll(name: string, size: number) {
    const c = await tusCreate(t, u.token, size, { filename: name, folderId: '' });
    expect(c.status).toBe(201);
    const loc = c.headers.get('location')!;
    const res = await tusPatch(t, u.token, loc, 0, new Uint8Array(size).fill(5));
    return { loc, id: loc.split('/').pop()!, res };
  }

  it('crash after the bytes moved: no file row yet; the client’s HEAD finishes it', async () => {
    const before = await used();
    crashAfter('moved');
    const { loc, id, res } = await uploadAll('moved.txt', 1000);
    expect(res.status).toBe(500);
    t.built.services.uploads.faults.afterStep = undefined;
    // Bytes in place, no file row, nothing charged: a resumable upload, not a file.
    expect((await t.built.ctx.storage.stat(originalKey((await uploadSpace(id))!, id)))?.size).toBe(1000);
    expect((await fileInfo(id)).body.code).not.toBe(1);
    expect(await used()).toBe(before);

    const h = await head(loc);
    expect([h.status, h.headers.get('upload-offset'), h.headers.get('x-file-iuid')]).toEqual([
      200,
      '1000',
      id,
    ]);
    expect((await fileInfo(id)).body.data.fileName).toBe('moved.txt');
    expect(await used()).toBe(before + 1000);
    expect(await transfersOf('moved.txt')).toBe(1);
    // Finishing again changes nothing.
    expect((await head(loc)).headers.get('x-file-iuid')).toBe(id);
    expect(await used()).toBe(before + 1000);
  });

  it('crash before the bytes moved: the client’s PATCH at the end finishes it', async () => {
    crashAfter('completed');
    const { loc, id, res } = await uploadAll('completed.txt', 500);
    expect(res.status).toBe(500);
    t.built.services.uploads.faults.afterStep = undefined;
    expect((await head(loc)).headers.get('upload-offset')).toBe('500');
    const again = await tusPatch(t, u.token, loc, 500, new Uint8Array(0));
    expect([again.status, again.headers.get('x-file-iuid')]).toEqual([204, id]);
    expect((await t.built.ctx.storage.stat(originalKey((await spaceOf(id))!, id)))?.size).toBe(500);
  });

  it('crash after the file row was committed: the sweep announces it, charged once', async () => {
    const before = await used();
    crashAfter('committed');
    const { id, res } = await uploadAll('committed.txt', 700);
    expect(res.status).toBe(500);
    t.built.services.uploads.faults.afterStep = undefined;
    // A complete file: row and bytes together.
    expect((await fileInfo(id)).body.code).toBe(1);
    expect((await t.built.ctx.storage.stat(originalKey((await spaceOf(id))!, id)))?.size).toBe(700);
    expect(await transfersOf('committed.txt')).toBe(0);

    expect((await t.built.services.uploads.sweep()).finished).toBe(1);
    expect(await transfersOf('committed.txt')).toBe(1);
    expect(await used()).toBe(before + 700);
    expect((await t.built.services.uploads.sweep()).finished).toBe(0);
  });

  it('a new version cut short after its bytes moved is added once, by the sweep', async () => {
    const fileId = await uploadBytes(t, u.token, 'v.txt', new Uint8Array(10).fill(1));
    crashAfter('moved');
    const c = await tusCreateVersion(t, u.token, 20, { filename: 'v.txt', versionOf: fileId });
    expect(c.status).toBe(201);
    const loc = c.headers.get('location')!;
    expect((await tusPatch(t, u.token, loc, 0, new Uint8Array(20).fill(2))).status).toBe(500);
    t.built.services.uploads.faults.afterStep = undefined;
    expect((await t.built.services.uploads.sweep()).finished).toBe(1);
    const h = await head(loc);
    expect([h.headers.get('x-file-iuid'), h.headers.get('x-file-version')]).toEqual([fileId, '2']);
    expect((await fileInfo(fileId)).body.data.fileBytes).toBe(20);
  });

  it('the sweep removes an expired upload cut short after its bytes moved: bytes and record', async () => {
    crashAfter('moved');
    const { id, res } = await uploadAll('expired.txt', 300);
    expect(res.status).toBe(500);
    t.built.services.uploads.faults.afterStep = undefined;
    const key = originalKey((await uploadSpace(id))!, id);
    expect(await t.built.ctx.storage.stat(key)).not.toBeNull();
    await t.built.ctx.db.execute(
      sql`update uploads set expires_at = now() - interval '1 hour' where id = ${id}`,
    );
    expect((await t.built.services.uploads.sweep()).expired).toBeGreaterThanOrEqual(1);
    expect(await t.built.ctx.storage.stat(key)).toBeNull();
    expect(await uploadSpace(id)).toBeUndefined();
    expect((await fileInfo(id)).body.code).not.toBe(1);
  });

  it('the sweep removes store entries without a record, and records without bytes, older than a day', async () => {
    const dir = path.join(t.config.storageDir, 'tus');
    const stray = '11111111-2222-4333-8444-555555555555';
    await writeFile(path.join(dir, stray), 'x');
    await writeFile(path.join(dir, `${stray}.json`), '{}');
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(path.join(dir, stray), old, old);
    await utimes(path.join(dir, `${stray}.json`), old, old);
    const fresh = '11111111-2222-4333-8444-666666666666';
    await writeFile(path.join(dir, fresh), 'x');
    // A record whose bytes are gone (e.g. a crash during creation), created two days ago.
    const c = await tusCreate(t, u.token, 100, { filename: 'lost.bin', folderId: '' });
    const lost = c.headers.get('location')!.split('/').pop()!;
    await t.built.ctx.db.execute(
      sql`update uploads set created_at = now() - interval '2 days' where id = ${lost}`,
    );
    await rm(path.join(dir, lost), { force: true });
    await rm(path.join(dir, `${lost}.json`), { force: true });

    const r = await t.built.services.uploads.sweep();
    expect(r.orphans).toBeGreaterThanOrEqual(2);
    const left = await readdir(dir);
    expect(left.filter((n) => n.startsWith(stray))).toEqual([]);
    expect(left).toContain(fresh); // younger than a day: kept
    expect(await uploadSpace(lost)).toBeUndefined();
  });
});
