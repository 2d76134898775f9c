import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Api, type PreviewInfoValue } from '@bimdrive/contracts';
import { call, testDbKind, TESTDATA, uploadBytes } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';

describe(`image and text previews (${testDbKind})`, () => {
  const [t, u] = useTestApp({ users: ['测试用户'] });

  const preview = async (name: string, bytes: Uint8Array) => {
    const id = await uploadBytes(t, u.token, name, bytes);
    const r = await call<PreviewInfoValue>(t, 'GET', Api.preview, { token: u.token, query: { IUID: id } });
    return r.body.data;
  };

  it('shows tif as a WebP rendition', async () => {
    const tif = await sharp(path.join(TESTDATA, 'images/SimpleWall_Screenshot_1.png')).tiff().toBuffer();
    const p = await preview('扫描.tif', tif);
    expect(p.previewKind).toBe('image');
    const res = await fetch(`${t.baseUrl}${p.viewUrl}`);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
  });

  it('rasterises an SVG (its script never reaches the browser) and serves the original with a CSP', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" onload="alert(1)">' +
        '<script>alert(2)</script><rect width="400" height="200" fill="red"/></svg>',
    );
    const p = await preview('图标.svg', svg);
    const res = await fetch(`${t.baseUrl}${p.viewUrl}`);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const img = sharp(Buffer.from(await res.arrayBuffer()));
    const meta = await img.metadata();
    expect(meta.width).toBeGreaterThanOrEqual(2000); // rasterised at ~2048 px, not at 400
    const original = await fetch(`${t.baseUrl}${p.originalUrl}`);
    expect(original.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(original.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('serves a .gpj by what its bytes are', async () => {
    const jpg = await readFile(path.join(TESTDATA, 'images/AdvancedProject_Screenshot_3.jpg'));
    const p = await preview('现场.gpj', jpg);
    expect(p.previewKind).toBe('image');
    const res = await fetch(`${t.baseUrl}${p.viewUrl}`);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const png = await readFile(path.join(TESTDATA, 'images/SimpleWall_Screenshot_1.png'));
    const q = await preview('其实是.gpj', png);
    expect((await fetch(`${t.baseUrl}${q.viewUrl}`)).headers.get('content-type')).toBe('image/png');
  });

  it('previews code and HTML as text, served as text/plain', async () => {
    for (const name of ['index.html', 'main.py', 'config.yaml', 'build.ps1']) {
      const p = await preview(name, new TextEncoder().encode('<script>alert(1)</script>'));
      expect(p.previewKind).toBe('text');
      const res = await fetch(`${t.baseUrl}${p.viewUrl}`);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    }
  });
});
