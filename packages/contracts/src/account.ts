/**
 * SMS codes, set-password and the personal account dialogs (issue 4; spec 000 §2 person dialog modes
 * editUserInfo / editPwd / editPhone and the 设置登录密码 dialog, §3 forms, §4 phone change, §5 rules
 * and messages, §7 WebAccount calls, §8 success messages). Shared by server and web.
 */
import { z } from 'zod';
import { NewPasswordSchema, PhoneSchema, UNSAFE_TEXT_MESSAGE, unsafeTextReason } from './validation.ts';

/** Messages of SMS codes (server answers and the web forms). */
export const SmsMessages = {
  sent: '验证码已发送',
  required: '请输入验证码',
  format: '请输入6位数字验证码',
  tooFrequent: (seconds: number) => `验证码发送过于频繁，请${seconds}秒后再试`,
  dailyLimit: '该手机号今日获取验证码次数已达上限，请明天再试',
  sendFailed: '短信发送失败，请稍后重试',
  none: '请先获取验证码',
  wrong: '验证码错误',
  expired: '验证码已过期，请重新获取',
  used: '验证码已失效，请重新获取',
  tooManyAttempts: '验证码错误次数过多，请重新获取',
} as const;

/** Messages of the password, phone and personal-info forms (000 §5, §8), word for word. */
export const AccountMessages = {
  // set login password (000 §5)
  passwordRequired: '请输入密码',
  confirmRequired: '请再次输入密码',
  mismatch: '两次输入的密码不一致！',
  // password change (000 §5)
  oldPwdRequired: '请输入旧密码',
  newPwdRequired: '请输入新密码',
  sameAsOld: '新密码与旧密码相同，请重新输入',
  passwordHint: '密码至少8位，不能全为字母或全为数字',
  oldPwdWrong: '旧密码错误',
  noPasswordYet: '您的账户尚未设置密码，请先设置登录密码',
  passwordAlreadySet: '已设置登录密码，如需更改请使用修改密码',
  // phone (000 §5)
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的手机号',
  phoneBound: '该手机号已被产品账号绑定',
  phoneNotCurrent: '请输入当前账号绑定的手机号',
  phoneSameAsCurrent: '新手机号不能与原手机号相同',
  stepOneFirst: '请先验证原手机号',
  // personal info (000 §5)
  nameRequired: '请输入姓名',
  imageOnly: '请上传图片文件',
  imageTooLarge: '头像图片不能超过5MB',
  // sign-in by code
  notRegistered: '该手机号尚未注册，请先注册',
  // success (000 §8)
  changed: '修改成功',
  set: '设置成功',
} as const;

/** Largest avatar upload (bytes). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** A 6-digit SMS code field. */
export const SmsCodeSchema = z
  .string({ error: SmsMessages.required })
  .trim()
  .min(1, SmsMessages.required)
  .regex(/^\d{6}$/, SmsMessages.format);

/** `{phone}` of the send-code and ValidateRegistPhone calls. */
export const PhoneBody = z.object({ phone: PhoneSchema });

/** `{phone, code}` of EditPhoneFirstStep / EditPhone. */
export const PhoneCodeBody = z.object({ phone: PhoneSchema, code: SmsCodeSchema });

/** Answer of a send-code call: seconds until another code may be asked for. */
export const SmsSent = z.object({ resendAfter: z.number() });

/** Answer of `POST /api/WebAccount/ValidateRegistPhone` (000 §7). */
export const ValidateRegistPhoneData = z.object({ hasRegisted: z.boolean() });

/** Answer of `GET /api/WebAccount/BaseInfo` (000 §7): ddUserAvatar is the chat-app avatar or ''. */
export const BaseInfo = z.object({
  userName: z.string(),
  phone: z.string(),
  avatar: z.string(),
  ddUserAvatar: z.string(),
});
export type BaseInfoValue = z.infer<typeof BaseInfo>;

const required = (msg: string) => z.string({ error: msg }).min(1, msg).max(128);

/** Set-password form (000 §3, §5): password, confirmPassword; the server also applies the new-password policy. */
export const SetPasswordBody = z
  .object({
    password: required(AccountMessages.passwordRequired),
    confirmPassword: required(AccountMessages.confirmRequired),
  })
  .superRefine((v, c) => {
    if (v.password !== v.confirmPassword)
      c.addIssue({ code: 'custom', path: ['confirmPassword'], message: AccountMessages.mismatch });
    else policy(v.password, ['password'], c);
  });

/** Password form (000 §3 oldPwd, newPwd, confirmPwd) with every rule of 000 §5, then the new-password policy. */
export const EditPwdBody = z
  .object({
    oldPwd: required(AccountMessages.oldPwdRequired),
    newPwd: required(AccountMessages.newPwdRequired),
    confirmPwd: required(AccountMessages.confirmRequired),
  })
  .superRefine((v, c) => {
    if (v.newPwd === v.oldPwd)
      c.addIssue({ code: 'custom', path: ['newPwd'], message: AccountMessages.sameAsOld });
    else if (v.confirmPwd !== v.newPwd)
      c.addIssue({ code: 'custom', path: ['confirmPwd'], message: AccountMessages.mismatch });
    else policy(v.newPwd, ['newPwd'], c);
  });

function policy(password: string, path: string[], c: z.RefinementCtx): void {
  const r = NewPasswordSchema.safeParse(password);
  if (!r.success) c.addIssue({ code: 'custom', path, message: r.error.issues[0]!.message });
}

/** Personal-info form fields besides the avatar file (000 §3 userName, avator). */
export const SaveUserInfoFields = z.object({
  // Read from a multipart form, which the server's JSON screening does not see: screened here.
  userName: z
    .string({ error: AccountMessages.nameRequired })
    .trim()
    .min(1, AccountMessages.nameRequired)
    .max(50)
    .refine((s) => unsafeTextReason(s) === null, UNSAFE_TEXT_MESSAGE),
});
