/**
 * Client-side file and folder name check (spec 001 §5): names must not contain \ / : * ? " < > |,
 * with the exact message 文件名不能包含下列任何字符 \ / : * ? " < > |.
 * The same rules as the shared `FileNameSchema` (contracts validation.ts), written out so the file
 * lists do not load zod with their first screen (issue 17: initial JavaScript); file-name.test.ts
 * checks that both answer alike.
 */
import { ILLEGAL_NAME_CHARS, ILLEGAL_NAME_MESSAGE } from '@bimdrive/contracts';

/**
 * Validate a file or folder name (`FileNameSchema`'s rules and messages, first failing rule).
 * @returns null when valid, otherwise the message to show.
 */
export function validateFileName(name: string): string | null {
  const v = name.trim();
  if (v.length < 1) return '请输入名称';
  if (v.length > 200) return '名称不能超过200个字符';
  if (ILLEGAL_NAME_CHARS.test(v) || v === '.' || v === '..') return ILLEGAL_NAME_MESSAGE;
  return null;
}
