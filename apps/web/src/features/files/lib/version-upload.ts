/**
 * Upload a new version of a file (001 §7 FileVersionAdd; issue 5): tus creation at `Api.versionAdd`
 * with metadata { filename, versionOf }, then the usual PATCHes, with the session headers. The server
 * checks the format and the quota at creation and again at completion; a refusal rejects with the
 * envelope's message.
 */
import { Api, VERSION_OF_METADATA } from '@bimdrive/contracts';
import { DetailedError, Upload } from 'tus-js-client';
import { authHeaders } from '../../../lib/api-client.ts';

/** Same chunking as uploads (features/transfers). */
const CHUNK_SIZE = 64 * 1024 * 1024;

/** A running version upload. */
export interface VersionUpload {
  /** Resolves when the server has added the version: its number, or null when the answer did not carry it. */
  done: Promise<number | null>;
  /** Stop and remove the fragments (tus termination). */
  cancel: () => Promise<void>;
}

/** Message of a refused request: the envelope's msg when there is one. */
function messageOf(err: Error): string {
  if (err instanceof DetailedError && err.originalResponse) {
    try {
      const body = JSON.parse(err.originalResponse.getBody()) as { msg?: unknown };
      if (typeof body.msg === 'string' && body.msg) return body.msg;
    } catch {
      /* not JSON */
    }
  }
  return err.message;
}

/** Start uploading `file` as the new version of `iuid`; `onProgress` gets 0–100. */
export function uploadVersion(
  iuid: string,
  file: File,
  onProgress: (percent: number) => void,
): VersionUpload {
  let upload: Upload | null = null;
  let version: number | null = null;
  const done = new Promise<number | null>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: Api.versionAdd,
      metadata: { filename: file.name, [VERSION_OF_METADATA]: iuid },
      chunkSize: CHUNK_SIZE,
      retryDelays: [0, 1000, 3000],
      storeFingerprintForResuming: false,
      onBeforeRequest: (req) => {
        for (const [k, v] of Object.entries(authHeaders())) req.setHeader(k, v);
      },
      onProgress: (sent, total) => onProgress(total > 0 ? Math.min(99.9, (sent / total) * 100) : 0),
      onAfterResponse: (_req, res) => {
        const n = res.getHeader('x-file-version');
        if (n) version = Number(n);
      },
      onSuccess: () => {
        onProgress(100);
        resolve(version);
      },
      onError: (err) => reject(new Error(messageOf(err))),
    });
    upload.start();
  });
  return {
    done,
    cancel: async () => {
      await upload?.abort(true).catch(() => undefined);
    },
  };
}
