/**
 * Strings validated once, for every route (issue 15): before any route's schema, every string of
 * the query, the path parameters and the parsed body — keys and values, at any depth — is screened
 * (contracts `unsafeTextReason`): a NUL byte or a lone surrogate, or a string longer than
 * `MAX_INPUT_STRING_LENGTH`, answers 400 with the envelope, so no such value reaches a service, the
 * database (PostgreSQL text cannot hold NUL) or a file name. Bodies nested deeper than `MAX_DEPTH`
 * are refused too. Raw bodies (tus chunks, multipart streams) are not parsed here and not screened.
 */
import type { FastifyInstance } from 'fastify';
import { unsafeTextReason } from '@bimdrive/contracts';
import { badRequest } from './errors.ts';

/** Deepest nesting of arrays and objects a request may carry. */
export const MAX_DEPTH = 32;

/** Message of a body nested too deeply. */
const TOO_DEEP_MSG = '参数错误：结构层次过深';

/**
 * Why a parsed value is refused, or null when every string in it is acceptable. Iterative, so a
 * deeply nested body cannot exhaust the stack.
 */
export function screenValue(value: unknown): string | null {
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const reason = unsafeTextReason(v);
      if (reason) return reason;
    } else if (v !== null && typeof v === 'object') {
      if (Buffer.isBuffer(v)) continue;
      if (depth >= MAX_DEPTH) return TOO_DEEP_MSG;
      if (Array.isArray(v)) for (const item of v) stack.push({ v: item, depth: depth + 1 });
      else
        for (const [key, item] of Object.entries(v)) {
          const reason = unsafeTextReason(key);
          if (reason) return reason;
          stack.push({ v: item, depth: depth + 1 });
        }
    }
  }
  return null;
}

/** Add the screening to the root (after body decryption, before every route's validation). */
export function addInputScreening(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const reason = screenValue(req.params) ?? screenValue(req.query) ?? screenValue(req.body);
    if (reason) throw badRequest(reason);
  });
}
