/**
 * The chat-app sign-in calls (spec 000 §7): `GET Api.ddLogin` (query code, corpId, application) with
 * the in-app auth code, and `GET Api.ddThirdPartyLogin` (query code, corpId) with an OAuth2 auth code.
 * Both answer the phone sign-in's `LoginData`. Silent: the chat-app screen shows the message itself.
 */
import { Api, type LoginDataValue } from '@bimdrive/contracts';
import { api } from '../../../lib/api-client.ts';

/** In-app sign-in with the auth code of `dd.runtime.permission.requestAuthCode`. */
export function ddLogin(q: { code: string; corpId?: string; application?: string }): Promise<LoginDataValue> {
  return api<LoginDataValue>({ url: Api.ddLogin, params: q, silent: true });
}

/** Third-party OAuth2 sign-in with the `authCode` DingTalk's authorisation page redirected with. */
export function ddThirdPartyLogin(q: { code: string; corpId?: string }): Promise<LoginDataValue> {
  return api<LoginDataValue>({ url: Api.ddThirdPartyLogin, params: q, silent: true });
}
