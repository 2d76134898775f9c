/**
 * Signed thumbnail URLs (issue 14):
 * `/api/files/thumb?t=<fileId>.<version>.<format>.<exp>.<userId>.<sessionId>.<mac>`,
 * where `mac` is HMAC-SHA256 (base64url) of the rest under a key derived from the server secret
 * (AppContext.secretKey('thumb-url')). Signing is synchronous and costs a few microseconds, so every
 * row of a listing gets one without awaiting a JWT per row. The expiry is rounded to the hour: the URL
 * of a thumbnail stays the same for an hour, so browsers reuse their cached copy across refetches of a
 * list, and it lives between one and two hours. A new version or a new thumbnail format changes it.
 * The URL is only ever put in rows the caller may list, and names the session it was handed to: the
 * route checks that session and its access to the file like any signed file URL (ticket-access.ts,
 * issue 15 revocation), so signing out or losing access stops it within seconds; it re-reads the
 * file, so a deleted file or version answers 404.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Api } from '@bimdrive/contracts';

/** Label of the HMAC key (AppContext.secretKey) that signs thumbnail URLs. */
export const THUMB_KEY_LABEL = 'thumb-url';

/** Granularity of the expiry in seconds (also the shortest lifetime of a URL). */
export const THUMB_URL_BUCKET_SECONDS = 3600;

/** What a thumbnail token grants: the thumbnail of one version of one file, in one format, to a session. */
export interface ThumbClaim {
  fileId: string;
  version: number;
  format: number;
  /** The signed-in session (and its user) the URL was listed for. */
  userId: string;
  sessionId: string;
}

/** Signs the thumbnail URLs of one caller's rows (files.presenter.ts `presentFile`). */
export interface ThumbSigner {
  /** AppContext.secretKey(THUMB_KEY_LABEL). */
  key: Buffer;
  userId: string;
  sessionId: string;
}

const UUID = /^[0-9a-f-]{36}$/i;

/** Tokens signed in the current hour, per key (at most MEMO_MAX, then started afresh). */
const signed = new WeakMap<Buffer, { exp: number; tokens: Map<string, string> }>();
const MEMO_MAX = 100_000;

function mac(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(`thumb:${body}`).digest('base64url');
}

/**
 * The token of a thumbnail claim, valid until the end of the next whole hour after `nowMs`.
 * @param key 32-byte HMAC key
 */
export function signThumbToken(key: Buffer, c: ThumbClaim, nowMs = Date.now()): string {
  const exp = (Math.floor(nowMs / 1000 / THUMB_URL_BUCKET_SECONDS) + 2) * THUMB_URL_BUCKET_SECONDS;
  const body = `${c.fileId}.${c.version}.${c.format}.${exp}.${c.userId}.${c.sessionId}`;
  // A token is the same for the whole hour: lists fetched again (every status notice refetches them)
  // reuse it instead of computing an HMAC per row per request.
  let memo = signed.get(key);
  if (!memo || memo.exp !== exp || memo.tokens.size >= MEMO_MAX)
    signed.set(key, (memo = { exp, tokens: new Map() }));
  let token = memo.tokens.get(body);
  if (!token) memo.tokens.set(body, (token = `${body}.${mac(key, body)}`));
  return token;
}

/**
 * The claim of a thumbnail token, or null when it is malformed, forged or expired.
 * @param key the key it was signed with
 */
export function verifyThumbToken(key: Buffer, token: string, nowMs = Date.now()): ThumbClaim | null {
  const parts = token.split('.');
  if (parts.length !== 7) return null;
  const [fileId, version, format, exp, userId, sessionId, sig] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!UUID.test(fileId) || !/^\d{1,9}$/.test(version) || !/^\d{1,4}$/.test(format)) return null;
  if (!UUID.test(userId) || !UUID.test(sessionId)) return null;
  if (!/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= nowMs) return null;
  const want = Buffer.from(mac(key, parts.slice(0, 6).join('.')));
  const got = Buffer.from(sig);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  return {
    fileId: fileId.toLowerCase(),
    version: Number(version),
    format: Number(format),
    userId,
    sessionId,
  };
}

/** The same-origin URL (path and query) that serves a thumbnail. */
export function thumbUrl(key: Buffer, c: ThumbClaim, nowMs = Date.now()): string {
  return `${Api.fileThumb}?t=${signThumbToken(key, c, nowMs)}`;
}

/**
 * The thumbnail URL of a file row, or null when it has none: folders, and rows whose thumbnail job
 * has not written one (`thumbVersion` 0).
 */
export function thumbUrlOf(
  signer: ThumbSigner,
  f: { id: string; kind: number; versionNo: number; thumbVersion: number },
  nowMs = Date.now(),
): string | null {
  if (f.kind !== 2 || f.thumbVersion <= 0) return null;
  const { key, userId, sessionId } = signer;
  return thumbUrl(
    key,
    { fileId: f.id, version: f.versionNo, format: f.thumbVersion, userId, sessionId },
    nowMs,
  );
}

/** The thumbnail signer of a signed-in caller's listings. */
export const thumbSigner = (
  key: Buffer,
  caller: { user: { id: string }; sessionId: string },
): ThumbSigner => ({
  key,
  userId: caller.user.id,
  sessionId: caller.sessionId,
});
