/**
 * Public send-code calls of the sign-in page (issue 4, in the style of 000 §7): `SendLoginSms`
 * (any phone gets a code — whether it has an account is only told to whoever holds the phone, at
 * sign-in) and `SendRegisterSms` (registration on; refuses a phone already bound, like Register).
 * Per-phone limits and the registration checks live in the service; these add a per-client limit.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, PhoneBody, SmsMessages, SmsSent } from '@bimdrive/contracts';
import { ok, okSchema } from '../../lib/http.ts';
import type { SmsService } from './sms.service.ts';

/** Per-client limit of the public send calls. */
const SEND_LIMIT = { max: 20, timeWindow: '1 minute' };

/** Register the public SMS routes. */
export function smsRoutes(sms: SmsService): FastifyPluginAsyncZod {
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
      async (req) => ok(await sms.sendRegister(req.body.phone), SmsMessages.sent),
    );
  };
}
