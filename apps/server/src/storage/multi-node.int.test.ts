/**
 * Nodes that share nothing but services (issue 15 "Object storage and nodes that share nothing"):
 * two API processes (`--role=api`) and one worker (`--role=worker`), each `node apps/server/src/main.ts`
 * with its OWN empty DATA_DIR, sharing only PostgreSQL (a fresh database), Redis (socket.io adapter,
 * tus locker, limits) and Ceph RGW (a fresh bucket; STORAGE=s3). With a real IFC
 * (fzk-haus-x20, 54 MB, so the upload spans S3 multipart parts and an incomplete part):
 * - the upload begun on node A (first half) is continued on node B: HEAD on B answers A's offset,
 *   and B's PATCH finishes it (the multipart upload A started is completed by B);
 * - the worker converts it; a client connected to node B's hub sees the status events
 *   (排队中/转换中 → 转换完成) that the worker and node A emitted, through the Redis adapter;
 * - a share link with an extraction code made on A is opened and verified on B;
 * - the original downloads byte-equal from both nodes (owner's link and the share's);
 * - afterwards no node's DATA_DIR holds any of the file's bytes (only logs and keys are allowed).
 * Skipped, saying which is missing, without PostgreSQL (127.0.0.1:5432 or TEST_PG_URL), Redis
 * (127.0.0.1:6379 or TEST_REDIS_URL) or the S3_* variables of scripts/ceph-s3.sh.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  HubEvents,
  StatusType,
  type FileStatusEventValue,
  type PreviewInfoValue,
  type ShareCreatedValue,
} from '@bimdrive/contracts';
import {
  call,
  connectHub,
  freshPostgres,
  signUp,
  TESTDATA,
  tusCreate,
  tusPatch,
  waitForStatus,
  type Reachable,
  type TestUser,
} from '../test/harness.ts';
import { filesUnder } from '../test/files-under.ts';
import { freePort } from '../test/free-port.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { shareEntry } from '../test/share-entry.ts';
import { postgresUp, redisUp, TEST_PG_URL } from '../test/service-probes.ts';
import { createS3Storage } from './s3-storage.ts';

const MODEL = 'ifc-large/fzk-haus-x20.ifc.gz';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const endpoint = process.env.S3_ENDPOINT;

async function s3Up(): Promise<boolean> {
  if (!endpoint) return false;
  return fetch(endpoint, { signal: AbortSignal.timeout(3000) }).then(
    () => true,
    () => false,
  );
}
// The nodes always use PostgreSQL: run once, in the PostgreSQL phase of scripts/test.sh (TEST_DB=postgres).
const postgresPhase = process.env.TEST_DB === 'postgres';
const missing = !postgresPhase
  ? ['the PostgreSQL phase (TEST_DB=postgres)']
  : [
      ...((await postgresUp()) ? [] : [`PostgreSQL (${TEST_PG_URL})`]),
      ...((await redisUp(REDIS_URL)) ? [] : [`Redis (${REDIS_URL})`]),
      ...((await s3Up()) ? [] : [`S3 (S3_ENDPOINT=${endpoint ?? 'unset'}; scripts/ceph-s3.sh start)`]),
    ];
if (missing.length) console.warn(`[multi-node] skipped: ${missing.join(', ')} not available`);

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe.skipIf(missing.length > 0)(
  'nodes that share nothing: 2 API nodes + 1 worker on PostgreSQL, Redis, RGW',
  () => {
    const nodes: ServerProcess[] = [];
    const cleanups: (() => Promise<void>)[] = [];
    const dataDirs: string[] = [];
    const bucket = `bimdrive-multi-${Date.now()}`;
    let a: Reachable;
    let b: Reachable;
    let env: Record<string, string>;

    /** Start `main.ts` in `role` with its own empty DATA_DIR; resolves once it says it runs. */
    async function startNode(role: 'api' | 'worker', name: string): Promise<Reachable> {
      const dataDir = await mkdtemp(path.join(tmpdir(), `bimdrive-node-${name}-`));
      dataDirs.push(dataDir);
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const port = role === 'api' ? await freePort() : 0;
      await startServerProcess(role, { ...env, DATA_DIR: dataDir, PORT: String(port) }, nodes, {
        name,
        timeoutMs: 120_000,
      });
      return { baseUrl: `http://127.0.0.1:${port}` };
    }

    beforeAll(async () => {
      const db = await freshPostgres();
      cleanups.push(db.drop);
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      // What every node of one installation shares (besides SERVER_TEST_ENV): database, Redis, bucket and secrets.
      env = {
        DATABASE_URL: db.url,
        REDIS_URL,
        STORAGE: 's3',
        S3_ENDPOINT: endpoint!,
        S3_BUCKET: bucket,
        S3_REGION: process.env.S3_REGION ?? 'us-east-1',
        S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID ?? '',
        S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY ?? '',
        S3_FORCE_PATH_STYLE: 'true',
        JWT_SECRET: randomBytes(32).toString('hex'),
        FIELD_KEY_PEM: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      };
      // One at a time: the first applies the migrations and creates the bucket.
      a = await startNode('api', 'a');
      b = await startNode('api', 'b');
      await startNode('worker', 'worker');
    }, 400_000);

    afterAll(async () => {
      for (const n of nodes)
        if (n.child.exitCode === null && n.child.signalCode === null) n.child.kill('SIGTERM');
      await Promise.race([
        Promise.all(nodes.map((n) => n.exited)),
        new Promise((r) => setTimeout(r, 10_000)),
      ]);
      for (const n of nodes)
        if (n.child.exitCode === null && n.child.signalCode === null) n.child.kill('SIGKILL');
      for (const c of cleanups) await c().catch(() => undefined);
    }, 30_000);

    it('an upload begun on A is finished on B, converted by the worker, seen live on B, shared from A to B, downloaded alike, and on no disk', async () => {
      const ifc = new Uint8Array(gunzipSync(await readFile(path.join(TESTDATA, MODEL))));
      const u: TestUser = await signUp(a, '多节点');

      const t0 = Date.now();
      const secs = () => Math.round((Date.now() - t0) / 100) / 10;
      // A client of node B listens for status events.
      const socket: Socket = await connectHub(b, u.token);
      const events: FileStatusEventValue[] = [];
      socket.on(HubEvents.fileStatus, (e: FileStatusEventValue) => events.push(e));

      try {
        // First half on A.
        const created = await tusCreate(a, u.token, ifc.length, {
          filename: 'fzk-haus-x20.ifc',
          folderId: '',
        });
        expect(created.status).toBe(201);
        const location = created.headers.get('location')!;
        const half = Math.floor(ifc.length / 2);
        const first = await tusPatch(a, u.token, location, 0, ifc.subarray(0, half));
        expect([first.status, first.headers.get('upload-offset')]).toEqual([204, String(half)]);

        // B knows where A stopped: the upload's state is in the bucket, not on A's disk.
        const head = await fetch(new URL(location, b.baseUrl), {
          method: 'HEAD',
          headers: { authorization: `Bearer ${u.token}`, 'tus-resumable': '1.0.0' },
        });
        expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([
          200,
          String(half),
          String(ifc.length),
        ]);

        // The rest on B, which finishes the upload.
        const rest = await tusPatch(b, u.token, location, half, ifc.subarray(half));
        expect([rest.status, rest.headers.get('upload-offset')]).toEqual([204, String(ifc.length)]);
        const iuid = rest.headers.get('x-file-iuid')!;
        expect(iuid).toBeTruthy();
        const uploaded = secs();

        // Converted by the worker (the API nodes run no jobs), status pushed to B's client.
        const done = await waitForStatus(b, u.token, iuid, [StatusType.done, StatusType.failed], 170_000);
        expect([done.statusType, done.statusMsg]).toEqual([StatusType.done, '']);
        const converted = secs();
        const deadline = Date.now() + 10_000;
        while (
          !events.some((e) => e.iuid === iuid && e.statusType === StatusType.done) &&
          Date.now() < deadline
        )
          await new Promise((r) => setTimeout(r, 100));
        const seen = events.filter((e) => e.iuid === iuid).map((e) => e.statusType);
        expect(seen).toContain(StatusType.done);
        expect(seen.some((s) => s === StatusType.queued || s === StatusType.converting)).toBe(true);

        // The converted model is served by either node.
        for (const node of [a, b]) {
          const preview = await call<PreviewInfoValue>(node, 'GET', Api.preview, {
            token: u.token,
            query: { IUID: iuid },
          });
          expect(preview.body.data.previewKind).toBe('fragments');
          const view = await fetch(new URL(preview.body.data.viewUrl!, node.baseUrl));
          expect(view.status).toBe(200);
          expect((await view.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
          // The original, byte-equal, from both nodes (a link signed by one opens on the other too).
          for (const from of [a, b]) {
            const got = await fetch(new URL(preview.body.data.originalUrl!, from.baseUrl));
            expect(got.status).toBe(200);
            expect(sha256(new Uint8Array(await got.arrayBuffer()))).toBe(sha256(ifc));
          }
        }

        // A share link with an extraction code, made on A, opened and verified on B.
        const shared = await call<ShareCreatedValue>(a, 'POST', Api.share, {
          token: u.token,
          body: [shareEntry(iuid, { Pssword: 'mn42', pwdSetWay: '2', Isallow: '1' })],
        });
        expect(shared.body.code).toBe(1);
        const code = shared.body.data.shareCode;
        const info = await call<{ needPwd: boolean; fileName: string }>(b, 'GET', Api.shareInfo, {
          query: { code },
        });
        expect([info.body.code, info.body.data.needPwd, info.body.data.fileName]).toEqual([
          1,
          true,
          'fzk-haus-x20.ifc',
        ]);
        const verified = await call<{ accessToken: string; preview: PreviewInfoValue }>(
          b,
          'POST',
          Api.shareVerify,
          {
            body: { code, pwd: 'mn42' },
          },
        );
        expect(verified.body.code).toBe(1);
        expect(verified.body.data.preview.previewKind).toBe('fragments');
        const visitorCopy = await fetch(new URL(verified.body.data.preview.originalUrl!, b.baseUrl));
        expect(sha256(new Uint8Array(await visitorCopy.arrayBuffer()))).toBe(sha256(ifc));

        // The bytes are in the bucket, at the file's key …
        const s3 = createS3Storage({
          endpoint,
          bucket,
          region: env.S3_REGION!,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: true,
        });
        const headObject = await s3.client.send(
          new HeadObjectCommand({ Bucket: bucket, Key: `files/${done.spaceId}/${iuid}/original` }),
        );
        expect(headObject.ContentLength).toBe(ifc.length);
        s3.client.destroy();

        // … and on no node's disk: only logs and keys may be there, nothing of the file's size. The
        // worker builds the model's first-frame preview after 转换完成 from a scratch copy of the
        // fragments, so its folder is given time to empty.
        const allowed = /(^|\/)(logs?\/.*|[^/]*\.log|[^/]*(secret|key)[^/]*)$/i;
        const unexpected = async (dir: string) =>
          (await filesUnder(dir)).filter((f) => !allowed.test(f.rel) || f.size >= 1024 * 1024);
        const settleBy = Date.now() + 60_000;
        for (const dir of dataDirs)
          while ((await unexpected(dir)).length > 0 && Date.now() < settleBy)
            await new Promise((r) => setTimeout(r, 250));
        const left: string[] = [];
        for (const dir of dataDirs) {
          const files = await filesUnder(dir);
          left.push(
            `${path.basename(dir)}: ${files.map((f) => `${f.rel} (${f.size} B)`).join(', ') || 'empty'}`,
          );
          expect(await unexpected(dir), `unexpected files in ${dir}`).toEqual([]);
        }
        console.log(
          `[multi-node] ${(ifc.length / 1e6).toFixed(1)} MB IFC uploaded across A and B in ${uploaded} s, ` +
            `转换完成 at ${converted} s; status events on B: ${seen.join(' → ')}; DATA_DIRs after: ${left.join('; ')}`,
        );
      } finally {
        socket.disconnect();
      }
    }, 300_000);
  },
);
