/**
 * The product on S3 (issue 15 "Object storage"; STORAGE=s3 against Ceph RGW from scripts/ceph-s3.sh):
 * an IFC model, a DWG drawing and an image uploaded over tus land in the bucket, convert (the
 * converters read local copies and write through the store), preview and download byte-equal, with
 * Range; and the node's own storage folder keeps nothing but empty tus scratch. Skipped (and saying
 * so) without the S3_* variables that scripts/test.sh exports.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Api, type PreviewInfoValue } from '@bimdrive/contracts';
import { call, TESTDATA, testDbKind, uploadTestFile, waitForStatus } from '../test/harness.ts';
import { useTestApp } from '../test/suite-app.ts';
import { filesUnder } from '../test/files-under.ts';
import { TICKET_RECHECK_MS } from '../modules/files/ticket-access.ts';
import { createS3Storage } from './s3-storage.ts';

const endpoint = process.env.S3_ENDPOINT;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe.skipIf(!endpoint)(`the product on S3 (${testDbKind})`, () => {
  const bucket = `bimdrive-app-${Date.now()}`;
  const s3 = {
    endpoint,
    bucket,
    region: process.env.S3_REGION ?? 'us-east-1',
    accessKeyId: process.env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: true,
    prefix: 'install-a/',
  };
  const [t, u] = useTestApp({ config: { s3 }, users: ['测试用户'] });

  it('stores, converts, previews and serves files from the bucket alone', async () => {
    const cases = [
      { rel: 'ifc/AC20-FZK-Haus.ifc', kind: 'fragments' },
      { rel: 'dwg/R14.dwg', kind: 'drawing' },
      {
        rel: 'images/' + (await readdir(path.join(TESTDATA, 'images'))).find((n) => /\.png$/i.test(n))!,
        kind: 'image',
      },
    ];
    for (const c of cases) {
      const original = new Uint8Array(await readFile(path.join(TESTDATA, c.rel)));
      const iuid = await uploadTestFile(t, u.token, c.rel);
      if (c.kind !== 'image') expect((await waitForStatus(t, u.token, iuid)).statusType).toBe(3);
      const info = (
        await call<PreviewInfoValue>(t, 'GET', Api.preview, { token: u.token, query: { IUID: iuid } })
      ).body.data;
      expect(info.previewKind).toBe(c.kind);
      // The converted view (fragments, DXF) or the image is served from the bucket.
      const view = await fetch(new URL(info.viewUrl!, t.baseUrl));
      expect(view.status).toBe(200);
      expect((await view.arrayBuffer()).byteLength).toBeGreaterThan(100);
      // The original, whole and by Range.
      const whole = await fetch(new URL(info.originalUrl!, t.baseUrl));
      expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(original));
      const part = await fetch(new URL(info.originalUrl!, t.baseUrl), { headers: { range: 'bytes=10-109' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(original.subarray(10, 110)))).toBe(
        true,
      );
    }
    // The objects are in the bucket under the prefix; the node's storage folder holds no file bytes.
    const store = createS3Storage(s3);
    const listed = await store.client.send(
      new (await import('@aws-sdk/client-s3')).ListObjectsV2Command({
        Bucket: bucket,
        Prefix: 'install-a/files/',
      }),
    );
    const keys = (listed.Contents ?? []).map((o) => o.Key!);
    expect(keys.filter((k) => k.endsWith('/original'))).toHaveLength(3);
    expect(keys.some((k) => k.endsWith('/derived/model.frag'))).toBe(true);
    expect(keys.some((k) => k.endsWith('/derived/drawing.dxf'))).toBe(true);
    const local = (await filesUnder(t.config.storageDir))
      .map((f) => f.rel)
      .filter((f) => !f.startsWith('tus'));
    expect(local).toEqual([]);
  });
});

describe.skipIf(!endpoint)(
  `downloads straight from the store with S3_PUBLIC_ENDPOINT (${testDbKind})`,
  () => {
    const s3 = {
      endpoint,
      bucket: `bimdrive-direct-${Date.now()}`,
      region: process.env.S3_REGION ?? 'us-east-1',
      accessKeyId: process.env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: true,
      prefix: '',
      publicEndpoint: endpoint,
    };
    const [t, u] = useTestApp({ config: { s3 }, users: ['测试用户'] });

    it('redirects a download to a presigned URL of the store, checked first, and streams the rest', async () => {
      const rel = 'ifc/AC20-FZK-Haus.ifc';
      const original = new Uint8Array(await readFile(path.join(TESTDATA, rel)));
      const iuid = await uploadTestFile(t, u.token, rel);
      expect((await waitForStatus(t, u.token, iuid)).statusType).toBe(3);
      const info = (
        await call<PreviewInfoValue>(t, 'GET', Api.preview, { token: u.token, query: { IUID: iuid } })
      ).body.data;

      // 下载: 302 to the store, signed for a minute, with the name and type it must be saved under.
      const link = new URL(info.originalUrl!, t.baseUrl);
      const answer = await fetch(link, { redirect: 'manual' });
      expect(answer.status).toBe(302);
      const direct = new URL(answer.headers.get('location')!);
      expect(direct.origin).toBe(new URL(endpoint!).origin);
      expect(direct.searchParams.get('X-Amz-Expires')).toBe('60');
      const bytes = await fetch(direct);
      expect(bytes.headers.get('content-disposition')).toContain("filename*=UTF-8''AC20-FZK-Haus.ifc");
      expect(sha256(new Uint8Array(await bytes.arrayBuffer()))).toBe(sha256(original));
      // A resumed download (Range) follows the same way.
      const part = await fetch(link, { headers: { range: 'bytes=10-109' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(original.subarray(10, 110)))).toBe(
        true,
      );

      // What the viewer fetches itself (same origin, no CORS on the store) is still streamed.
      const view = await fetch(new URL(info.viewUrl!, t.baseUrl), { redirect: 'manual' });
      expect(view.status).toBe(200);

      // The ticket's origin is checked before any redirect: once the session ends (and the ticket's
      // few seconds of trust are over), no new store URL.
      expect((await call(t, 'POST', Api.logout, { token: u.token })).body.code).toBe(1);
      await new Promise((r) => setTimeout(r, TICKET_RECHECK_MS + 200));
      const after = await fetch(link, { redirect: 'manual' });
      expect(after.status).toBe(403);
      expect(after.headers.get('location')).toBeNull();
    });
  },
);

if (!endpoint) console.warn('[s3 app] S3_ENDPOINT unset: skipped (scripts/ceph-s3.sh start)');
