/**
 * tus 1.0.0 conformance over HTTP against the real app (issue 15 "tus conformance"): every MUST of
 * the core protocol and of the extensions the server advertises (creation, creation-with-upload,
 * expiration, checksum, termination), one rule per test, each with the assertion that fails when the
 * rule is broken. Rules are quoted from the protocol text (tus.io/protocols/resumable-upload, 1.0.0).
 * Also the product's own promises around them: a finished upload still answers HEAD (offset = length)
 * and DELETE (which leaves the file alone) until it expires.
 * Runs on both stores of uploads in progress: local disk, and S3 (Ceph RGW, tus-s3-store.ts) when the
 * S3_* variables of scripts/ceph-s3.sh are set (scripts/test.sh sets them; without them the S3 run is
 * skipped, saying so).
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api, type FileRowValue, type ListDataValue } from '@bimdrive/contracts';
import { Upload as TusUpload, type HttpResponse } from 'tus-js-client';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { call, signUp, startTestApp, testDbKind, type TestApp, type TestUser } from '../../test/harness.ts';
import { createS3Storage } from '../../storage/s3-storage.ts';
import type { AppConfig } from '../../config.ts';

const MAX_SIZE = 1_000_000;
/** RFC 7231 IMF-fixdate, e.g. `Wed, 25 Jun 2014 16:00:00 GMT`. */
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

const b64 = (s: string) => Buffer.from(s).toString('base64');
const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill);
const sha1 = (b: Uint8Array) => createHash('sha1').update(b).digest('base64');

const endpoint = process.env.S3_ENDPOINT;
if (!endpoint)
  console.warn('[tus conformance] S3_ENDPOINT unset: the S3 run is skipped (scripts/ceph-s3.sh start)');
