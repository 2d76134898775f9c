/**
 * Routes of the personal account (000 §7 WebAccount Save — multipart, or JSON for the name only — / BaseInfo / EditPwd / ValidateRegistPhone /
 * SendEditPhoneSms / EditPhoneFirstStep / EditPhone, `GET /api/home/GetimgFile`; SetPassword designed
 * in their style). Every route but GetimgFile authenticates first and acts on the caller's account;
 * GetimgFile is an `<img src>` and is guarded by its encrypted path instead.
 */
import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountMessages,
  Api,
  AVATAR_MAX_BYTES,
  BaseInfo,
  EditPwdBody,
  PhoneBody,
  PhoneCodeBody,
  SaveUserInfoFields,
  SetPasswordBody,
  SmsMessages,
  SmsSent,
  ValidateRegistPhoneData,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { badRequest, notFound, tooLarge } from '../../lib/errors.ts';
import { ok, okNull, okSchema } from '../../lib/http.ts';
import { decryptAvatarPath } from './avatar.ts';
import { callerOf } from '../auth/route-auth.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Read the multipart personal form: `userName` and at most one `avator` file. */
async function readSaveForm(
  parts: AsyncIterableIterator<Multipart>,
): Promise<{ fields: Record<string, string>; file?: Buffer }> {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'avator' || file) {
        part.file.resume();
        continue;
      }
      try {
        file = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw tooLarge(AccountMessages.imageTooLarge);
        throw err;
      }
      if (file.length === 0) file = undefined;
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}

/** Register the account routes. */
export function accountRoutes(ctx: AppContext, s: Pick<Services, 'account'>): FastifyPluginAsyncZod {
  const { account } = s;
  const tags = ['account'];
  const sendLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
  return async (app) => {
    // Only this plugin parses multipart bodies (the personal form).
    await app.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    const route = callerRoutes(app, tags);

    app.post(Api.accountSave, { schema: { tags, response: okNull } }, async (req) => {
      const caller = callerOf(req);
      // multipart (the web form, 000 §3 userName + avator) or JSON {userName} for a name only
      const { fields, file } = req.isMultipart()
        ? await readSaveForm(req.parts())
        : { fields: (req.body ?? {}) as Record<string, unknown>, file: undefined };
      const parsed = SaveUserInfoFields.safeParse({ userName: fields.userName });
      if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
      await account.save(caller, parsed.data.userName, file);
      return ok(null, AccountMessages.changed);
    });

    route.read(Api.accountBaseInfo, BaseInfo, (caller) => account.baseInfo(caller));

    route.act(Api.setPassword, SetPasswordBody, AccountMessages.set, (caller, body) =>
      account.setPassword(caller, body.password),
    );

    app.post(
      Api.editPwd,
      {
        schema: { tags, body: EditPwdBody, response: okNull },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (req) => {
        const caller = callerOf(req);
        await account.editPwd(caller, req.body.oldPwd, req.body.newPwd);
        return ok(null, AccountMessages.changed);
      },
    );

    app.post(
      Api.validateRegistPhone,
      {
        schema: { tags, body: PhoneBody, response: okSchema(ValidateRegistPhoneData) },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (req) => {
        return ok(await account.validateRegistPhone(req.body.phone));
      },
    );

    app.post(
      Api.sendEditPhoneSms,
      { schema: { tags, body: PhoneBody, response: okSchema(SmsSent) }, config: sendLimit },
      async (req) => {
        const caller = callerOf(req);
        return ok(await account.sendEditPhoneSms(caller, req.body.phone), SmsMessages.sent);
      },
    );

    route.act(Api.editPhoneFirstStep, PhoneCodeBody, '验证成功', (caller, body) =>
      account.editPhoneFirstStep(caller, body.phone, body.code),
    );

    route.act(Api.editPhone, PhoneCodeBody, AccountMessages.changed, (caller, body) =>
      account.editPhone(caller, body.phone, body.code),
    );

    app.get(
      Api.imgFile,
      {
        schema: { tags, querystring: z.object({ fileUrl: z.string().max(512).default('') }) },
        config: { public: 'signed-url' },
      },
      async (req, reply) => {
        const key = decryptAvatarPath(ctx, req.query.fileUrl);
        const stat = key ? await ctx.storage.stat(key) : null;
        if (!key || !stat) throw notFound('图片不存在');
        return reply
          .header('content-type', 'image/webp')
          .header('content-length', String(stat.size))
          .header('cache-control', 'private, max-age=86400')
          .send(ctx.storage.read(key));
      },
    );
  };
}
