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
