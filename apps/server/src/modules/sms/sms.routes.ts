/**
 * Public send-code calls of the sign-in page (issue 4, in the style of 000 §7): `SendLoginSms`
 * (any phone gets a code — whether it has an account is only told to whoever holds the phone, at
 * sign-in) and `SendRegisterSms` (registration on; refuses a phone already bound, like Register).
 * Per-phone limits live in the service; these add a per-client limit.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountMessages, Api, normalizePhone, PhoneBody, SmsMessages, SmsSent } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { ok, okSchema } from '../../lib/http.ts';
import { authRepository } from '../auth/auth.repository.ts';
import { smsService } from './sms.service.ts';

/** Per-client limit of the public send calls. */
const SEND_LIMIT = { max: 20, timeWindow: '1 minute' };

/** Register the public SMS routes. */
export function smsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const sms = smsService(ctx);
  const users = authRepository(ctx.db);
  const tags = ['auth'];
  return async (app) => {
    app.post(
      Api.sendLoginSms,
      {
        schema: { tags, body: PhoneBody, response: okSchema(SmsSent) },
        config: { public: true, rateLimit: SEND_LIMIT },
      },
      async (req) => ok(await sms.send(req.body.phone, 'login'), SmsMessages.sent),
    );

    app.post(
      Api.sendRegisterSms,
      {
        schema: { tags, body: PhoneBody, response: okSchema(SmsSent) },
        config: { public: true, rateLimit: SEND_LIMIT },
      },
      async (req) => {
        if (!ctx.config.registerEnabled) throw forbidden('注册功能未开放');
        if (await users.findUserByPhone(normalizePhone(req.body.phone)))
          throw conflict(AccountMessages.phoneBound);
        return ok(await sms.send(req.body.phone, 'register'), SmsMessages.sent);
      },
    );
  };
}
