import { describe, expect, it } from 'vitest';
import {
  CreditCodeSchema,
  FileNameSchema,
  isCreditCode,
  ILLEGAL_NAME_MESSAGE,
  NewPasswordSchema,
  normalizePhone,
  PHONE_PATTERN,
  PhoneSchema,
  TEXT_TOO_LONG_MESSAGE,
  UNSAFE_TEXT_MESSAGE,
  unsafeTextReason,
} from './validation.ts';

const messageOf = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('phone rule (spec 000 §5)', () => {
  it('accepts 1 + 10 digits with the optional prefixes 0, 86 and 17951', () => {
    for (const p of ['13800000000', '013800000000', '8613800000000', '1795113800000000'])
      expect(PHONE_PATTERN.test(p), p).toBe(true);
  });
  it('refuses other prefixes, lengths and leading digits', () => {
    for (const p of [
      '23800000000',
      '1380000000',
      '138000000000',
      '+8613800000000',
      '8513800000000',
      '1380000000a',
    ])
      expect(PHONE_PATTERN.test(p), p).toBe(false);
  });
  it('answers the spec messages for empty and invalid phones', () => {
    expect(messageOf(PhoneSchema.safeParse(''))).toBe('请输入手机号');
    expect(messageOf(PhoneSchema.safeParse('12345'))).toBe('请输入正确的手机号');
    expect(PhoneSchema.safeParse(' 13800000000 ').success).toBe(true);
  });
  it('normalises every prefix to the same 11-digit phone', () => {
    expect(
      new Set(['13800000000', '013800000000', '8613800000000', '1795113800000000'].map(normalizePhone)),
    ).toEqual(new Set(['13800000000']));
  });
});

describe('file names (spec 001 §5)', () => {
  it('refuses each illegal character with the exact message', () => {
    for (const c of ['\\', '/', ':', '*', '?', '"', '<', '>', '|'])
      expect(messageOf(FileNameSchema.safeParse(`a${c}b.ifc`)), c).toBe(ILLEGAL_NAME_MESSAGE);
    expect(ILLEGAL_NAME_MESSAGE).toBe('文件名不能包含下列任何字符 \\ / : * ? " < > |');
  });
  it('accepts Chinese names, spaces and dots; refuses empty, "." and ".."', () => {
    expect(FileNameSchema.parse('  一层 平面图 v2.0.dwg ')).toBe('一层 平面图 v2.0.dwg');
    expect(FileNameSchema.safeParse('   ').success).toBe(false);
    expect(FileNameSchema.safeParse('..').success).toBe(false);
    expect(FileNameSchema.safeParse('.').success).toBe(false);
  });
});

describe('new passwords', () => {
  it('needs 8 characters, not all letters or all digits', () => {
    expect(NewPasswordSchema.safeParse('Bimdrive2026').success).toBe(true);
    expect(messageOf(NewPasswordSchema.safeParse('abc12'))).toBe('密码至少8位');
    expect(messageOf(NewPasswordSchema.safeParse('abcdefgh'))).toBe('密码不能全为字母或全为数字');
    expect(messageOf(NewPasswordSchema.safeParse('12345678'))).toBe('密码不能全为字母或全为数字');
  });
});

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts real codes, in either case through the schema', () => {
    for (const code of [
      '91350100M000100Y43',
      '91440300708461136T',
      '9144030071526726XG',
      '91110000802100433B',
    ])
      expect(isCreditCode(code)).toBe(true);
    expect(CreditCodeSchema.parse(' 91350100m000100y43 ')).toBe('91350100M000100Y43');
  });
  it('refuses a wrong check character, a wrong length and letters the standard excludes', () => {
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100I000100Y43')).toBe(false);
    expect(CreditCodeSchema.safeParse('9135').error?.issues[0]?.message).toBe('请输入18位组织机构代码');
    expect(CreditCodeSchema.safeParse('91350100M000100Y44').error?.issues[0]?.message).toBe(
      '组织机构代码校验失败，请核对后重新输入',
    );
  });
});

describe('request strings (issue 15)', () => {
  it('refuses NUL, lone surrogates and over-long strings; keeps CJK and emoji', () => {
    expect(unsafeTextReason('图纸 🙂 drawing')).toBeNull();
    expect(unsafeTextReason('a\u0000b')).toBe(UNSAFE_TEXT_MESSAGE);
    expect(unsafeTextReason('\ud83d')).toBe(UNSAFE_TEXT_MESSAGE);
    expect(unsafeTextReason('\ude42x')).toBe(UNSAFE_TEXT_MESSAGE);
    expect(unsafeTextReason('abcd', 3)).toBe(TEXT_TOO_LONG_MESSAGE);
  });
});
