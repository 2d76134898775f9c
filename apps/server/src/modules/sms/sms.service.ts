/**
 * SMS verification codes (issue 4; 000 §4 phone change, §7 SendEditPhoneSms / EditPhoneFirstStep /
 * EditPhone, SMS sign-in and registration): 6 digits from `crypto.randomInt`, valid 5 minutes, one
 * send per phone and purpose per 60 s, at most `SMS_DAILY_LIMIT` sends per phone in 24 hours, stored
 * as HMAC-SHA256 (key derived from the server secret) and compared in constant time, single use,
 * closed after 5 wrong attempts. A new code replaces the open one of the same phone and purpose.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AccountMessages, normalizePhone, SmsMessages } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError, badRequest, conflict, forbidden, tooMany } from '../../lib/errors.ts';
import { authRepository } from '../auth/auth.repository.ts';
import type { SmsPurpose } from './sms.provider.ts';
import { smsRepository } from './sms.repository.ts';

/** Life of a code. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
/** Minimum time between two sends to one phone for one purpose. */
export const SMS_RESEND_MS = 60_000;
/** Wrong attempts after which a code is closed. */
export const SMS_MAX_ATTEMPTS = 5;
/** Window of the daily cap (rolling, so no midnight burst). */
const DAY_MS = 24 * 3600_000;

/** A fresh 6-digit code (leading zeros kept). */
export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** SMS code service bound to the app context. */
export function smsService(ctx: AppContext) {
  const repo = smsRepository(ctx.db);
  const users = authRepository(ctx.db);
  const hash = (phone: string, purpose: SmsPurpose, code: string) =>
    createHmac('sha256', ctx.secretKey('sms-code')).update(`${purpose}:${phone}:${code}`).digest();

  /**
   * Send a new code to `phone` for `purpose`.
   * @returns seconds until the next send is allowed (60).
   * @throws 429 (code -2) within 60 s of the last send (message with the seconds left) or over the
   *   daily cap; 502 when the provider fails (nothing is stored then).
   */
  async function send(rawPhone: string, purpose: SmsPurpose): Promise<{ resendAfter: number }> {
    const phone = normalizePhone(rawPhone);
    const code = newSmsCode();
    const row = await repo.withPhoneLock(phone, async (tx) => {
      const now = Date.now();
      const last = await repo.latest(tx, phone, purpose);
      const since = last ? now - last.createdAt.getTime() : Infinity;
      if (since < SMS_RESEND_MS)
        throw tooMany(SmsMessages.tooFrequent(Math.ceil((SMS_RESEND_MS - since) / 1000)));
      if ((await repo.countSince(tx, phone, new Date(now - DAY_MS))) >= ctx.config.sms.dailyLimit)
        throw tooMany(SmsMessages.dailyLimit);
      await repo.deleteOlderThan(tx, phone, new Date(now - 2 * DAY_MS));
      await repo.closeOpen(tx, phone, purpose);
      return repo.insert(tx, {
        phone,
        purpose,
        codeHash: hash(phone, purpose, code).toString('hex'),
        createdAt: new Date(now),
        expiresAt: new Date(now + SMS_CODE_TTL_MS),
      });
    });
    try {
      await ctx.sms.send(phone, code, purpose);
    } catch (err) {
      await repo.delete(row.id);
      ctx.log.error({ err, phone, purpose }, 'sms send failed');
      throw new AppError(502, SmsMessages.sendFailed);
    }
    return { resendAfter: SMS_RESEND_MS / 1000 };
  }

  return {
    send,

    /**
     * Send a registration code (SendRegisterSms): like `send`, for a phone no account is bound to.
     * @throws 403 while registration is off (config REGISTER_ENABLED), 409 `AccountMessages.phoneBound`
     *   for a bound phone, else as `send`.
     */
    async sendRegister(rawPhone: string): Promise<{ resendAfter: number }> {
      if (!ctx.config.registerEnabled) throw forbidden('注册功能未开放');
      if (await users.findUserByPhone(normalizePhone(rawPhone))) throw conflict(AccountMessages.phoneBound);
      return send(rawPhone, 'register');
    },

    /** Remove codes older than two days (they only served the 60 s and daily rules); answers how many. */
    async cleanup(): Promise<number> {
      return repo.deleteAllOlderThan(new Date(Date.now() - 2 * DAY_MS));
    },

    /**
     * Check and use up the code of `phone` for `purpose`.
     * @throws 400 with 请先获取验证码 / 验证码错误 / 验证码已过期，请重新获取 / 验证码已失效，请重新获取 /
     *   验证码错误次数过多，请重新获取.
     */
    async verify(rawPhone: string, purpose: SmsPurpose, code: string): Promise<void> {
      const phone = normalizePhone(rawPhone);
      const row = await repo.latest(ctx.db, phone, purpose);
      if (!row) throw badRequest(SmsMessages.none);
      if (row.attempts >= SMS_MAX_ATTEMPTS) throw badRequest(SmsMessages.tooManyAttempts);
      if (row.consumedAt) throw badRequest(SmsMessages.used);
      if (row.expiresAt.getTime() <= Date.now()) throw badRequest(SmsMessages.expired);
      const expected = Buffer.from(row.codeHash, 'hex');
      const actual = hash(phone, purpose, code.trim());
      if (!(expected.length === actual.length && timingSafeEqual(expected, actual))) {
        const attempts = await repo.addAttempt(row.id, SMS_MAX_ATTEMPTS);
        if (attempts === null) throw badRequest(SmsMessages.used);
        throw badRequest(attempts >= SMS_MAX_ATTEMPTS ? SmsMessages.tooManyAttempts : SmsMessages.wrong);
      }
      if (!(await repo.consume(row.id))) throw badRequest(SmsMessages.used);
    },
  };
}
export type SmsService = ReturnType<typeof smsService>;
