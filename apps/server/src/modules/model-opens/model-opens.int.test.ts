/**
 * Models open in a viewer and -120 (spec 001 §8; issue 13), through the real API and hub on a real
 * database: a project member's socket has a model open → the manager's delete, new-version upload and
 * version switch answer -120 (409, data.iuids) and change nothing; a user who cannot view the file
 * cannot register it open (refused like a missing file, and it blocks nothing); ModelClose pushes
 * modelForceClose to the viewer, empties the entry and the repeated delete succeeds; a disconnected
 * socket frees the file; the caller's own tab never blocks them; stale heartbeats stop counting.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  MODEL_CLOSED_MSG,
  MODEL_OCCUPIED_MSG,
  ModelOpenEvents,
  ResultCode,
  TAB_ID_HEADER,
  type FileRowValue,
  type FileVersionListValue,
  type ModelOpenAck,
  type ModelOpenMessageValue,
} from '@bimdrive/contracts';
import {
  call,
  connectHub,
  TESTDATA,
  testDbKind,
  tusCreateVersion,
  tusPatch,
  uploadTestFile,
  type TestUser,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { CODE_X, companyWithMembers } from '../../test/companies-fixture.ts';
import { createProject, setProjectMember } from '../../test/projects-fixture.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { modelOpensRepository } from './model-opens.repository.ts';
import { staleBefore } from './model-open-guard.ts';

const MODEL = 'gltf/BoxTextured.glb';
const MODEL_V2 = 'gltf/Elements_Beam.glb';

describe(`models open in a viewer, -120 (${testDbKind})`, () => {
  // manager: Company administrator and project manager: deletes and replaces.
  // viewer: Project viewer: has the model open.
  // stranger: Someone without access to the project.
  const [t, manager, viewer, stranger] = useTestApp({ users: ['项目经理', '查看者', '外人'] });
  let projectId = '';
  const sockets: Socket[] = [];

  const bytesOf = async (rel: string) => new Uint8Array(await readFile(path.join(TESTDATA, rel)));

  /** Upload a model into the project; answers its iuid. */
  const upload = (rel: string, folderId = '') => uploadTestFile(t, manager.token, rel, folderId, projectId);

  /** tus creation of a new version at FileVersionAdd. */
  const createVersion = (u: TestUser, fileId: string, size: number, headers: Record<string, string> = {}) =>
    tusCreateVersion(t, u.token, size, { filename: path.basename(MODEL_V2), versionOf: fileId }, headers);

  async function hub(u: TestUser): Promise<Socket> {
    const s = await connectHub(t, u.token);
    sockets.push(s);
    return s;
  }

  /** Emit an open-model event and wait for its ack. */
  const emit = (s: Socket, event: string, payload: ModelOpenMessageValue) =>
    s.timeout(10_000).emitWithAck(event, payload) as Promise<ModelOpenAck>;

  const del = (u: TestUser, iuid: string, headers?: Record<string, string>) =>
    fetch(`${t.baseUrl}${Api.delete}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ IUID: iuid }),
    }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { code: number; msg: string; data: unknown },
    }));

  const exists = async (iuid: string) =>
    (await call<FileRowValue>(t, 'GET', Api.fileInfo, { token: manager.token, query: { IUID: iuid } })).body
      .code === 1;

  const liveEntries = (iuid: string) => modelOpensRepository(t.built.ctx.db).liveOn(iuid, staleBefore());

  beforeAll(async () => {
    await companyWithMembers(t, manager, '甲建设', CODE_X, [viewer]);
    projectId = (await createProject(t, manager, '一号楼')).iuid;
    await setProjectMember(t, manager, projectId, viewer, 'viewer');
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
  });

  it('delete, new version and version switch answer -120 while another user has the model open; nothing changes', async () => {
    const iuid = await upload(MODEL);
    const s = await hub(viewer);
    expect(await emit(s, ModelOpenEvents.open, { iuid, tabId: 'viewer-tab' })).toEqual({ ok: true });
    expect(await liveEntries(iuid)).toHaveLength(1);

    const refused = await del(manager, iuid);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: ResultCode.occupied,
      msg: MODEL_OCCUPIED_MSG,
      data: { iuids: [iuid] },
    });
    expect(await exists(iuid)).toBe(true);

    // Deleting a folder with an open model inside is refused too.
    const folder = await call<FileRowValue>(t, 'POST', Api.folderAdd, {
      token: manager.token,
      body: { parentIUID: '', fileName: '模型', spaceId: projectId },
    });
    expect(folder.body.code).toBe(1);
    const inner = await upload(MODEL, folder.body.data.iuid);
    expect(await emit(s, ModelOpenEvents.open, { iuid: inner })).toEqual({ ok: true });
    const folderRefused = await del(manager, folder.body.data.iuid);
    expect(folderRefused.body).toMatchObject({ code: ResultCode.occupied, data: { iuids: [inner] } });
    expect(await exists(inner)).toBe(true);

    // A new version: refused at tus creation, before any byte is sent.
    const size = (await bytesOf(MODEL_V2)).length;
    const version = await createVersion(manager, iuid, size);
    expect(version.status).toBe(409);
    expect(await version.json()).toMatchObject({ code: ResultCode.occupied, data: { iuids: [iuid] } });
    const listed = await call<FileVersionListValue>(t, 'GET', Api.versionList, {
      token: manager.token,
      query: { iuid },
    });
    expect(listed.body.data.currentVersion).toBe(1);
    expect(listed.body.data.list).toHaveLength(1);
  });

  it('a version switch is refused while the current version is open; an older version open does not block it', async () => {
    const iuid = await upload(MODEL);
    // v2 added while nobody watches.
    const bytes = await bytesOf(MODEL_V2);
    const created = await createVersion(manager, iuid, bytes.length);
    expect(created.status).toBe(201);
    expect((await tusPatch(t, manager.token, created.headers.get('location')!, 0, bytes)).status).toBe(204);

    const s = await hub(viewer);
    expect(await emit(s, ModelOpenEvents.open, { iuid })).toEqual({ ok: true }); // the current one: v2
    const sw = await call(t, 'POST', Api.versionSetCurrent, {
      token: manager.token,
      body: { IUID: iuid, version: 1 },
    });
    expect(sw.status).toBe(409);
    expect(sw.body.code).toBe(ResultCode.occupied);
    const listed = await call<FileVersionListValue>(t, 'GET', Api.versionList, {
      token: manager.token,
      query: { iuid },
    });
    expect(listed.body.data.currentVersion).toBe(2);

    // The viewer switches to v1 in their preview: the current version (v2) is free to be replaced.
    await emit(s, ModelOpenEvents.close, { iuid });
    expect(await emit(s, ModelOpenEvents.open, { iuid, version: 1 })).toEqual({ ok: true });
    const ok = await call(t, 'POST', Api.versionSetCurrent, {
      token: manager.token,
      body: { IUID: iuid, version: 1 },
    });
    expect(ok.body.code).toBe(1);
    // An unknown version cannot be registered.
    expect(await emit(s, ModelOpenEvents.open, { iuid, version: 9 })).toMatchObject({ ok: false });
  });

  it('a user who cannot view the file cannot register it open (no leak), and it blocks nothing', async () => {
    const iuid = await upload(MODEL);
    const s = await hub(stranger);
    const ack = await emit(s, ModelOpenEvents.open, { iuid, tabId: 'x' });
    const missing = await emit(s, ModelOpenEvents.open, { iuid: '00000000-0000-4000-8000-000000000000' });
    expect(ack).toEqual(missing); // the same answer as for a file that does not exist
    expect(ack.ok).toBe(false);
    expect(await emit(s, ModelOpenEvents.heartbeat, { iuid })).toMatchObject({ ok: false });
    expect(await liveEntries(iuid)).toHaveLength(0);
    // Neither can they close it for others.
    const close = await call(t, 'POST', Api.modelClose, { token: stranger.token, body: { IUID: iuid } });
    expect(close.status).toBe(404);
    // A viewer of the project may not force-close (they could not delete it either).
    const v = await hub(viewer);
    expect(await emit(v, ModelOpenEvents.open, { iuid })).toEqual({ ok: true });
    const byViewer = await call(t, 'POST', Api.modelClose, { token: viewer.token, body: { IUID: iuid } });
    expect(byViewer.status).toBe(403);
    expect(await liveEntries(iuid)).toHaveLength(1);
    v.disconnect();
    await waitUntil(async () => (await liveEntries(iuid)).length === 0, 'viewer socket freed');
    expect((await del(manager, iuid)).body.code).toBe(1);
    // An unsigned socket is refused as well.
    const anon = (await import('socket.io-client')).io(t.baseUrl, {
      path: '/api/chatHub',
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(anon);
    await new Promise<void>((r) => anon.once('connect', () => r()));
    expect(await emit(anon, ModelOpenEvents.open, { iuid })).toMatchObject({ ok: false });
  });

  it('ModelClose pushes modelForceClose to the viewer, empties the entry, and the repeated delete succeeds', async () => {
    const iuid = await upload(MODEL);
    const s = await hub(viewer);
    expect(await emit(s, ModelOpenEvents.open, { iuid, tabId: 'viewer-tab' })).toEqual({ ok: true });
    expect((await del(manager, iuid)).body.code).toBe(ResultCode.occupied);

    const forced = new Promise<unknown>((resolve) => s.once(ModelOpenEvents.forceClose, resolve));
    const closed = await call(t, 'POST', Api.modelClose, { token: manager.token, body: { IUID: iuid } });
    expect(closed.body).toEqual({ code: 1, msg: MODEL_CLOSED_MSG, data: null });
    expect(await forced).toEqual({ iuid });
    expect(await liveEntries(iuid)).toHaveLength(0);
    // A late heartbeat of the closed tab does not lock the file again.
    expect(await emit(s, ModelOpenEvents.heartbeat, { iuid })).toMatchObject({ ok: false });

    const repeated = await del(manager, iuid);
    expect(repeated.body.code).toBe(1);
    expect(await exists(iuid)).toBe(false);
  });

  it('a disconnected socket frees the file', async () => {
    const iuid = await upload(MODEL);
    const s = await hub(viewer);
    expect(await emit(s, ModelOpenEvents.open, { iuid })).toEqual({ ok: true });
    expect((await del(manager, iuid)).body.code).toBe(ResultCode.occupied);
    s.disconnect();
    await waitUntil(async () => (await liveEntries(iuid)).length === 0, 'entry removed on disconnect');
    expect((await del(manager, iuid)).body.code).toBe(1);
  });

  it('the caller’s own tab does not block them; their other tab does', async () => {
    const iuid = await upload(MODEL);
    const own = await hub(manager);
    expect(await emit(own, ModelOpenEvents.open, { iuid, tabId: 'tab-1' })).toEqual({ ok: true });
    expect((await del(manager, iuid, { [TAB_ID_HEADER]: 'tab-2' })).body.code).toBe(ResultCode.occupied);
    expect((await del(manager, iuid, { [TAB_ID_HEADER]: 'tab-1' })).body.code).toBe(1);
  });

  it('an entry whose heartbeat stopped no longer counts and is pruned', async () => {
    const iuid = await upload(MODEL);
    const s = await hub(viewer);
    expect(await emit(s, ModelOpenEvents.open, { iuid })).toEqual({ ok: true });
    const repo = modelOpensRepository(t.built.ctx.db);
    // As if the tab had crashed long ago: its heartbeat is older than the TTL.
    const longAgo = new Date(Date.now() - 10 * 60_000);
    const [entry] = await repo.liveOn(iuid, staleBefore());
    await repo.open({ ...entry!, now: longAgo });
    expect(await liveEntries(iuid)).toHaveLength(0);
    expect(await repo.pruneStale(staleBefore())).toBeGreaterThanOrEqual(1);
    expect((await del(manager, iuid)).body.code).toBe(1);
  });
});
