/**
 * Integration-test harness: a real app on a real database (PGlite in memory by default, or a fresh
 * PostgreSQL database on the local server when TEST_DB=postgres), real local storage in a temp
 * folder, listening on a random port so tus, Range and socket.io are exercised over HTTP.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import {
  Api,
  HUB_PATH,
  HubEvents,
  type Envelope,
  type FileRowValue,
  type LoginDataValue,
} from '@bimdrive/contracts';
import { buildApp, type BuiltApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { adminRepository } from '../modules/admin/admin.repository.ts';

/** Root of the shared real test files. */
import { TESTDATA } from './testdata.ts';
import { TEST_PG_URL } from './service-probes.ts';

export { TESTDATA };

export interface TestApp {
  built: BuiltApp;
  baseUrl: string;
  config: AppConfig;
  close: () => Promise<void>;
}

/** Which database the suite runs on. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A fresh, empty database on the local PostgreSQL server (TEST_PG_URL), and how to drop it. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = TEST_PG_URL;
  const name = `bimdrive_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = base.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Start an app for a test file. `overrides` tweak the config (quota, limits…). */
export async function startTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bimdrive-test-'));
  const pgdb = testDbKind === 'postgres' ? await freshPostgres() : null;
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: '0', DEMO_ACCOUNT: 'false' },
    {
      dataDir,
      storageDir: path.join(dataDir, 'storage'),
      pgliteDir: 'memory://',
      databaseUrl: pgdb?.url,
      conversion: { timeoutMs: 120_000, memoryMb: 3072, concurrency: 1, prewarm: false },
      ...overrides,
    },
  );
  const built = await buildApp(config, 'all');
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = built.app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  built.ctx.config.publicUrl = baseUrl;
  return {
    built,
    baseUrl,
    config,
    close: async () => {
      await built.close();
      await pgdb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What the HTTP helpers below need of an app: its base URL (a TestApp, or a server process started
 * by a test, e.g. modules/conversions/crash-recovery.int.test.ts).
 */
export type Reachable = Pick<TestApp, 'baseUrl'>;

/** A signed-in test user. */
export interface TestUser {
  token: string;
  login: LoginDataValue;
  phone: string;
  password: string;
}

let phoneSeq = 0;
/** Register a new user through the API and return its token. */
export async function signUp(t: Reachable, name = '测试用户'): Promise<TestUser> {
  phoneSeq += 1;
  const phone = `139${String(Date.now() % 1e5).padStart(5, '0')}${String(phoneSeq).padStart(3, '0')}`;
  const password = 'Passw0rd!x';
  const res = await call<LoginDataValue>(t, 'POST', Api.register, { body: { phone, password, name } });
  if (res.body.code !== 1) throw new Error(`register failed: ${res.body.msg}`);
  return { token: res.body.data.token, login: res.body.data, phone, password };
}

/**
 * Make `u` a system administrator (001 §6; the flag the deployment's `set-admin` command sets,
 * admin.repository.ts setSystemAdministrator). @throws when there is no such user.
 */
export async function makeSystemAdministrator(t: TestApp, u: TestUser): Promise<void> {
  if (!(await adminRepository(t.built.ctx.db).setSystemAdministrator(u.phone, true)))
    throw new Error(`no user ${u.phone} to make a system administrator`);
}

/**
 * Have `u` join the company `name` (credit code `code`) and its administrator `by` approve it
 * (000 §7 company join and applicants). @throws when either call is refused.
 */
export async function joinCompany(
  t: Reachable,
  u: TestUser,
  by: TestUser,
  name: string,
  code: string,
): Promise<void> {
  const join = await call(t, 'POST', Api.companyJoin, {
    token: u.token,
    body: { name, code, userName: u.login.userName, useUserName: true },
  });
  if (join.body.code !== 1) throw new Error(`join ${name}: ${join.body.msg}`);
  const apps = await call<Array<{ iuid: string; phone: string }>>(t, 'GET', Api.companyApplicants, {
    token: by.token,
  });
  const app = apps.body.data.find((a) => a.phone === u.phone);
  if (!app) throw new Error(`no application of ${u.phone} for ${name}`);
  const ok = await call(t, 'POST', Api.companyApplyAccept, {
    token: by.token,
    body: { UserApplyHistoryId: app.iuid },
  });
  if (ok.body.code !== 1) throw new Error(`approve ${u.phone}: ${ok.body.msg}`);
}

/** JSON call answering status and envelope. */
export async function call<T = unknown>(
  t: Reachable,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; query?: Record<string, string>; auth?: string } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const qs = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
  const res = await fetch(`${t.baseUrl}${url}${qs}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.auth ? { authorization: opts.auth } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

/** A tus creation POST to `url` (Upload-Metadata: each key with its value in base64). */
function tusPost(
  t: Reachable,
  url: string,
  token: string,
  size: number,
  meta: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const metadata = Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
  return fetch(`${t.baseUrl}${url}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': metadata,
      ...headers,
    },
  });
}

