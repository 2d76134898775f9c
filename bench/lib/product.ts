/**
 * Client helpers the benchmarks share: sign in, upload through tus (tus-js-client, Node), wait for a
 * conversion to settle, create a share link. All against a running product at `url`.
 * Errors: each throws with the server's envelope message.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Upload } from 'tus-js-client';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(
  url: string,
  token: string | null,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
) {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 1) throw new Error(`${route}: ${env.msg}`);
  return env.data;
}

/** Create a folder in 我的文件 (root when `parentIUID` is ''); resolves to its iuid. */
export async function createFolder(url: string, token: string, parentIUID: string, fileName: string) {
  return (await call<{ iuid: string }>(url, token, 'POST', '/api/Home/FolderAdd', { parentIUID, fileName }))
    .iuid;
}

/** Delete a file or folder of 我的文件 (to the recycle bin). */
export async function deleteFile(url: string, token: string, iuid: string): Promise<void> {
  await call<null>(url, token, 'POST', '/api/Home/FileDelete', { IUID: iuid });
}

/** Sign in; resolves to the session token. */
export async function signIn(url: string, phone: string, password: string): Promise<string> {
  return (await call<{ token: string }>(url, null, 'POST', '/api/Home/phoneLogin', { phone, password }))
    .token;
}

/**
 * Upload a local file into 我的文件 with tus (64 MiB chunks, as the web client); resolves to its iuid.
 * `opts.folderId` picks the folder (root by default), `opts.name` the stored name (the file's own by default).
 */
export async function uploadFile(
  url: string,
  token: string,
  file: string,
  opts: { folderId?: string; name?: string } = {},
): Promise<string> {
  const size = (await stat(file)).size;
  return new Promise<string>((resolve, reject) => {
    const up = new Upload(createReadStream(file, { highWaterMark: 1024 * 1024 }), {
      endpoint: `${url}/api/files/uploads`,
      uploadSize: size,
      chunkSize: 64 * 1024 * 1024,
      headers: { authorization: `Bearer ${token}` },
      metadata: { filename: opts.name ?? path.basename(file), folderId: opts.folderId ?? '' },
      retryDelays: [],
      onAfterResponse: (_req, res) => {
        const iuid = res.getHeader('x-file-iuid');
        if (iuid) resolve(iuid);
      },
      onError: reject,
    });
    up.start();
  });
}

/** Poll a file until its statusType is 3 or 4; resolves to the row. @throws after `timeoutMs`. */
export async function waitForConversion(
  url: string,
  token: string,
  iuid: string,
  timeoutMs = 1_800_000,
): Promise<{ statusType: number; statusMsg: string }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await call<{ statusType: number; statusMsg: string }>(
      url,
      token,
      'GET',
      `/api/Home/GetFileInfo?IUID=${iuid}`,
    );
    if (row.statusType === 3 || row.statusType === 4) return row;
    if (Date.now() > until) throw new Error(`conversion of ${iuid} did not settle`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Create a public, browse-only, 7-day share link of a file; resolves to its web URL. */
export async function sharePublic(url: string, token: string, iuid: string): Promise<string> {
  const created = await call<{ webUrl: string }>(url, token, 'POST', '/api/Drawing/DrawingShare', [
    { MainIUID: iuid, ShareType: 7, Isvisible: '1', Isallow: '2' },
  ]);
  return created.webUrl;
}

/** Share one file with the custom extraction code `code` (ShareType 7, 7 days); answers the link. */
export async function shareWithCode(url: string, token: string, iuid: string, code: string): Promise<string> {
  const created = await call<{ webUrl: string }>(url, token, 'POST', '/api/Drawing/DrawingShare', [
    { MainIUID: iuid, ShareType: 7, Isvisible: '0', pwdSetWay: '2', Pssword: code, Isallow: '2' },
  ]);
  return created.webUrl;
}

/**
 * Wait until a converted IFC model's first-frame preview GLB exists (it is written just after
 * status 3). @throws after `timeoutMs` without one.
 */
export async function waitForPreviewGlb(url: string, token: string, iuid: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const info = await call<{ previewGlbUrl: string | null }>(
      url,
      token,
      'GET',
      `/api/Home/GetPreviewInfo?IUID=${iuid}`,
    );
    if (info.previewGlbUrl) return;
    if (Date.now() > until) throw new Error('no preview GLB was written');
    await new Promise((r) => setTimeout(r, 250));
  }
}
