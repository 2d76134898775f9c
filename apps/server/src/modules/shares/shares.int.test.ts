import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Api, type PreviewInfoValue, type ShareCreatedValue } from '@bimdrive/contracts';
import { call, testDbKind, uploadTestFile } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { shareEntry } from '../../test/share-entry.ts';

type Access = { accessToken: string; preview: PreviewInfoValue };

describe(`share links (${testDbKind})`, () => {
  const [t, u] = useTestApp({
    config: { sharePwd: { perClient: 3, perLink: 5, windowSeconds: 600 } },
    users: ['李工'],
  });
  let imageId: string;
  beforeAll(async () => {
    imageId = await uploadTestFile(t, u.token, 'images/SimpleWall_Screenshot_1.png');
  });

  const share = async (over: Record<string, unknown> = {}, iuid = imageId) =>
    call<ShareCreatedValue>(t, 'POST', Api.share, { token: u.token, body: [shareEntry(iuid, over)] });

  it('checks the limit (within limit for now) and creates a link with a generated code', async () => {
    const check = await call<{ shareCountError: boolean }>(t, 'POST', Api.shareCheck, {
      token: u.token,
      body: [shareEntry(imageId)],
    });
    expect(check.body.data.shareCountError).toBe(false);
    const r = await share();
    expect(r.body.code).toBe(1);
    expect(r.body.data.pwd).toMatch(/^[a-z0-9]{4}$/);
    expect(r.body.data.webUrl).toBe(`${t.baseUrl}/s?code=${r.body.data.shareCode}`);
    expect(r.body.data.expireTime).not.toBeNull();
    const info = await call<{ needPwd: boolean; fileName: string; sharerName: string }>(
      t,
      'GET',
      Api.shareInfo,
      { query: { code: r.body.data.shareCode } },
    );
    expect(info.body.data).toMatchObject({
      needPwd: true,
      fileName: 'SimpleWall_Screenshot_1.png',
      sharerName: '李工',
      access: null, // a coded link opens only with its code
    });
    const mine = await call<Array<{ shareCode: string; pwd: string }>>(t, 'GET', Api.myShareList, {
      token: u.token,
    });
    expect(mine.body.data.find((s) => s.shareCode === r.body.data.shareCode)?.pwd).toBe(r.body.data.pwd);
  });

  it('refuses an empty custom code with 请输入提取码 and accepts a custom one', async () => {
    const empty = await share({ pwdSetWay: '2', Pssword: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('请输入提取码');
    const custom = await share({ pwdSetWay: '2', Pssword: 'ab12' });
    expect(custom.body.data.pwd).toBe('ab12');
  });

  it('public links need no code; long-term links have no expiry', async () => {
    const r = await share({ Isvisible: '1', ShareType: 0 });
    expect(r.body.data.pwd).toBe('');
    expect(r.body.data.expireTime).toBeNull();
    const v = await call<Access>(t, 'POST', Api.shareVerify, {
      body: { code: r.body.data.shareCode, pwd: '' },
    });
    expect(v.body.code).toBe(1);
    // The info of a public link carries its access already: a working visitor token and the preview.
    const info = await call<{ needPwd: boolean; access: Access | null }>(t, 'GET', Api.shareInfo, {
      query: { code: r.body.data.shareCode },
    });
    expect(info.body.data.needPwd).toBe(false);
    const access = info.body.data.access!;
    expect(access.preview.fileName).toBe(v.body.data.preview.fileName);
    const again = await fetch(`${t.baseUrl}${Api.sharePreview}`, {
      headers: { authorization: `Share ${access.accessToken}` },
    });
    expect(((await again.json()) as { data: { iuid: string } }).data.iuid).toBe(access.preview.iuid);
  });

  it('browse-only (Isallow 2) never hands out the original; download-allowed does', async () => {
    const browse = await share({ pwdSetWay: '2', Pssword: 'view' });
    const v = await call<Access>(t, 'POST', Api.shareVerify, {
      body: { code: browse.body.data.shareCode, pwd: 'VIEW' },
    });
    expect(v.body.code).toBe(1);
    expect(v.body.data.preview.canDownload).toBe(false);
    expect(v.body.data.preview.originalUrl).toBeNull();
    const img = await fetch(`${t.baseUrl}${v.body.data.preview.viewUrl}`);
    expect(img.headers.get('content-type')).toBe('image/webp'); // a rendition, not the PNG original
    // The visitor token does not open the owner's calls.
    const oss = await call(t, 'GET', Api.ossFile, {
      auth: `Share ${v.body.data.accessToken}`,
      query: { IUID: imageId },
    });
    expect(oss.status).toBe(401);
    const again = await call<PreviewInfoValue>(t, 'GET', Api.sharePreview, {
      auth: `Share ${v.body.data.accessToken}`,
    });
    expect(again.body.data.originalUrl).toBeNull();

    const dl = await share({ pwdSetWay: '2', Pssword: 'down', Isallow: '1' });
    const v2 = await call<Access>(t, 'POST', Api.shareVerify, {
      body: { code: dl.body.data.shareCode, pwd: 'down' },
    });
    const orig = await fetch(`${t.baseUrl}${v2.body.data.preview.originalUrl}`);
    expect(orig.headers.get('content-type')).toBe('image/png');
    expect(orig.headers.get('content-disposition')).toContain('attachment');
  });

  it('limits wrong codes per link and client, then per link overall (429)', async () => {
    const r = await share({ pwdSetWay: '2', Pssword: 'good' });
    const code = r.body.data.shareCode;
    for (let i = 0; i < 3; i++) {
      const w = await call(t, 'POST', Api.shareVerify, { body: { code, pwd: `bad${i}` } });
      expect(w.status).toBe(403);
      expect(w.body.msg).toBe('提取码错误');
    }
    const locked = await call(t, 'POST', Api.shareVerify, { body: { code, pwd: 'good' } });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toContain('提取码错误次数过多');
    // Another link is unaffected.
    const other = await share({ pwdSetWay: '2', Pssword: 'fine' });
    expect(
      (await call(t, 'POST', Api.shareVerify, { body: { code: other.body.data.shareCode, pwd: 'fine' } }))
        .status,
    ).toBe(200);
    // Per link overall: simulate other clients by spending the link budget directly.
    const third = await share({ pwdSetWay: '2', Pssword: 'okay' });
    await t.built.ctx.sharePwdLimiters.perLink.penalty(third.body.data.shareCode, 5);
    expect(
      (await call(t, 'POST', Api.shareVerify, { body: { code: third.body.data.shareCode, pwd: 'okay' } }))
        .status,
    ).toBe(429);
  });

  it('an expired link and a cancelled link show clear errors', async () => {
    const r = await share({ pwdSetWay: '2', Pssword: 'exp1' });
    const code = r.body.data.shareCode;
    await t.built.ctx.dbHandle.db.execute(
      sql`update shares set expires_at = now() - interval '1 minute' where code = ${code}`,
    );
    const info = await call(t, 'GET', Api.shareInfo, { query: { code } });
    expect(info.status).toBe(410);
    expect(info.body.msg).toBe('分享链接已过期');
    expect((await call(t, 'POST', Api.shareVerify, { body: { code, pwd: 'exp1' } })).status).toBe(410);

    const c = await share({ pwdSetWay: '2', Pssword: 'can1' });
    const v = await call<Access>(t, 'POST', Api.shareVerify, {
      body: { code: c.body.data.shareCode, pwd: 'can1' },
    });
    expect(
      (await call(t, 'POST', Api.shareCancel, { token: u.token, body: { shareCode: c.body.data.shareCode } }))
        .body.code,
    ).toBe(1);
    const gone = await call(t, 'GET', Api.shareInfo, { query: { code: c.body.data.shareCode } });
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe('分享已取消或不存在');
    expect(
      (await call(t, 'GET', Api.sharePreview, { auth: `Share ${v.body.data.accessToken}` })).status,
    ).toBe(404);
  });

  it('refuses a custom date in the past', async () => {
    const r = await share({ ShareType: -1, EffectiveDate: '2020-01-01' });
    expect(r.status).toBe(400);
  });
});
