/**
 * The one HTTP client (spec 001 §7 "HTTP client contract"): method, url, data or params, optional
 * API base; time-out 3,600,000 ms; token and web flag headers on every request; the `{code,msg,data}`
 * envelope; session-ended codes (0004, -501, -20) log out and go to /login (000 §8); error toasts
 * 5 s unless silenced; network failures answer "server busy"; `-120` (a model open in a viewer) asks
 * 提示 关闭/取消 and, once the model is closed, repeats the request once (001 §8, lib/model-occupied.ts).
 * Server messages are shown in the user's language (lib/server-messages.ts, issue 17). Toasts go
 * through lib/toast.ts (no antd in this module: the public pages load it without antd).
 */
import { Api, isSessionEnded, ResultCode, TAB_ID_HEADER, type Envelope } from '@bimdrive/contracts';
import i18n from './i18n.ts';
import { useSession } from '../stores/session-store.ts';
import { encodeJsonBody, forgetFieldKey, isFieldKeyStale } from './field-crypto.ts';
import { keepSessionEndedNotice } from './session-notice.ts';
import { askToCloseModels } from './model-occupied.ts';
import { TAB_ID } from './tab-id.ts';
import { serverMessagesReady, serverText } from './server-messages.ts';
import { toast } from './toast.ts';

/** Request time-out (000 §9): 3,600,000 ms. */
export const REQUEST_TIMEOUT_MS = 3_600_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** JSON body (POST/PUT). */
  data?: unknown;
  /** Query parameters. */
  params?: Record<string, string | number | boolean | undefined>;
  /** API base override (default: same origin). */
  apiBase?: string;
  /** Silence error toasts; the caller handles the envelope. */
  silent?: boolean;
  /** Extra headers (e.g. a share visitor token). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Skip the error toast for envelopes this accepts (the caller shows them another way). */
  quietWhen?: (body: Envelope<unknown>) => boolean;
}

/**
 * An envelope with a non-1 code, thrown by `api()` so TanStack Query sees a failure. `message` is the
 * envelope's `msg` in the user's language; `serverMsg` is the server's own (Chinese) text.
 */
export class ApiError extends Error {
  readonly code: number;
  /** The envelope's `msg` as the server sent it (zh-CN), for code that reads it. */
  readonly serverMsg: string;
  readonly status: number;
  /** The envelope's `data` (e.g. the share-limit response of a refused share). */
  readonly data: unknown;
  constructor(code: number, msg: string, status: number, data: unknown = null) {
    super(serverText(msg));
    this.serverMsg = msg;
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

function buildUrl(url: string, params: RequestOptions['params'], apiBase = ''): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined) query.set(k, String(v));
  const qs = query.toString();
  return `${apiBase}${url}${qs ? `?${qs}` : ''}`;
}

/** Headers every request carries: the session token, the web flag and this tab's id (001 §8 -120). */
export function authHeaders(): Record<string, string> {
  const token = useSession.getState().token;
  return {
    'x-client': 'web',
    [TAB_ID_HEADER]: TAB_ID,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

/**
 * Send a request and return the whole envelope. Never throws for envelope errors; throws ApiError only
 * for network failures when not silent. Session-ended codes log out.
 */
export async function request<T>(
  opts: RequestOptions,
  resealed = false,
  repeated = false,
): Promise<Envelope<T>> {
  const method = opts.method ?? (opts.data === undefined ? 'GET' : 'POST');
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    // Sensitive fields (passwords, codes) leave the browser encrypted (000 §7).
    const encoded = opts.data !== undefined ? await encodeJsonBody(opts.data, opts.apiBase) : undefined;
    res = await fetch(buildUrl(opts.url, opts.params, opts.apiBase), {
      method,
      headers: { ...authHeaders(), ...encoded?.headers, ...opts.headers },
      body: encoded?.body,
      signal,
    });
  } catch {
    // A request cancelled by its caller (e.g. TanStack Query on unmount) is not a server failure.
    if (opts.signal?.aborted) return { code: ResultCode.serverError, msg: 'aborted', data: null as T };
    const msg = i18n.t('common:serverBusy');
    if (!opts.silent) toast({ type: 'error', content: msg, duration: 5 });
    return { code: ResultCode.serverError, msg, data: null as T };
  }
  let body: Envelope<T>;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    // Cancelled while the body was read (e.g. a refetch replacing this one): not a server failure.
    if (opts.signal?.aborted) return { code: ResultCode.serverError, msg: 'aborted', data: null as T };
    body = { code: ResultCode.serverError, msg: i18n.t('common:serverBusy'), data: null as T };
  }
  // Outside zh-CN the texts of server messages load with the first answer that has one.
  if (body.msg) await serverMessagesReady();
  // The server's key changed or the ciphertext aged out: fetch the key again and send once more.
  if (!resealed && isFieldKeyStale(body.code)) {
    forgetFieldKey(opts.apiBase);
    return request<T>(opts, true, repeated);
  }
  if (isSessionEnded(body.code)) {
    // Still signed in here: the live AccountExit was missed, so /login shows the reason instead.
    if (useSession.getState().token && body.code === ResultCode.sessionEnded && body.msg)
      keepSessionEndedNotice(body.msg);
    useSession.getState().signOut();
    if (window.location.pathname !== '/login') window.location.assign('/login');
    return body;
  }
  // A model is open in a viewer (001 §8): 关闭 closes it and the request is repeated once; 取消 keeps all.
  if (body.code === ResultCode.occupied && !opts.silent && !repeated) {
    const closed = await askToCloseModels(body.data, (iuid) =>
      request<null>({
        method: 'POST',
        url: Api.modelClose,
        data: { IUID: iuid },
        silent: true,
        apiBase: opts.apiBase,
      }),
    );
    return closed ? request<T>(opts, resealed, true) : body;
  }
  if (body.code !== ResultCode.ok && !opts.silent && !opts.quietWhen?.(body)) {
    toast({
      type: 'error',
      content: serverText(body.msg) || i18n.t('common:requestFailed'),
      duration: 5,
      style: { marginTop: 60 },
    });
  }
  return body;
}

/** Like `request` but resolves to `data` and rejects with ApiError when code ≠ 1 (for TanStack Query). */
export async function api<T>(opts: RequestOptions): Promise<T> {
  const body = await request<T>(opts);
  if (body.code !== ResultCode.ok) throw new ApiError(body.code, body.msg, 0, body.data);
  return body.data;
}
