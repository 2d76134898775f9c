/**
 * S3 transfer benchmark (issue 15 "Object storage and nodes that share nothing": upload of 1 GiB
 * through the product onto RGW against a bare `lib-storage` upload of the same bytes to the same
 * RGW in one run, goal ≥ 0.7; download against bare GetObject, goal ≥ 0.8).
 *
 * The bytes (BENCH_S3_MB, default 1024 MiB) are generated while they stream: one 4 MiB random block
 * repeated, never the whole in memory. Measured, each in turn, BENCH_REPEAT rounds (default 1;
 * the median is printed):
 * - bare upload: `@aws-sdk/lib-storage` `Upload` with its defaults (5 MiB parts, 4 at once);
 * - product upload: the product (`STORAGE=s3`, one server process, PGlite) fed one tus creation and
 *   one PATCH streaming the bytes (a client that costs almost nothing, as a browser on another
 *   machine would); the time includes finishing (the multipart upload completed, the file made);
 *   the product's tus store sends 8 MiB parts, 4 at once (tus-s3-store.ts);
 * - product upload with the web client's 64 MiB PATCH chunks (tus-js-client as the web app sets it);
 * - bare download: GetObject of the bare object, the body read to the end;
 * - product download: GET of the file's original link (what 下载 and the preview use), read to the end,
 *   with `S3_PUBLIC_ENDPOINT` set (the link answers 302 to a presigned URL; BENCH_S3_DIRECT=0: unset,
 *   the node streams the bytes);
 *   and, for reference, a bare GetObject of the object the product stored.
 * Needs the S3_* variables of `scripts/ceph-s3.sh start` (RGW; use OBJECTSTORE=bluestore for this
 * size, memstore keeps everything in RAM). Uses a fresh bucket, emptied and removed afterwards.
 * Run: `set -a; eval "$(OBJECTSTORE=bluestore bash scripts/ceph-s3.sh start)"; set +a; node bench/s3-transfer.ts`.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import {
  DeleteBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload as S3Upload } from '@aws-sdk/lib-storage';
import { Upload as TusUpload } from 'tus-js-client';
import { DEMO, startServer } from '../e2e/lib/server.ts';
import { median } from './lib/paired.ts';
import { signIn } from './lib/product.ts';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_S3_MB ?? 1024) * MB;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 1);
const endpoint = process.env.S3_ENDPOINT;
if (!endpoint || !process.env.S3_ACCESS_KEY_ID || !process.env.S3_SECRET_ACCESS_KEY) {
  console.error(
    'S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed (scripts/ceph-s3.sh start).',
  );
  process.exit(2);
}
const bucket = `bimdrive-bench-${Date.now()}`;
const client = new S3Client({
  endpoint,
  region: process.env.S3_REGION ?? 'us-east-1',
  forcePathStyle: true,
  credentials: {
    accessKeyId: process.env.S3_ACCESS_KEY_ID,
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY,
  },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

const BLOCK = randomBytes(4 * MB);
/** SIZE bytes, generated as they are read (the 4 MiB block repeated). */
function generated(): Readable {
  let sent = 0;
  return new Readable({
    highWaterMark: MB,
    read() {
      if (sent >= SIZE) return void this.push(null);
      const n = Math.min(BLOCK.length, SIZE - sent);
      sent += n;
      this.push(n === BLOCK.length ? BLOCK : BLOCK.subarray(0, n));
    },
  });
}

const mbps = (ms: number) => SIZE / MB / (ms / 1000);
async function timed(f: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await f();
  return mbps(performance.now() - t0);
}

/** Read a stream to its end; @returns the bytes seen. */
async function drain(body: AsyncIterable<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const chunk of body) n += chunk.length;
  return n;
}

async function bareUpload(key: string): Promise<void> {
  await new S3Upload({ client, params: { Bucket: bucket, Key: key, Body: generated() } }).done();
}

async function bareDownload(key: string): Promise<void> {
  const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const n = await drain(res.Body as Readable);
  if (n !== SIZE) throw new Error(`GetObject gave ${n} bytes`);
}

