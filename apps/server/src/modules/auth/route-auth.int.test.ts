/**
 * Authentication is one deny-by-default hook (issue 15, route-auth.ts): this lists the routes that
 * need no session and fails when one is added unnoticed — a new public route must be added to
 * PUBLIC_API_ROUTES below on purpose — and checks that every other route answers 401 without a
 * session, whatever it is sent.
 */
import { describe, expect, it } from 'vitest';
import { testDbKind } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';

/** Every /api route reachable without a session, and how it is guarded instead. */
const PUBLIC_API_ROUTES = [
  // the API documentation
  'GET /api/docs true',
  'GET /api/docs/json true',
  'GET /api/docs/static/* true',
  'GET /api/docs/static/index.html true',
  'GET /api/docs/static/swagger-initializer.js true',
  'GET /api/docs/yaml true',
  // sign-in page: configuration, field-encryption key, sign-in, registration, codes, chat app
  'GET /api/DingDing/Account/DDLogin true',
  'GET /api/DingDing/ThirdPartyAccount/Login true',
  'GET /api/Home/ClientConfig true',
  'GET /api/Home/GetPublicKey true',
  'POST /api/Home/Register true',
  'POST /api/Home/SendLoginSms true',
  'POST /api/Home/SendRegisterSms true',
  'POST /api/Home/phoneLogin true',
  // company invite links (the invited person may have no account yet)
  'GET /api/WebAccount/InviteInfo true',
  'POST /api/WebAccount/InviteRegister true',
  // the share landing page and its visitors
  'GET /api/Share/Info true',
  'POST /api/Share/Verify true',
  'GET /api/Share/ArchiveEntries share-token',
  'GET /api/Share/Preview share-token',
  // payment notifications: WeChat Pay and Alipay call them, each verified by the provider's signature
  'POST /api/WebOrder/AliPayNotify true',
  'POST /api/WebOrder/WxPayNotify true',
  // the drawing viewer's font
  'GET /api/fonts/cjk.ttf true',
  // signed URLs: file bytes, thumbnails, archive entries, folder zips, avatars, embed and bridge links
  'GET /api/Home/BimIframePreview signed-url',
  'GET /api/Home/BridgeOfficePreview signed-url',
  'GET /api/files/archive-entry signed-url',
  'GET /api/files/signed signed-url',
  'GET /api/files/thumb signed-url',
  'GET /api/home/CompressFileFolder signed-url',
  'GET /api/home/GetUploadPictureFile signed-url',
  'GET /api/home/GetVideoFile signed-url',
  'GET /api/home/GetimgFile signed-url',
  // tus: every request authenticated by the upload service itself
  'DELETE /api/files/uploads self-auth',
  'DELETE /api/files/uploads/* self-auth',
  'GET /api/files/uploads self-auth',
  'GET /api/files/uploads/* self-auth',
  'OPTIONS /api/ProjectFile/FileVersionAdd self-auth',
  'OPTIONS /api/files/uploads self-auth',
  'OPTIONS /api/files/uploads/* self-auth',
  'PATCH /api/files/uploads self-auth',
  'PATCH /api/files/uploads/* self-auth',
  'POST /api/ProjectFile/FileVersionAdd self-auth',
  'POST /api/files/uploads self-auth',
  'POST /api/files/uploads/* self-auth',
].sort();

describe(`deny-by-default authentication (${testDbKind})`, () => {
  const [t] = useTestApp();

  it('lists exactly the public API routes (add a new one here on purpose)', () => {
    const listed = t.built
      .routes()
      .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api') && r.public !== undefined)
      .map((r) => `${r.method} ${r.url} ${String(r.public)}`)
      .sort();
    expect(listed).toEqual(PUBLIC_API_ROUTES);
  });

  it('outside /api only the web app files are routed, all public reads', () => {
    for (const r of t.built.routes().filter((r) => !r.url.startsWith('/api'))) {
      expect(['GET', 'HEAD'], r.url).toContain(r.method);
      expect(r.public, r.url).toBe(true);
    }
  });

  it('every other route answers 401 without a session, and with a forged one', async () => {
    const session = t.built
      .routes()
      .filter((r) => r.url.startsWith('/api') && r.public === undefined && r.method !== 'HEAD');
    expect(session.length).toBeGreaterThan(80);
    for (const r of session) {
      for (const authorization of [undefined, 'Bearer not-a-token', 'Share not-a-token']) {
        const res = await fetch(`${t.baseUrl}${r.url}`, {
          method: r.method,
          headers: {
            'content-type': 'application/json',
            ...(authorization ? { authorization } : {}),
          },
          body: r.method === 'GET' ? undefined : '{}',
        });
        expect({ route: `${r.method} ${r.url}`, authorization, status: res.status }).toEqual({
          route: `${r.method} ${r.url}`,
          authorization,
          status: 401,
        });
        const body = (await res.json()) as { code: number };
        expect([-20, -501]).toContain(body.code);
      }
    }
  });
});
