/**
 * The workplace chat app (DingTalk) sign-in — spec 000 §1 ("sign-in is automatic"), §2 (/ddLogin,
 * /login appType=inside), §7 (`DDLogin`, `ThirdPartyAccount/Login`). Both answer `LoginData` (auth.ts).
 */
import { z } from 'zod';

const codeField = z
  .string({ error: '缺少钉钉授权码' })
  .trim()
  .min(1, '缺少钉钉授权码')
  .max(512, '钉钉授权码无效');
const optionalText = z.string().trim().max(256).optional();

/**
 * `GET /api/DingDing/Account/DDLogin` query: the in-app auth code (`dd.runtime.permission.requestAuthCode`),
 * the corp it was asked for, and the application (agent) name or id, kept for the log.
 */
export const DDLoginQuery = z.object({
  code: codeField,
  corpId: optionalText,
  application: optionalText,
});
export type DDLoginQueryValue = z.infer<typeof DDLoginQuery>;

/**
 * `GET /api/DingDing/ThirdPartyAccount/Login` query: the OAuth2 auth code (exchanged by the server
 * with the app's own secret), the corp, and `access_token` / `userId` as the caller knows them —
 * never trusted for the identity (a token issued to another app would otherwise sign its user in).
 */
export const ThirdPartyLoginQuery = z.object({
  code: codeField,
  corpId: optionalText,
  access_token: optionalText,
  userId: optionalText,
});
export type ThirdPartyLoginQueryValue = z.infer<typeof ThirdPartyLoginQuery>;

/** Query names that carry the in-app auth code when DingTalk redirects to /ddLogin. */
export const DD_AUTH_CODE_PARAMS = ['code', 'authCode'] as const;
