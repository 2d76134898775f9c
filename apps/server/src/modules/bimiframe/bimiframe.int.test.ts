/**
 * The embeddable viewer (issue 13; 000 §2 /bimiframe): a signed, expiring frame link to a model or a
 * drawing opens its preview without a session, browse only, with the allowed origins; a forged or
 * foreign token opens nothing, another user cannot make a link to the file, an office file gets
 * none, a deleted file is gone; only /bimiframe may be framed by the allowed site.
 */
import { describe, expect, it } from 'vitest';
import { Api, type BimIframeDataValue, type BimIframeLinkValue } from '@bimdrive/contracts';
import { call, testDbKind, uploadTestFile, waitForStatus } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';

const ALLOWED = 'https://oa.example.com';

describe(`/bimiframe links (${testDbKind})`, () => {
  const [t, u, other] = useTestApp({ config: { bimIframeOrigins: [ALLOWED] }, users: ['测试用户', '别人'] });

  const link = (token: string, IUID: string, extra: object = {}) =>
    call<BimIframeLinkValue>(t, 'POST', Api.bimIframeLink, { token, body: { IUID, hours: 1, ...extra } });
  const open = (src: string) => call<BimIframeDataValue>(t, 'GET', Api.bimIframePreview, { query: { src } });

  it('opens a model and a drawing without a session, browse only', async () => {
    const model = await uploadTestFile(t, u.token, 'ifc/SimpleWall.ifc');
    const drawing = await uploadTestFile(t, u.token, 'dxf/polylines.dxf');
    await waitForStatus(t, u.token, model);
    await waitForStatus(t, u.token, drawing);
    for (const [iuid, type, kind] of [
      [model, 'model', 'fragments'],
      [drawing, 'drawing', 'drawing'],
    ] as const) {
      const made = await link(u.token, iuid, { viewMode: 'simple' });
      expect(made.body.code).toBe(1);
      const url = new URL(made.body.data.url);
      expect(url.pathname).toBe('/bimiframe');
      expect(url.searchParams.get('type')).toBe(type);
      expect(url.searchParams.get('viewMode')).toBe('simple');
      const src = url.searchParams.get('src')!;
      const data = (await open(src)).body.data;
      expect(data.preview.previewKind).toBe(kind);
      expect(data.preview.originalUrl).toBeNull();
      expect(data.preview.canDownload).toBe(false);
      expect(data.allowedOrigins).toEqual([ALLOWED]);
      const bytes = await fetch(`${t.baseUrl}${data.preview.viewUrl}`);
      expect(bytes.status).toBe(200);
      expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(100);
      // The frame token is no file ticket, and a forged one opens nothing.
      expect((await fetch(`${t.baseUrl}${Api.signedFile}?t=${encodeURIComponent(src)}`)).status).toBe(404);
      expect((await open(`${src}x`)).status).toBe(403);
    }
  });

  it('refuses other users, other kinds, other tokens and deleted files', async () => {
    const model = await uploadTestFile(t, u.token, 'gltf/BoxTextured.glb');
    await waitForStatus(t, u.token, model);
    expect((await link(other.token, model)).status).toBe(404);
    const doc = await uploadTestFile(t, u.token, 'office/BIM_Execution_Plan.docx');
    expect((await link(u.token, doc)).status).toBe(400);
    // A /bridgeOffice token does not open the frame.
    await waitForStatus(t, u.token, doc);
    const bridge = await call<{ url: string }>(t, 'POST', Api.bridgeOfficeLink, {
      token: u.token,
      body: { IUID: doc, hours: 1 },
    });
    expect((await open(new URL(bridge.body.data.url).searchParams.get('t')!)).status).toBe(403);
    const src = new URL((await link(u.token, model)).body.data.url).searchParams.get('src')!;
    expect((await open(src)).status).toBe(200);
    expect((await call(t, 'POST', Api.delete, { token: u.token, body: { IUID: model } })).body.code).toBe(1);
    expect((await open(src)).status).toBe(404);
  });

  it('lets only the allowed site frame /bimiframe', async () => {
    const frame = await fetch(`${t.baseUrl}/bimiframe?type=model&src=x`);
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${ALLOWED}`);
    expect(frame.headers.get('x-frame-options')).toBeNull();
    const page = await fetch(`${t.baseUrl}/myDocument`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self';");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
