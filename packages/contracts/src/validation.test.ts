import { describe, expect, it } from 'vitest';
import {
  FileNameSchema,
  ILLEGAL_NAME_MESSAGE,
  NewPasswordSchema,
  normalizePhone,
  PHONE_PATTERN,
  PhoneSchema,
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
