/** Validators and messages of the set-password, password, phone and personal forms (000 §5, issue 4). */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AccountMessages,
  EditPwdBody,
  PhoneCodeBody,
  SaveUserInfoFields,
  SetPasswordBody,
  SmsCodeSchema,
  SmsMessages,
} from './account.ts';
import { LoginBody, RegisterBody } from './auth.ts';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('set login password (000 §5)', () => {
  it.each([
    [{}, AccountMessages.passwordRequired],
    [{ password: '', confirmPassword: 'x' }, AccountMessages.passwordRequired],
    [{ password: 'Abcdefg1' }, AccountMessages.confirmRequired],
    [{ password: 'Abcdefg1', confirmPassword: '' }, AccountMessages.confirmRequired],
    [{ password: 'Abcdefg1', confirmPassword: 'Abcdefg2' }, '两次输入的密码不一致！'],
    [{ password: 'short1', confirmPassword: 'short1' }, '密码至少8位'],
    [{ password: 'abcdefghi', confirmPassword: 'abcdefghi' }, '密码不能全为字母或全为数字'],
    [{ password: 'Abcdefg1', confirmPassword: 'Abcdefg1' }, null],
  ])('%j → %s', (value, msg) => expect(firstMessage(SetPasswordBody, value)).toBe(msg));
  it('uses the words of the spec', () => {
    expect([
      AccountMessages.passwordRequired,
      AccountMessages.confirmRequired,
      AccountMessages.mismatch,
    ]).toEqual(['请输入密码', '请再次输入密码', '两次输入的密码不一致！']);
  });
});

describe('password change (000 §5)', () => {
  it.each([
    [{ newPwd: 'Abcdefg1', confirmPwd: 'Abcdefg1' }, '请输入旧密码'],
    [{ oldPwd: 'Old12345', confirmPwd: 'Abcdefg1' }, '请输入新密码'],
    [{ oldPwd: 'Old12345', newPwd: 'Old12345', confirmPwd: 'Old12345' }, '新密码与旧密码相同，请重新输入'],
    [{ oldPwd: 'Old12345', newPwd: 'Abcdefg1' }, '请再次输入密码'],
    [{ oldPwd: 'Old12345', newPwd: 'Abcdefg1', confirmPwd: 'Abcdefg2' }, '两次输入的密码不一致！'],
    [{ oldPwd: 'Old12345', newPwd: '12345678', confirmPwd: '12345678' }, '密码不能全为字母或全为数字'],
    [{ oldPwd: 'Old12345', newPwd: 'Abcdefg1', confirmPwd: 'Abcdefg1' }, null],
  ])('%j → %s', (value, msg) => expect(firstMessage(EditPwdBody, value)).toBe(msg));
});

describe('phone and code (000 §5)', () => {
  it.each([
    [{ code: '123456' }, '请输入手机号'],
    [{ phone: '', code: '123456' }, '请输入手机号'],
    [{ phone: '2380000000', code: '123456' }, '请输入正确的手机号'],
    [{ phone: '13800000000' }, '请输入验证码'],
    [{ phone: '13800000000', code: '' }, '请输入验证码'],
    [{ phone: '13800000000', code: '12345' }, SmsMessages.format],
    [{ phone: '17951138000000000', code: '123456' }, '请输入正确的手机号'],
    [{ phone: '1795113800000000', code: '123456' }, null],
    [{ phone: '8613800000000', code: ' 123456 ' }, null],
  ])('%j → %s', (value, msg) => expect(firstMessage(PhoneCodeBody, value)).toBe(msg));
  it('the bound-phone message is the spec’s', () =>
    expect(AccountMessages.phoneBound).toBe('该手机号已被产品账号绑定'));
  it('codes are exactly 6 digits', () => {
    expect(SmsCodeSchema.safeParse('000123').success).toBe(true);
    expect(SmsCodeSchema.safeParse('1234567').success).toBe(false);
    expect(SmsMessages.tooFrequent(42)).toBe('验证码发送过于频繁，请42秒后再试');
  });
});

describe('personal info (000 §5)', () => {
  it('requires a name', () => {
    expect(firstMessage(SaveUserInfoFields, { userName: '  ' })).toBe('请输入姓名');
    expect(firstMessage(SaveUserInfoFields, {})).toBe('请输入姓名');
    expect(SaveUserInfoFields.parse({ userName: ' 张三 ' })).toEqual({ userName: '张三' });
  });
});

describe('sign-in and registration payloads', () => {
  it('sign-in takes a password or a 6-digit code', () => {
    expect(firstMessage(LoginBody, { phone: '13800000000' })).toBe('请输入密码');
    expect(firstMessage(LoginBody, { phone: '13800000000', password: 'x' })).toBeNull();
    expect(firstMessage(LoginBody, { phone: '13800000000', code: '123456' })).toBeNull();
    expect(firstMessage(LoginBody, { phone: '13800000000', code: '12a456' })).toBe(SmsMessages.format);
  });
  it('registration takes a strong password or a code', () => {
    expect(firstMessage(RegisterBody, { phone: '13800000000', name: 'a' })).toBe('请输入密码');
    expect(firstMessage(RegisterBody, { phone: '13800000000', name: 'a', code: '123456' })).toBeNull();
    expect(firstMessage(RegisterBody, { phone: '13800000000', name: 'a', password: 'Abcdefg1' })).toBeNull();
    expect(firstMessage(RegisterBody, { phone: '13800000000', name: 'a', password: 'abc' })).toBe(
      '密码至少8位',
    );
  });
});
