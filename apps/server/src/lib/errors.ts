/**
 * Typed application errors with a stable envelope code and HTTP status (DESIGN.md "Typed errors").
 * One error handler (app.ts) turns them into `{code, msg, data: null}`; 5xx messages are hidden.
 *
 * Expected refusals (issue 17): a business rule that says no to a well-formed request — a wrong
 * password or SMS code, a phone already bound, a name already taken (every 400 and 409 AppError), a
 * wrong extraction code — is part of everyday use. API clients get its HTTP status; the web client
 * (web flag header `x-client: web`) gets it with HTTP 200 and the status in `x-error-status`, so the
 * browser does not log a failed request for each mistyped password: the envelope's code is what the
 * web reads. Requests that fail schema validation, sessions, rights, limits and server errors keep
 * their status for everyone.
 */
import { ResultCode } from '@bimdrive/contracts';

/** An error a user may see: `msg` is shown as is. */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  /** The envelope's `data` (null unless the code defines one, e.g. -120's open files). */
  readonly data: unknown;
  /** Seconds to send as `Retry-After` (429 lock-outs, 503 busy), if any. */
  readonly retryAfter: number | undefined;
  /** An expected refusal (module docstring): 400 and 409 unless `opts.expected` says otherwise. */
  readonly expected: boolean;
  constructor(
    status: number,
    msg: string,
    code: number = ResultCode.fail,
    data: unknown = null,
    opts: { retryAfter?: number; expected?: boolean } = {},
  ) {
    super(msg);
    this.status = status;
    this.code = code;
    this.data = data;
    this.retryAfter = opts.retryAfter;
    this.expected = opts.expected ?? (status === 400 || status === 409);
  }
}

/** 400: bad input. */
export const badRequest = (msg: string) => new AppError(400, msg);
/** 401: no or ended session (code -20 / -501 make the client log out). */
export const unauthorized = (msg = '登录已失效，请重新登录', code: number = ResultCode.sessionExpired) =>
  new AppError(401, msg, code);
/** 403: no right. */
export const forbidden = (msg = '没有权限执行此操作') => new AppError(403, msg);
/** 404: not found — also used when the resource exists but belongs to someone else (no existence leak). */
export const notFound = (msg = '文件不存在或已被删除') => new AppError(404, msg);
/** 409: conflict (name taken). */
export const conflict = (msg: string) => new AppError(409, msg);
/** 410: gone (expired or cancelled share). */
export const gone = (msg: string) => new AppError(410, msg);
/** 413: quota or size exceeded. */
export const tooLarge = (msg: string) => new AppError(413, msg, ResultCode.refused);
/** 429: too many attempts (with the seconds to wait as Retry-After, when known). */
export const tooMany = (msg: string, retryAfter?: number) =>
  new AppError(429, msg, ResultCode.refused, null, { retryAfter });
