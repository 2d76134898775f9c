/**
 * Send-code calls (issue 4): `POST Api.sendLoginSms` (验证码登录), `Api.sendRegisterSms` (registration)
 * and `Api.sendEditPhoneSms` (000 §7, both steps of the phone change). Each answers the seconds
 * until another code may be asked for; errors (60 s rule, daily cap, bound phone) are toasted.
 */
import { Api, type SmsSent } from '@bimdrive/contracts';
import type { z } from 'zod';
import { ApiError, api } from '../../../lib/api-client.ts';

/** Which send call. */
export type SmsTarget = 'login' | 'register' | 'editPhone';

const URLS: Record<SmsTarget, string> = {
  login: Api.sendLoginSms,
  register: Api.sendRegisterSms,
  editPhone: Api.sendEditPhoneSms,
};

/**
 * Ask for a code. Resolves to the countdown to show (seconds): 60 after a send, the seconds left when
 * the server says a code was sent less than 60 s ago, 0 on any other refusal.
 */
export async function sendSmsCode(target: SmsTarget, phone: string): Promise<number> {
  try {
    return (await api<z.infer<typeof SmsSent>>({ method: 'POST', url: URLS[target], data: { phone } }))
      .resendAfter;
  } catch (err) {
    const m = err instanceof ApiError ? /请(\d+)秒后再试/.exec(err.serverMsg) : null;
    return m ? Number(m[1]) : 0;
  }
}