/** A fresh bucket on the RGW of the S3_* variables. */
const s3Options = (): NonNullable<AppConfig['s3']> => ({
  endpoint,
  bucket: `bimdrive-tus-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
  region: process.env.S3_REGION ?? 'us-east-1',
  accessKeyId: process.env.S3_ACCESS_KEY_ID ?? '',
  secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? '',
  forcePathStyle: true,
  prefix: 'conformance/',
});

describe.each([
  { store: 'local disk', s3: false },
  { store: 'S3', s3: true },
])(`tus 1.0.0 conformance ($store, ${testDbKind})`, ({ s3 }) => {
  let t: TestApp;
  let u: TestUser;
  const s3Config = s3 && endpoint ? s3Options() : null;
  beforeAll(async () => {
    if (s3 && !s3Config) return;
    t = await startTestApp({ maxUploadBytes: MAX_SIZE, ...(s3Config ? { s3: s3Config } : {}) });
    u = await signUp(t, 'tus 一致性');
  });
  beforeEach((test) => {
    if (s3 && !s3Config) test.skip();
  });
  afterAll(async () => t?.close());

  /** Rewrite the stored creation date of upload `id` (its expiry follows from it), in whichever store. */
  async function ageUpload(id: string, creationDate: string): Promise<void> {
    if (s3Config) {
      const store = createS3Storage(s3Config);
      const Key = store.objectKey(`tus/${id}.info`);
      const res = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key }));
      const record = JSON.parse(await res.Body!.transformToString()) as { creation_date: string };
      record.creation_date = creationDate;
      await store.client.send(
        new PutObjectCommand({ Bucket: store.bucket, Key, Body: JSON.stringify(record) }),
      );
      return;
    }
    const info = path.join(t.config.storageDir, 'tus', `${id}.json`);
    const record = JSON.parse(await readFile(info, 'utf8')) as { creation_date: string };
    record.creation_date = creationDate;
    await writeFile(info, JSON.stringify(record));
  }

  /** A tus request with the session and `Tus-Resumable: 1.0.0` unless overridden. */
  function tus(
    method: string,
    url: string,
    headers: Record<string, string> = {},
    body?: Uint8Array,
  ): Promise<Response> {
    return fetch(new URL(url, t.baseUrl), {
      method,
      headers: { authorization: `Bearer ${u.token}`, 'tus-resumable': '1.0.0', ...headers },
      body: body as Uint8Array<ArrayBuffer> | undefined,
    });
  }
  const metadataOf = (name: string) => `filename ${b64(name)},folderId `;
  /** Create an upload of `size` bytes; answers its URL (relative, as Location says). */
  async function create(size: number, name = 'c.bin', headers: Record<string, string> = {}): Promise<string> {
    const res = await tus('POST', Api.tus, {
      'upload-length': String(size),
      'upload-metadata': metadataOf(name),
      ...headers,
    });
    expect(res.status).toBe(201);
    return res.headers.get('location')!;
  }
  const patch = (url: string, offset: number, body: Uint8Array, headers: Record<string, string> = {}) =>
    tus(
      'PATCH',
      url,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...headers },
      body,
    );
  const head = (url: string) => tus('HEAD', url);
  const offsetOf = async (url: string) => (await head(url)).headers.get('upload-offset');
  const options = () => fetch(`${t.baseUrl}${Api.tus}`, { method: 'OPTIONS' });

  describe('core protocol', () => {
    it('OPTIONS: a successful response MUST contain the Tus-Version header', async () => {
      const res = await options();
      expect([200, 204]).toContain(res.status);
      expect(res.headers.get('tus-version')?.split(',')).toContain('1.0.0');
    });

    it('OPTIONS: the Server MUST ignore the Tus-Resumable header', async () => {
      const res = await fetch(`${t.baseUrl}${Api.tus}`, {
        method: 'OPTIONS',
        headers: { 'tus-resumable': '0.0.1' },
      });
      expect([200, 204]).toContain(res.status);
    });

    it('Tus-Max-Size MUST be a non-negative integer (the largest upload)', async () => {
      expect((await options()).headers.get('tus-max-size')).toBe(String(MAX_SIZE));
    });

    it('Tus-Extension MUST list the supported extensions', async () => {
      const ext = (await options()).headers.get('tus-extension')?.split(',') ?? [];
      expect(ext.sort()).toEqual([
        'checksum',
        'creation',
        'creation-with-upload',
        'expiration',
        'termination',
      ]);
    });

    it('Tus-Resumable MUST be included in every response except OPTIONS: POST', async () => {
      const res = await tus('POST', Api.tus, {
        'upload-length': '3',
        'upload-metadata': metadataOf('r.bin'),
      });
      expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    });

    it('Tus-Resumable MUST be included in every response: HEAD, PATCH and DELETE', async () => {
      const url = await create(4);
      const seen = [
        (await head(url)).headers.get('tus-resumable'),
        (await patch(url, 0, bytes(2))).headers.get('tus-resumable'),
        (await tus('DELETE', url)).headers.get('tus-resumable'),
      ];
      expect(seen).toEqual(['1.0.0', '1.0.0', '1.0.0']);
    });

    it('an unsupported Tus-Resumable MUST be answered 412 with Tus-Version', async () => {
      const res = await tus('POST', Api.tus, { 'tus-resumable': '0.2.2', 'upload-length': '3' });
      expect([res.status, res.headers.get('tus-version')]).toEqual([412, '1.0.0']);
    });

    it('with an unsupported Tus-Resumable the Server MUST NOT process the request', async () => {
      const url = await create(4);
      const res = await patch(url, 0, bytes(4), { 'tus-resumable': '0.2.2' });
      expect(res.status).toBe(412);
      expect(await offsetOf(url)).toBe('0');
    });

    it('X-HTTP-Method-Override MUST be interpreted as the request method', async () => {
      const url = await create(3);
      const res = await tus(
        'POST',
        url,
        {
          'x-http-method-override': 'PATCH',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        bytes(2),
      );
      expect([res.status, res.headers.get('upload-offset')]).toEqual([204, '2']);
    });

    it('HEAD: the Server MUST always include Upload-Offset, even if the offset is 0', async () => {
      expect(await offsetOf(await create(5))).toBe('0');
    });

    it('HEAD: if the size of the upload is known, the Server MUST include Upload-Length', async () => {
      expect((await head(await create(5))).headers.get('upload-length')).toBe('5');
    });

    it('HEAD: the Server MUST prevent caching with Cache-Control: no-store', async () => {
      expect((await head(await create(5))).headers.get('cache-control')).toBe('no-store');
    });

    it('HEAD of an unknown upload: 404, 410 or 403 without Upload-Offset', async () => {
      const res = await head(`${Api.tus}/00000000-0000-4000-8000-000000000000`);
      expect([404, 410, 403]).toContain(res.status);
      expect(res.headers.get('upload-offset')).toBeNull();
    });

    it('PATCH without Content-Type: application/offset+octet-stream: 415, nothing stored', async () => {
      const url = await create(4);
      const res = await tus(
        'PATCH',
        url,
        { 'upload-offset': '0', 'content-type': 'application/octet-stream' },
        bytes(4),
      );
      expect(res.status).toBe(415);
      expect(await offsetOf(url)).toBe('0');
    });

    it('PATCH whose Upload-Offset differs MUST be answered 409 without modifying the upload', async () => {
      const url = await create(6);
      await patch(url, 0, bytes(2));
      const res = await patch(url, 1, bytes(2));
      expect(res.status).toBe(409);
      expect(await offsetOf(url)).toBe('2');
    });

    it('PATCH MUST be acknowledged with 204 and the new Upload-Offset (offset + bytes stored)', async () => {
      const url = await create(10);
      await patch(url, 0, bytes(3));
      const res = await patch(url, 3, bytes(4));
      expect([res.status, res.headers.get('upload-offset')]).toEqual([204, '7']);
    });

    it('PATCH of a non-existent upload: 404', async () => {
      expect((await patch(`${Api.tus}/00000000-0000-4000-8000-000000000000`, 0, bytes(1))).status).toBe(404);
    });
  });

  describe('creation', () => {
    it('POST MUST be acknowledged with 201 Created and a Location', async () => {
      const res = await tus('POST', Api.tus, {
        'upload-length': '8',
        'upload-metadata': metadataOf('a.bin'),
      });
      expect([res.status, res.headers.get('location')?.startsWith(`${Api.tus}/`)]).toEqual([201, true]);
    });

    it('the Location is the new upload: HEAD on it answers offset 0', async () => {
      expect(await offsetOf(await create(8))).toBe('0');
    });

    it('HEAD MUST answer Upload-Metadata as specified by the Client during the creation', async () => {
      const sent = `filename ${b64('模型 1.ifc')},folderId ,is_confidential,note ${b64('a,b c')}`;
      const url = await create(8, '', { 'upload-metadata': sent });
      expect((await head(url)).headers.get('upload-metadata')).toBe(sent);
    });

    it('an Upload-Length over Tus-Max-Size MUST be answered 413', async () => {
      const res = await tus('POST', Api.tus, {
        'upload-length': String(MAX_SIZE + 1),
        'upload-metadata': metadataOf('big.bin'),
      });
      expect(res.status).toBe(413);
    });

    it('POST MUST include Upload-Length (or Upload-Defer-Length): without, 400', async () => {
      expect((await tus('POST', Api.tus, { 'upload-metadata': metadataOf('n.bin') })).status).toBe(400);
    });

    it('Upload-Length MUST be a non-negative integer: another value is refused with 400', async () => {
      const res = await tus('POST', Api.tus, {
        'upload-length': '-1',
        'upload-metadata': metadataOf('neg.bin'),
      });
      expect(res.status).toBe(400);
    });

    it('Upload-Metadata MUST be key-value pairs with Base64 values and unique keys: otherwise 400', async () => {
      const res = await tus('POST', Api.tus, {
        'upload-length': '3',
        'upload-metadata': `filename ${b64('a.bin')},filename ${b64('b.bin')}`,
      });
      expect(res.status).toBe(400);
    });

    it('a deferred length is refused, as creation-defer-length is not advertised', async () => {
      const res = await tus('POST', Api.tus, {
        'upload-defer-length': '1',
        'upload-metadata': metadataOf('d.bin'),
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
    });

    it('an empty upload (Upload-Length: 0) is created: 201 with Location, and the file exists', async () => {
      const res = await tus('POST', Api.tus, {
        'upload-length': '0',
        'upload-metadata': metadataOf('empty.txt'),
      });
      expect([res.status, Boolean(res.headers.get('location'))]).toEqual([201, true]);
      const info = await call<FileRowValue>(t, 'GET', Api.fileInfo, {
        token: u.token,
        query: { IUID: res.headers.get('x-file-iuid') ?? '' },
      });
      expect(info.body.code).toBe(1);
    });
  });

  describe('creation-with-upload', () => {
    it('a POST with the whole body: 201, Location, and Upload-Offset after the accepted bytes', async () => {
      const body = bytes(20, 3);
      const res = await tus(
        'POST',
        Api.tus,
        {
          'upload-length': '20',
          'upload-metadata': metadataOf('whole.bin'),
          'content-type': 'application/offset+octet-stream',
        },
        body,
      );
      expect([res.status, Boolean(res.headers.get('location')), res.headers.get('upload-offset')]).toEqual([
        201,
        true,
        '20',
      ]);
    });

    it('a POST with part of the body: the upload continues from the Upload-Offset it answered', async () => {
      const res = await tus(
        'POST',
        Api.tus,
        {
          'upload-length': '10',
          'upload-metadata': metadataOf('part.bin'),
          'content-type': 'application/offset+octet-stream',
        },
        bytes(4),
      );
      expect(res.headers.get('upload-offset')).toBe('4');
      const done = await patch(res.headers.get('location')!, 4, bytes(6));
      expect([done.status, done.headers.get('upload-offset')]).toEqual([204, '10']);
    });
  });

  describe('expiration', () => {
    it('Upload-Expires MUST be included in the response to the initial POST', async () => {
      const res = await tus('POST', Api.tus, {
        'upload-length': '9',
        'upload-metadata': metadataOf('e.bin'),
      });
      expect(res.headers.get('upload-expires')).toMatch(IMF_FIXDATE);
    });

    it('Upload-Expires MUST be included in every PATCH response (RFC 7231 date)', async () => {
      const url = await create(9);
      const res = await patch(url, 0, bytes(3));
      expect(res.headers.get('upload-expires')).toMatch(IMF_FIXDATE);
    });

    it('an expired upload answers 404 or 410 and cannot be resumed', async () => {
      const url = await create(9);
      await patch(url, 0, bytes(3));
      // Age the upload by two days in the store (its creation date decides its expiry).
      await ageUpload(url.split('/').pop()!, new Date(Date.now() - 48 * 3600 * 1000).toISOString());
      expect([404, 410]).toContain((await patch(url, 3, bytes(3))).status);
    });
  });

  describe('checksum', () => {
    it('Tus-Checksum-Algorithm MUST be included in the OPTIONS response, with sha1', async () => {
      expect((await options()).headers.get('tus-checksum-algorithm')?.split(',')).toContain('sha1');
    });

    it('a PATCH whose sha1 matches is stored: 204', async () => {
      const url = await create(8);
      const chunk = bytes(8, 9);
      const res = await patch(url, 0, chunk, { 'upload-checksum': `sha1 ${sha1(chunk)}` });
      expect([res.status, res.headers.get('upload-offset')]).toEqual([204, '8']);
    });

    it('a checksum mismatch MUST be answered 460 and the chunk discarded (offset unchanged)', async () => {
      const url = await create(8);
      const res = await patch(url, 0, bytes(8, 1), { 'upload-checksum': `sha1 ${sha1(bytes(8, 2))}` });
      expect(res.status).toBe(460);
      expect(await offsetOf(url)).toBe('0');
    });

    it('an unsupported checksum algorithm: 400 and the chunk discarded', async () => {
      const url = await create(8);
      const res = await patch(url, 0, bytes(8), { 'upload-checksum': `crc99 ${b64('x')}` });
      expect(res.status).toBe(400);
      expect(await offsetOf(url)).toBe('0');
    });
  });

  describe('termination', () => {
    it('DELETE of an upload MUST be answered 204', async () => {
      const url = await create(8);
      await patch(url, 0, bytes(2));
      expect((await tus('DELETE', url)).status).toBe(204);
    });

    it('after termination the upload answers 404 or 410', async () => {
      const url = await create(8);
      await tus('DELETE', url);
      expect([404, 410]).toContain((await head(url)).status);
    });
  });

  describe('finished uploads (until they expire)', () => {
    const fileCount = async () =>
      (await call<ListDataValue>(t, 'GET', Api.myDocumentList, { token: u.token, query: { rows: '500' } }))
        .body.data.count;
    async function finished(): Promise<{ url: string; iuid: string }> {
      const url = await create(6, 'done.txt');
      const res = await patch(url, 0, bytes(6, 65));
      expect(res.status).toBe(204);
      return { url, iuid: res.headers.get('x-file-iuid')! };
    }

    it('HEAD of a finished upload answers 200 with Upload-Offset = Upload-Length', async () => {
      const { url } = await finished();
      const res = await head(url);
      expect([res.status, res.headers.get('upload-offset'), res.headers.get('upload-length')]).toEqual([
        200,
        '6',
        '6',
      ]);
    });

    it('HEAD of a finished upload names its file, as the completing PATCH did', async () => {
      const { url, iuid } = await finished();
      expect((await head(url)).headers.get('x-file-iuid')).toBe(iuid);
    });

    it('tus-js-client (the web client) resuming a finished upload reports success and uploads nothing again', async () => {
      const { url, iuid } = await finished();
      const before = await fileCount();
      const lastResponse = await new Promise<HttpResponse>((resolve, reject) => {
        new TusUpload(Buffer.from(bytes(6, 65)), {
          endpoint: `${t.baseUrl}${Api.tus}`,
          uploadUrl: new URL(url, t.baseUrl).href,
          headers: { authorization: `Bearer ${u.token}` },
          metadata: { filename: 'done.txt', folderId: '' },
          onSuccess: (p) => resolve(p.lastResponse),
          onError: reject,
        }).start();
      });
      expect(lastResponse.getHeader('x-file-iuid')).toBe(iuid);
      expect(await fileCount()).toBe(before);
    });

    it('tus-js-client uploads with data in the creation request, and an empty file', async () => {
      const upload = (data: Buffer, name: string) =>
        new Promise<HttpResponse>((resolve, reject) => {
          new TusUpload(data, {
            endpoint: `${t.baseUrl}${Api.tus}`,
            headers: { authorization: `Bearer ${u.token}` },
            metadata: { filename: name, folderId: '' },
            uploadDataDuringCreation: true,
            onSuccess: (p) => resolve(p.lastResponse),
            onError: reject,
          }).start();
        });
      const whole = await upload(Buffer.from(bytes(50, 66)), 'cwu.txt');
      const empty = await upload(Buffer.alloc(0), 'empty-js.txt');
      expect([Boolean(whole.getHeader('x-file-iuid')), Boolean(empty.getHeader('x-file-iuid'))]).toEqual([
        true,
        true,
      ]);
    });

    it('DELETE of a finished upload answers 204 and leaves the file alone', async () => {
      const { url, iuid } = await finished();
      expect((await tus('DELETE', url)).status).toBe(204);
      const info = await call<FileRowValue>(t, 'GET', Api.fileInfo, {
        token: u.token,
        query: { IUID: iuid },
      });
      expect(info.body.code).toBe(1);
    });
  });
});
