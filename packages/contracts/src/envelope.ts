/**
 * The response envelope and error codes of spec 001 §7–§8 and 000 §7–§8.
 * Every JSON answer is `{ code, msg, data }`; `code: 1` is success.
 */
import { z } from 'zod';

/** Result codes used in the envelope (spec 001 §8, 000 §8). */
export const ResultCode = {
  ok: 1,
  /** Generic failure (validation, not found, forbidden…); `msg` says what. */
  fail: -1,
  /** Business rule refused (quota, limit). */
  refused: -2,
  /** Server-side failure; message hidden. */
  serverError: -100,
  /** File occupied by an open model (spec 001 §8). */
  occupied: -120,
  /** Session ended: logged out elsewhere or token revoked. */
  sessionEnded: -501,
  /** Session ended: token missing or expired. */
  sessionExpired: -20,
} as const;

/** Codes after which the web client logs out and goes to /login (000 §8). `'0004'` is the legacy string form. */
export const SESSION_ENDED_CODES: ReadonlyArray<number | string> = ['0004', -501, -20];

/** Whether an envelope code means "session ended". */
export function isSessionEnded(code: number | string): boolean {
  return SESSION_ENDED_CODES.includes(code) || code === 4;
}

/** Build the zod schema of an envelope whose `data` has the given schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data });
}

/** An envelope with any data, used for error answers. */
export const ErrorEnvelope = z.object({ code: z.number(), msg: z.string(), data: z.null() });

/** TypeScript shape of an envelope. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
