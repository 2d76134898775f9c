/** Sign-in, registration and session user — spec 000 §2 (/login), §3 (User), §5, §7 (phoneLogin). */
import { z } from 'zod';
import { PhoneSchema, NewPasswordSchema } from './validation.ts';
import { SmsCodeSchema, SmsMessages } from './account.ts';

/** Header that carries the session token on every request (000 §6 "A user token is sent on every request"). */
export const TOKEN_HEADER = 'authorization';
/** Header flag marking web-client requests (001 §7). */
export const WEB_FLAG_HEADER = 'x-client';

/**
 * Sign-in payload of `POST /api/Home/phoneLogin` (000 §7 "phone and credentials"): the phone with
 * either its password or an SMS code (from `SendLoginSms`). With both, the code is used.
 */
export const LoginBody = z
  .object({
    phone: PhoneSchema,
    password: z.string().max(128).optional(),
    code: z.string().trim().max(6, SmsMessages.format).optional(),
  })
  .superRefine((v, c) => {
    if (v.code) {
      if (!/^\d{6}$/.test(v.code))
        c.addIssue({ code: 'custom', path: ['code'], message: SmsMessages.format });
    } else if (!v.password) c.addIssue({ code: 'custom', path: ['password'], message: '请输入密码' });
  });

/**
 * Registration payload: phone, name and a password, or an SMS code (from `SendRegisterSms`) without a
 * password — that account has `ispassword` false until it sets one. A code and a password may both be given.
 */
export const RegisterBody = z
  .object({
    phone: PhoneSchema,
    password: NewPasswordSchema.optional(),
    code: SmsCodeSchema.optional(),
    name: z.string().trim().min(1, '请输入姓名').max(50),
  })
  .superRefine((v, c) => {
    if (!v.password && !v.code) c.addIssue({ code: 'custom', path: ['password'], message: '请输入密码' });
  });

/** Answer of `POST /api/Home/phoneLogin` with the fields listed in 000 §7. */
export const LoginData = z.object({
  userName: z.string(),
  userID: z.string(),
  isadministrator: z.boolean(),
  iscorpadmin: z.boolean(),
  avatar: z.string(),
  systemIsPersonal: z.boolean(),
  corpIdbit: z.boolean(),
  jwt: z.string(),
  token: z.string(),
  bitpop: z.boolean(),
  ispassword: z.boolean(),
});
export type LoginDataValue = z.infer<typeof LoginData>;

/** The signed-in user (000 §3 User (session)); sizes in bytes. */
export const SessionUser = z.object({
  userName: z.string(),
  userID: z.string(),
  phone: z.string(),
  isadministrator: z.boolean(),
  iscorpadmin: z.boolean(),
  avatar: z.string(),
  systemIsPersonal: z.boolean(),
  corpIdbit: z.boolean(),
  corpName: z.string(),
  corpLogoUrl: z.string(),
  usableSpace: z.number(),
  usedSpace: z.number(),
  usedPercent: z.number(),
  ispassword: z.boolean(),
});
export type SessionUserValue = z.infer<typeof SessionUser>;

/** Public client settings (`GET /api/Home/ClientConfig`): what the login page may offer. */
export const ClientConfig = z.object({
  productName: z.string(),
  registerEnabled: z.boolean(),
  systemIsPersonal: z.boolean(),
  officialSiteUrl: z.string(),
  /** Whether the demo account exists and its phone (embedded default only). */
  demoPhone: z.string().nullable(),
  /** Private deployment (000 §2 Account card, §6): hides help, consult-to-buy, space bars, System Management. */
  privateDeployment: z.boolean(),
  /** Muted looping login background video ('' = the still background). */
  loginVideoUrl: z.string(),
  /** Help-centre address shown as a QR code (扫码联系我们); '' hides the entry. */
  helpCenterUrl: z.string(),
  /** Consult-to-buy phone number; '' hides the entry. */
  consultPhone: z.string(),
  /** The chat app (DingTalk) sign-in is configured (000 §2 /ddLogin). */
  dingtalkEnabled: z.boolean(),
  /** The chat app's default corpId (DINGTALK_CORP_ID; '' when none), for /login?appType=inside and the auth code. */
  defaultCorpId: z.string(),
  /** Uploads one account may run at once (UPLOAD_CONCURRENCY); the upload queue starts no more. */
  uploadConcurrency: z.number().int().min(1),
});
