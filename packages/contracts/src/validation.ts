/**
 * Validators shared by server and web: phone (spec 000 §5), file names (spec 001 §5),
 * passwords (server policy) and share codes (001 §5).
 */
import { z } from 'zod';

/** Phone rule of 000 §5: optional prefix 0, 86 or 17951, then 1 and 10 digits. */
export const PHONE_PATTERN = /^(?:0|86|17951)?1\d{10}$/;

/** Strip the optional prefix so one phone has one canonical form (11 digits starting with 1). */
export function normalizePhone(phone: string): string {
  const trimmed = phone.trim();
  return trimmed.length > 11 ? trimmed.slice(trimmed.length - 11) : trimmed;
}

/** Characters a file or folder name must not contain (001 §5). */
export const ILLEGAL_NAME_CHARS = /[\\/:*?"<>|]/;

/** Exact message of 001 §5 for an illegal name. */
export const ILLEGAL_NAME_MESSAGE = '文件名不能包含下列任何字符 \\ / : * ? " < > |';

/** Zod schema of a file or folder name: 1–200 characters, none of the illegal ones, not "." or "..". */
export const FileNameSchema = z
  .string()
  .trim()
  .min(1, '请输入名称')
  .max(200, '名称不能超过200个字符')
  .refine((v) => !ILLEGAL_NAME_CHARS.test(v), ILLEGAL_NAME_MESSAGE)
  .refine((v) => v !== '.' && v !== '..', ILLEGAL_NAME_MESSAGE);

/** Zod schema of a phone field with the 000 §5 messages (zh-CN). */
export const PhoneSchema = z
  .string({ error: '请输入手机号' })
  .trim()
  .min(1, '请输入手机号')
  .regex(PHONE_PATTERN, '请输入正确的手机号');

/** Password policy for new passwords: at least 8 characters, not all letters or all digits (000 §5 hint). */
export const NewPasswordSchema = z
  .string()
  .min(8, '密码至少8位')
  .max(128, '密码不能超过128位')
  .refine((v) => !/^[A-Za-z]+$/.test(v) && !/^\d+$/.test(v), '密码不能全为字母或全为数字');

/** Characters of a unified social credit code (GB 32100-2015): digits and capitals without I O S V Z. */
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Weights of positions 1–17 for the check character (GB 32100-2015 §5): 3^(i−1) mod 31. */
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * Whether `code` is an 18-character unified social credit code whose 18th character is the
 * check character of GB 32100-2015: 31 − (Σ value(cᵢ)·wᵢ mod 31), 31 written as 0. Case-sensitive
 * (the standard uses capitals; callers upper-case input first).
 */
export function isCreditCode(code: string): boolean {
  if (code.length !== 18) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CODE_CHARS.indexOf(code[i]!);
    if (v < 0) return false;
    sum += v * CREDIT_CODE_WEIGHTS[i]!;
  }
  return code[17] === CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31];
}

/** Zod schema of an organisation code field (000 §5 join form; 18 characters, check per GB 32100-2015). */
export const CreditCodeSchema = z
  .string({ error: '请输入18位组织机构代码' })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v.length === 18, '请输入18位组织机构代码')
  .refine(isCreditCode, '组织机构代码校验失败，请核对后重新输入');

/**
 * Longest string any request field may carry (issue 15: lengths bounded). Schemas bound their own
 * fields tighter; this is the backstop the server applies to every string of every request.
 */
export const MAX_INPUT_STRING_LENGTH = 8192;

/** Message of a request string with a NUL byte or a lone surrogate. */
export const UNSAFE_TEXT_MESSAGE = '参数错误：包含非法字符';
/** Message of a request string longer than MAX_INPUT_STRING_LENGTH. */
export const TEXT_TOO_LONG_MESSAGE = '参数错误：内容过长';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a request string is refused, or null when it is acceptable: it holds a NUL (U+0000, which
 * PostgreSQL text cannot store) or a lone UTF-16 surrogate (not a character; no UTF-8 form), or it
 * is longer than `max`.
 */
export function unsafeTextReason(s: string, max = MAX_INPUT_STRING_LENGTH): string | null {
  if (s.length > max) return TEXT_TOO_LONG_MESSAGE;
  if (s.includes('\0') || LONE_SURROGATE.test(s)) return UNSAFE_TEXT_MESSAGE;
  return null;
}
