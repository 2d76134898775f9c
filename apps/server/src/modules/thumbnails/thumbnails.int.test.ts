/**
 * Thumbnails through the real pipeline (issue 14): a PNG, an SVG and a PDF get theirs when the upload
 * completes, a docx once LibreOffice made its PDF rendition, an MP4 from the poster ffmpeg took, an
 * IFC, a GLB and a DWG from a snapshot drawn in headless Chromium once converted; each
 * `thumbUrl` serves a WebP at most 320 px on the long side. An unreadable image gets none and keeps its
 * status; another user reaches none of it by id; a forged token is refused; signing out or deleting
 * the file ends it.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Api, type FileRowValue, type ListDataValue } from '@bimdrive/contracts';
import { call, signUp, testDbKind, uploadBytes, uploadTestFile } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { TICKET_RECHECK_MS } from '../files/ticket-access.ts';

describe(`thumbnails (${testDbKind})`, () => {
  const [t, u, other] = useTestApp({ users: ['测试用户', '别人'] });

  const info = async (iuid: string, token = u.token) =>
    call<FileRowValue>(t, 'GET', Api.fileInfo, { token, query: { IUID: iuid } });

  /** Poll the file's row until it carries a thumbnail URL. */
  async function waitForThumb(iuid: string, timeoutMs = 110_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const r = await info(iuid);
      if (r.body.data?.thumbUrl) return r.body.data.thumbUrl;
      if (Date.now() > until) throw new Error(`no thumbnail for ${iuid}: ${JSON.stringify(r.body)}`);
      await new Promise((res) => setTimeout(res, 300));
    }
  }

  /** Fetch a thumbnail and answer its decoded size. */
  async function fetchThumb(url: string) {
    const res = await fetch(`${t.baseUrl}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    return { width: meta.width ?? 0, height: meta.height ?? 0 };
  }

  it('makes a 320 px WebP of an image, an SVG, a PDF, a docx and an MP4', async () => {
    // Queued first, so it has been tried by the time the others are done (one job at a time).
    const broken = await uploadBytes(t, u.token, '坏图.png', new TextEncoder().encode('not a picture'));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="red"/><script>alert(1)</script></svg>`;
    const cases = [
      { rel: 'images/SimpleWall_Screenshot_1.png' },
      { rel: 'office/A-101_Floor_Plans.pdf' },
      { rel: 'office/BIM_Execution_Plan.docx' },
      { rel: 'video/site_walkthrough.mp4' },
    ];
    const ids: string[] = [];
    for (const c of cases) ids.push(await uploadTestFile(t, u.token, c.rel));
    ids.push(await uploadBytes(t, u.token, '图标.svg', new TextEncoder().encode(svg)));
    for (const id of ids) {
      const { width, height } = await fetchThumb(await waitForThumb(id));
      expect(Math.max(width, height), id).toBe(320);
      expect(Math.min(width, height), id).toBeGreaterThan(0);
    }
    // The listing carries the same URLs (signed alike within the hour), folders and others none.
    const list = await call<ListDataValue>(t, 'GET', Api.myDocumentList, {
      token: u.token,
      query: { page: '1', rows: '50' },
    });
    const rows = new Map(list.body.data.list.map((r) => [r.iuid, r]));
    for (const id of ids) expect(rows.get(id)?.thumbUrl).toMatch(/^\/api\/files\/thumb\?t=/);
    const bad = await info(broken);
    expect(bad.body.data.thumbUrl).toBeNull();
    expect(bad.body.data.statusType).toBe(0);
    expect(bad.body.data.statusMsg).toBe('');
  });

  it('draws an IFC model, a GLB and a DWG drawing from the viewer opening view', async () => {
    const ids: string[] = [];
    for (const rel of ['ifc/SimpleWall.ifc', 'gltf/BoxTextured.glb', 'dwg/sample_AC1018.dwg'])
      ids.push(await uploadTestFile(t, u.token, rel));
    for (const id of ids) {
      const res = await fetch(`${t.baseUrl}${await waitForThumb(id)}`);
      const { data, info: size } = await sharp(Buffer.from(await res.arrayBuffer()))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([size.width, size.height], id).toEqual([320, 240]);
      // Something is drawn: a fair share of pixels differ from the background in the corner.
      const [r, g, b] = [data[0]!, data[1]!, data[2]!];
      let drawn = 0;
      for (let i = 0; i < data.length; i += 3)
        if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) > 40) drawn++;
      expect(drawn / (data.length / 3), id).toBeGreaterThan(0.01);
    }
  });

  it('gives another user nothing, refuses forged tokens, and ends with the file', async () => {
    const id = await uploadTestFile(t, u.token, 'images/SimpleWall_Screenshot_1.png');
    const url = await waitForThumb(id);
    expect((await info(id, other.token)).status).toBe(404);
    const theirs = await call<ListDataValue>(t, 'GET', Api.myDocumentList, {
      token: other.token,
      query: { page: '1', rows: '50' },
    });
    expect(theirs.body.data.list.some((r) => r.thumbUrl)).toBe(false);
    const forged = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await fetch(`${t.baseUrl}${forged}`)).status).toBe(403);
    expect((await fetch(`${t.baseUrl}${Api.fileThumb}?t=garbage`)).status).toBe(403);
    const del = await call(t, 'POST', Api.delete, { token: u.token, body: { IUID: id } });
    expect(del.body.code).toBe(1);
    expect((await fetch(`${t.baseUrl}${url}`)).status).toBe(404);
  });

  it('stops serving the URLs of a session once it signs out (issue 15 revocation)', async () => {
    const leaver = await signUp(t, '退出的人');
    const id = await uploadTestFile(t, leaver.token, 'images/SimpleWall_Screenshot_1.png');
    const until = Date.now() + 110_000;
    let url: string | null = null;
    while (!url && Date.now() < until) {
      url = (await info(id, leaver.token)).body.data?.thumbUrl ?? null;
      if (!url) await new Promise((r) => setTimeout(r, 300));
    }
    expect(url).toMatch(/^\/api\/files\/thumb\?t=/);
    expect((await fetch(`${t.baseUrl}${url}`)).status).toBe(200);
    expect((await call(t, 'POST', Api.logout, { token: leaver.token })).body.code).toBe(1);
    await new Promise((r) => setTimeout(r, TICKET_RECHECK_MS + 200));
    const after = await fetch(`${t.baseUrl}${url}`);
    expect(after.status).toBe(403);
    expect(((await after.json()) as { msg: string }).msg).toBe('链接已失效，请刷新后重试');
  });
});
