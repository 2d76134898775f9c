/**
 * The main job end to end on the server: upload real files → conversion job → status pushed live
 * (1 → 2 → 3 or 4) → preview serves the derived model; bad files fail their own job only.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  Api,
  HubEvents,
  type FileStatusEventValue,
  type PreviewInfoValue,
  type ShareCreatedValue,
} from '@bimdrive/contracts';
import {
  call,
  connectHub,
  TESTDATA,
  testDbKind,
  uploadBytes,
  uploadTestFile,
  waitForStatus,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';

describe(`conversion jobs (${testDbKind})`, () => {
  const [t, u] = useTestApp({ users: ['测试用户'] });

  it('converts an IFC to fragments, pushing 1 → 2 → 3 to the owner’s room', async () => {
    const socket = await connectHub(t, u.token);
    const events: FileStatusEventValue[] = [];
    socket.on(HubEvents.fileStatus, (e: FileStatusEventValue) => events.push(e));
    const iuid = await uploadTestFile(t, u.token, 'ifc/AC20-FZK-Haus.ifc');
    const row = await waitForStatus(t, u.token, iuid);
    expect(row.statusMsg).toBe('');
    expect(row.statusType).toBe(3);
    await new Promise((r) => setTimeout(r, 200));
    socket.close();
    const mine = events.filter((e) => e.iuid === iuid).map((e) => e.statusType);
    // The new row is announced queued (so other viewers of the area see it), then converting, then done.
    expect(mine[0]).toBe(1);
    expect(mine).toContain(2);
    expect(mine.at(-1)).toBe(3);
    const preview = await call<PreviewInfoValue>(t, 'GET', Api.preview, {
      token: u.token,
      query: { IUID: iuid },
    });
    expect(preview.body.data.previewKind).toBe('fragments');
    const frag = await fetch(`${t.baseUrl}${preview.body.data.viewUrl}`);
    expect(frag.status).toBe(200);
    const bytes = new Uint8Array(await frag.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(10_000);
    // The viewer is sent the same model uncompressed inside, brotli over HTTP (its .br copy; issue 17);
    // a client without br gets the .frag itself, deflated inside, as a download does.
    const viewUrl = `${t.baseUrl}${preview.body.data.viewUrl}`;
    const br = await fetch(viewUrl, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const raw = Buffer.from(await br.arrayBuffer()); // fetch decodes
    const file = await fetch(viewUrl, { headers: { 'accept-encoding': 'gzip' } });
    expect(file.headers.get('content-encoding')).toBeNull();
    expect(inflateSync(Buffer.from(await file.arrayBuffer())).equals(raw)).toBe(true);

    // The first-frame preview GLB follows the conversion (best effort, just after status 3).
    let previewGlbUrl: string | null = null;
    for (let i = 0; i < 100 && !previewGlbUrl; i++) {
      await new Promise((r) => setTimeout(r, 200));
      previewGlbUrl = (
        await call<PreviewInfoValue>(t, 'GET', Api.preview, { token: u.token, query: { IUID: iuid } })
      ).body.data.previewGlbUrl;
    }
    expect(previewGlbUrl).not.toBeNull();
    const packed = await fetch(`${t.baseUrl}${previewGlbUrl}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(packed.headers.get('content-type')).toBe('model/gltf-binary');
    const glb = Buffer.from(await packed.arrayBuffer()); // fetch gunzips
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    const plain = await fetch(`${t.baseUrl}${previewGlbUrl}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(glb)).toBe(true);
  });

  it('a truncated and a malformed IFC fail their own job with a readable reason; others still convert', async () => {
    const full = await readFile(path.join(TESTDATA, 'ifc/AC20-FZK-Haus.ifc'));
    const truncated = await uploadBytes(
      t,
      u.token,
      'truncated.ifc',
      new Uint8Array(full.subarray(0, Math.floor(full.length * 0.4))),
    );
    const malformed = await uploadBytes(
      t,
      u.token,
      'malformed.ifc',
      new TextEncoder().encode('this is not an IFC file\n'.repeat(200)),
    );
    const good = await uploadTestFile(t, u.token, 'ifc/just_wall.ifc');
    for (const id of [truncated, malformed]) {
      const row = await waitForStatus(t, u.token, id);
      expect(row.statusType).toBe(4);
      expect(row.statusMsg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await waitForStatus(t, u.token, good)).statusType).toBe(3);
    // The failed original stays downloadable.
    const url = await call<string>(t, 'GET', Api.ossFile, { token: u.token, query: { IUID: malformed } });
    expect((await fetch(`${t.baseUrl}${url.body.data}`)).status).toBe(200);
  });

  it('a model format without a converter is marked so and stays downloadable; an unknown suffix needs none', async () => {
    const skp = await uploadTestFile(t, u.token, 'skp/TestModel.skp');
    const row = (
      await call<{ statusType: number; statusMsg: string }>(t, 'GET', Api.fileInfo, {
        token: u.token,
        query: { IUID: skp },
      })
    ).body.data;
    expect(row.statusType).toBe(4);
    expect(row.statusMsg).toMatch(/^需要外部转换器/);
    const unknown = await uploadBytes(t, u.token, 'notes.xyz123', new TextEncoder().encode('abc'));
    const r2 = (
      await call<{ statusType: number; previewKind: string }>(t, 'GET', Api.fileInfo, {
        token: u.token,
        query: { IUID: unknown },
      })
    ).body.data;
    expect(r2).toMatchObject({ statusType: 0, previewKind: 'none' });
    const url = await call<string>(t, 'GET', Api.ossFile, { token: u.token, query: { IUID: unknown } });
    expect(await (await fetch(`${t.baseUrl}${url.body.data}`)).text()).toBe('abc');
  });

  it('a browse-only share serves the fragments but refuses the original', async () => {
    const iuid = await uploadTestFile(t, u.token, 'ifc/SimpleWall.ifc');
    expect((await waitForStatus(t, u.token, iuid)).statusType).toBe(3);
    const share = await call<ShareCreatedValue>(t, 'POST', Api.share, {
      token: u.token,
      body: [{ MainIUID: iuid, ShareType: 7, Isvisible: '0', pwdSetWay: '2', Pssword: 'wall', Isallow: '2' }],
    });
    const v = await call<{ accessToken: string; preview: PreviewInfoValue }>(t, 'POST', Api.shareVerify, {
      body: { code: share.body.data.shareCode, pwd: 'wall' },
    });
    expect(v.body.data.preview.originalUrl).toBeNull();
    expect((await fetch(`${t.baseUrl}${v.body.data.preview.viewUrl}`)).status).toBe(200);
    // Tampering with the ticket to ask for the original fails its signature.
    const ticket = new URL(v.body.data.preview.viewUrl!, t.baseUrl).searchParams.get('t')!;
    const [h, p, s] = ticket.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, v: 'original', dl: true })).toString('base64url')}.${s}`;
    expect((await fetch(`${t.baseUrl}${Api.signedFile}?t=${forged}`)).status).toBe(403);
  });
});
