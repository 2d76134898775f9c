/**
 * Share visitor calls of the landing page `/s` (spec 000 §2; contracts `Api.shareInfo`,
 * `Api.shareVerify`, `Api.sharePreview`). These are public: the page needs the HTTP status to tell
 * 404 (cancelled / unknown) from 410 (expired) and 403 (wrong code) from 429 (too many attempts), and a
 * visitor's failure must never sign out a user of the same browser — so they use their own small
 * fetch instead of the session client. The visitor token travels as `Authorization: Share <token>`.
 */
import { Api, type PreviewInfoValue } from '@bimdrive/contracts';
import type { z } from 'zod';
import type { ShareAccess, ShareInfo } from '@bimdrive/contracts';
import { takeBootInfo } from '../lib/share-link.ts';
import {
  encodeJsonBody,
  forgetFieldKey,
  isFieldKeyStale,
  type EncodedBody,
} from '../../../lib/field-crypto.ts';

/** What the landing page learns before the code is typed. */
export type ShareInfoValue = z.infer<typeof ShareInfo>;
/** A successful verification: visitor token and preview. */
export type ShareAccessValue = z.infer<typeof ShareAccess>;

/** Outcome of a visitor call: the data, or the HTTP status and the server's message. */
export type VisitorResult<T> =
  { ok: true; data: T } | { ok: false; status: number; msg: string; code?: number };

function call<T>(url: string, init: RequestInit): Promise<VisitorResult<T>> {
  return result(fetch(url, { ...init, headers: { 'x-client': 'web', ...init.headers } }));
}

async function result<T>(response: Promise<Response>): Promise<VisitorResult<T>> {
  let res: Response;
  try {
    res = await response;
  } catch {
    return { ok: false, status: 0, msg: '' };
  }
  let body: { code?: number; msg?: string; message?: string; data?: T } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    // Not JSON (a proxy error page): keep the status only.
  }
  if (res.ok && body.code === 1 && body.data !== undefined) return { ok: true, data: body.data };
  // An expected refusal (wrong code…) comes with HTTP 200 and its status in x-error-status.
  const status = Number(res.headers.get('x-error-status')) || res.status;
  return { ok: false, status, msg: body.msg ?? body.message ?? '', code: body.code };
}

const fetchInfo = (code: string) => {
  const started = takeBootInfo(code);
  return started
    ? result<ShareInfoValue>(started)
    : call<ShareInfoValue>(`${Api.shareInfo}?${new URLSearchParams({ code })}`, { method: 'GET' });
};
/** Info answers started by preloadShare, each handed out once (a later call asks the server again). */
const early = new Map<string, Promise<VisitorResult<ShareInfoValue>>>();

/**
 * Start the landing page's first call before its code has loaded (the route loader calls this): the
 * share info, whose access — present for a public link — goes to `onAccess` (to open the file at
 * once). The answer is handed once to getShareInfo; calling again while it is pending does nothing.
 */
export function preloadShare(code: string, onAccess: (access: ShareAccessValue) => void): void {
  if (early.has(code)) return;
  const info = fetchInfo(code);
  early.set(code, info);
  void info.then((r) => r.ok && r.data.access && onAccess(r.data.access));
}

/**
 * `GET Api.shareInfo?code=` — sharer, file name, whether a code is needed and, for a public link,
 * the access (404 / 410 when gone).
 */
export function getShareInfo(code: string): Promise<VisitorResult<ShareInfoValue>> {
  const p = early.get(code);
  early.delete(code);
  return p ?? fetchInfo(code);
}

/**
 * `POST Api.shareVerify {code, pwd}` — 403 wrong code, 429 too many attempts. The extraction code
 * leaves the browser encrypted (000 §7); after a stale-key refusal (-40/-41) the key is fetched again
 * and the call sent once more.
 */
export async function verifyShare(code: string, pwd: string): Promise<VisitorResult<ShareAccessValue>> {
  for (let attempt = 0; ; attempt += 1) {
    let encoded: EncodedBody;
    try {
      encoded = await encodeJsonBody({ code, pwd });
    } catch {
      return { ok: false, status: 0, msg: '' }; // the key could not be fetched: server unreachable
    }
    const r = await call<ShareAccessValue>(Api.shareVerify, {
      method: 'POST',
      headers: encoded.headers,
      body: encoded.body,
    });
    if (attempt > 0 || r.ok || r.code === undefined || !isFieldKeyStale(r.code)) return r;
    forgetFieldKey();
  }
}

/** `GET Api.sharePreview` with a stored visitor token (reopening the page in the same tab session). */
export function getSharePreview(accessToken: string): Promise<VisitorResult<PreviewInfoValue>> {
  return call<PreviewInfoValue>(Api.sharePreview, {
    method: 'GET',
    headers: { authorization: `Share ${accessToken}` },
  });
}

const tokenKey = (code: string) => `share-access:${code}`;

/** The visitor token stored for a share code in this tab (sessionStorage), if any. */
export function loadAccessToken(code: string): string | null {
  try {
    return sessionStorage.getItem(tokenKey(code));
  } catch {
    return null;
  }
}

/** Store (or with null, forget) the visitor token of a share code for this tab. */
export function saveAccessToken(code: string, token: string | null): void {
  try {
    if (token) sessionStorage.setItem(tokenKey(code), token);
    else sessionStorage.removeItem(tokenKey(code));
  } catch {
    // Private mode without storage: the visitor types the code again next time.
  }
}
