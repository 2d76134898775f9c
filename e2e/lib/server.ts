/**
 * Starts a fresh bimdrive (embedded default: PGlite + local disk in a temp folder, demo account on)
 * as a child process for a journey, and stops it afterwards.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export { TESTDATA } from '../../apps/server/src/test/testdata.ts';
export const DEMO = { phone: '13800000000', password: 'Bimdrive2026' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  url: string;
  /** The server process id (benchmarks read its memory from /proc). */
  pid: number;
  /** Everything the server printed so far (stdout and stderr), e.g. to read a development SMS code. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Start the product on a random port; resolves once it prints its URL. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bimdrive-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('bimdrive is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // A shutdown that hangs (e.g. a connection closing mid-request) must not hang the journey.
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Call the product's API as a signed-in user (JSON body when given) and answer the envelope's `data`.
 * @throws AssertionError with the server's message when the answer's code is not 1.
 */
export async function apiData<T>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<T> {
  const r = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const env = (await r.json()) as { code: number; msg: string; data: T };
  assert.equal(env.code, 1, env.msg);
  return env.data;
}

/**
 * Register an account through the API (/api/Home/Register: phone, password, name).
 * @returns its session token and user id. @throws AssertionError with the server's message when refused.
 */
export async function registerAccount(
  baseUrl: string,
  account: { phone: string; password: string; name: string },
): Promise<{ token: string; userID: string }> {
  const r = await fetch(`${baseUrl}/api/Home/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const env = (await r.json()) as { code: number; msg: string; data: { token: string; userID: string } };
  assert.equal(env.code, 1, env.msg);
  return env.data;
}

/**
 * Share the file `fileName` of the root of 我的文件 as `token`'s user: a link with extraction code
 * `pwd` that allows downloads (001 §7 DrawingShare). @returns the link's absolute web address.
 */
export async function shareFile(
  baseUrl: string,
  token: string,
  fileName: string,
  pwd: string,
): Promise<string> {
  const rows = await apiData<{ list: { iuid: string; fileName: string }[] }>(
    baseUrl,
    token,
    'GET',
    '/api/Home/MyDocumentList?page=1&rows=50&folderId=',
  );
  const file = rows.list.find((r) => r.fileName === fileName);
  assert.ok(file, `${fileName} is listed in 我的文件`);
  const made = await apiData<{ webUrl: string }>(baseUrl, token, 'POST', '/api/Drawing/DrawingShare', [
    {
      MainIUID: file.iuid,
      FileType: 2,
      Name: '',
      ShareType: 7,
      Isvisible: '0',
      Pssword: pwd,
      pwdSetWay: '2',
      Isallow: '1',
      viewname: '',
    },
  ]);
  return new URL(made.webUrl, baseUrl).href;
}