/** tus creation (POST) of a new file (metadata filename, folderId, spaceId…); answers the response. */
export async function tusCreate(
  t: Reachable,
  token: string,
  size: number,
  meta: Record<string, string>,
): Promise<Response> {
  return tusPost(t, Api.tus, token, size, meta);
}

/**
 * tus creation (POST) of a new version at FileVersionAdd (issue 5 versions; metadata `filename` and
 * `versionOf` = the file's iuid), with any extra `headers` (e.g. the tab id); answers the response.
 * The bytes follow with tusPatch at its Location.
 */
export async function tusCreateVersion(
  t: Reachable,
  token: string,
  size: number,
  meta: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return tusPost(t, Api.versionAdd, token, size, meta, headers);
}

/** tus PATCH of a chunk at an offset. */
export async function tusPatch(
  t: Reachable,
  token: string,
  location: string,
  offset: number,
  chunk: Uint8Array,
): Promise<Response> {
  return fetch(new URL(location, t.baseUrl), {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: chunk as Uint8Array<ArrayBuffer>,
  });
}

/**
 * Upload bytes in one go via tus into `folderId` of the area `spaceId` ('' = 我的文件); answers the
 * new file's iuid. @throws when the server refuses the creation or the chunk.
 */
export async function uploadBytes(
  t: Reachable,
  token: string,
  fileName: string,
  bytes: Uint8Array,
  folderId = '',
  spaceId = '',
): Promise<string> {
  const meta: Record<string, string> = { filename: fileName, folderId };
  if (spaceId) meta.spaceId = spaceId;
  const created = await tusCreate(t, token, bytes.length, meta);
  if (created.status !== 201) throw new Error(`tus create ${created.status}: ${await created.text()}`);
  const done = await tusPatch(t, token, created.headers.get('location')!, 0, bytes);
  if (done.status !== 204) throw new Error(`tus patch ${done.status}: ${await done.text()}`);
  const iuid = done.headers.get('x-file-iuid');
  if (!iuid) throw new Error('no x-file-iuid');
  return iuid;
}

/** Upload a file from the shared test data (see uploadBytes). */
export async function uploadTestFile(
  t: Reachable,
  token: string,
  rel: string,
  folderId = '',
  spaceId = '',
): Promise<string> {
  const bytes = new Uint8Array(await readFile(path.join(TESTDATA, rel)));
  return uploadBytes(t, token, path.basename(rel), bytes, folderId, spaceId);
}

/** Poll a file until its statusType is one of `done` (default 3 or 4). */
export async function waitForStatus(
  t: Reachable,
  token: string,
  iuid: string,
  done = [3, 4],
  timeoutMs = 110_000,
): Promise<FileRowValue> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await call<FileRowValue>(t, 'GET', Api.fileInfo, { token, query: { IUID: iuid } });
    if (r.body.code === 1 && done.includes(r.body.data.statusType)) return r.body.data;
    if (Date.now() > until)
      throw new Error(`timeout waiting for status of ${iuid}: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 300));
  }
}

/** Connect to the hub and register the token; answers the socket once registered. */
export async function connectHub(t: Reachable, token: string): Promise<Socket> {
  const socket = io(t.baseUrl, { path: HUB_PATH, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () =>
      socket.emit(HubEvents.register, token, (ok: boolean) =>
        ok ? resolve() : reject(new Error('register refused')),
      ),
    );
  });
  return socket;
}