/** tus creation + one PATCH with the generated body. @returns the new file's iuid. */
async function productUpload(url: string, token: string): Promise<string> {
  const created = await fetch(`${url}/api/files/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(SIZE),
      'upload-metadata': `filename ${Buffer.from(`bench-${Date.now()}.bin`).toString('base64')},folderId `,
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus creation: ${created.status}`);
  return new Promise<string>((resolve, reject) => {
    const req = http.request(`${url}${location}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(SIZE),
      },
    });
    req.on('response', (res) => {
      res.resume();
      const iuid = res.headers['x-file-iuid'];
      if (res.statusCode === 204 && typeof iuid === 'string') resolve(iuid);
      else reject(new Error(`PATCH ${res.statusCode}`));
    });
    req.on('error', reject);
    generated().pipe(req);
  });
}

/** The web client's way: tus-js-client with 64 MiB chunks (apps/web tus-uploads.ts). */
async function productUploadChunked(url: string, token: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    new TusUpload(generated(), {
      endpoint: `${url}/api/files/uploads`,
      uploadSize: SIZE,
      chunkSize: 64 * MB,
      headers: { authorization: `Bearer ${token}` },
      metadata: { filename: `bench-js-${Date.now()}.bin`, folderId: '' },
      retryDelays: [],
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });
}

/** The original's link (as 下载 and the preview hand it out). */
async function originalUrl(url: string, token: string, iuid: string): Promise<string> {
  const res = await fetch(`${url}/api/Home/GetPreviewInfo?IUID=${iuid}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const env = (await res.json()) as { code: number; msg: string; data: { originalUrl: string | null } };
  if (env.code !== 1 || !env.data.originalUrl) throw new Error(`preview: ${env.msg}`);
  return new URL(env.data.originalUrl, url).href;
}

/**
 * GET the link with Node's http client (as the SDK reads GetObject: the same client cost on both
 * sides), following the product's 302 to the store as a browser does.
 */
async function productDownload(link: string): Promise<void> {
  const get = (url: string) =>
    new Promise<http.IncomingMessage>((resolve, reject) => http.get(url, resolve).on('error', reject));
  let res = await get(link);
  if (res.statusCode === 302 && res.headers.location) {
    res.resume();
    res = await get(res.headers.location);
  }
  if (res.statusCode !== 200) throw new Error(`download ${res.statusCode}`);
  const n = await drain(res);
  if (n !== SIZE) throw new Error(`download gave ${n} bytes`);
}

async function emptyBucket(): Promise<void> {
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (keys.length)
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

// Downloads as deployed with the store reachable by browsers (302 to a presigned URL);
// BENCH_S3_DIRECT=0 measures them streamed through the API node instead.
const DIRECT = process.env.BENCH_S3_DIRECT !== '0';
const server = await startServer({
  STORAGE: 's3',
  S3_BUCKET: bucket,
  ...(DIRECT ? { S3_PUBLIC_ENDPOINT: endpoint } : {}),
  PERSONAL_QUOTA_BYTES: String(100 * 1024 * MB),
  MAX_UPLOAD_BYTES: String(100 * 1024 * MB),
});
try {
  const token = await signIn(server.url, DEMO.phone, DEMO.password);
  const runs: Record<string, number[]> = {};
  const add = (name: string, v: number) => (runs[name] ??= []).push(v);
  for (let round = 0; round < REPEAT; round++) {
    const bareKey = `bare/${round}.bin`;
    add('bareUp', await timed(() => bareUpload(bareKey)));
    let iuid = '';
    add('productUp', await timed(async () => (iuid = await productUpload(server.url, token))));
    add('productUp64', await timed(() => productUploadChunked(server.url, token)));
    add('bareDown', await timed(() => bareDownload(bareKey)));
    const link = await originalUrl(server.url, token, iuid);
    add('productDown', await timed(() => productDownload(link)));
    // The product's object read bare too: separates the server's relay from how RGW laid the object out.
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'files/' }));
    const productKey = (listed.Contents ?? []).find((o) => o.Key!.endsWith(`/${iuid}/original`))?.Key;
    if (productKey) add('bareDownProduct', await timed(() => bareDownload(productKey)));
    await emptyBucket(); // RGW's space back before the next round
  }
  const m = (name: string) => median(runs[name]!);
  const all = (name: string) => runs[name]!.map((x) => x.toFixed(0)).join(', ');
  const line = (label: string, name: string, ref?: string, goal?: number) =>
    console.log(
      `  ${label.padEnd(50)} ${m(name).toFixed(0).padStart(5)} MB/s` +
        (ref ? `  ratio ${(m(name) / m(ref)).toFixed(2)}${goal ? `  (goal ≥ ${goal})` : ''}` : '') +
        (REPEAT > 1 ? `  [${all(name)}]` : ''),
    );
  console.log(
    `S3 transfer of ${SIZE / MB} MiB on ${endpoint}, ${REPEAT > 1 ? `median of ${REPEAT} rounds` : 'one round'}`,
  );
  line('bare lib-storage Upload (5 MiB parts × 4)', 'bareUp');
  line('product tus upload, one PATCH', 'productUp', 'bareUp', 0.7);
  line('product tus upload, 64 MiB chunks (web)', 'productUp64', 'bareUp');
  line('bare GetObject', 'bareDown');
  line(
    `product download (下载 link, ${DIRECT ? '302 to the store' : 'streamed by the node'})`,
    'productDown',
    'bareDown',
    0.8,
  );
  if (runs.bareDownProduct) line("bare GetObject of the product's object", 'bareDownProduct');
} finally {
  await server.stop();
  await emptyBucket().catch(() => undefined);
  await client.send(new DeleteBucketCommand({ Bucket: bucket })).catch(() => undefined);
  client.destroy();
}
