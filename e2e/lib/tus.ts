/**
 * Uploads through the product's tus endpoint (/api/files/uploads, spec 000 §2 File-transfer panel) as
 * a signed-in user, without the page: a journey's files made ready before it opens the browser.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { TESTDATA } from './server.ts';

/** Where an upload goes: a folder (its iuid; '' the root) of an area (spaceId; none: 我的文件). */
export interface UploadPlace {
  folderId?: string;
  spaceId?: string;
}

/**
 * Upload `bytes` as file `filename` into `place` through tus: the creation (201) and one PATCH with
 * all the bytes (204). @returns the new file's iuid (the PATCH's x-file-iuid header).
 * @throws AssertionError when either answer has another status.
 */
export async function tusUpload(
  baseUrl: string,
  token: string,
  filename: string,
  bytes: Uint8Array<ArrayBuffer>,
  place: UploadPlace = {},
): Promise<string> {
  const meta = { filename, ...place };
  const created = await fetch(`${baseUrl}/api/files/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
    },
  });
  assert.equal(created.status, 201, await created.clone().text());
  const done = await fetch(new URL(created.headers.get('location')!, baseUrl), {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
  assert.equal(done.status, 204);
  return done.headers.get('x-file-iuid')!;
}

/** tusUpload of the test-data file `rel` (a path under TESTDATA), named as on disk; answers its iuid. */
export async function uploadTestFile(
  baseUrl: string,
  token: string,
  rel: string,
  place: UploadPlace = {},
): Promise<string> {
  const bytes = await readFile(path.join(TESTDATA, rel));
  return tusUpload(baseUrl, token, path.basename(rel), new Uint8Array(bytes), place);
}
