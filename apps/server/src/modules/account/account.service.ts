/**
 * The personal account (issue 4; spec 000 §2 person dialog modes editUserInfo / editPwd / editPhone
 * and the 设置登录密码 dialog, §3 forms, §4 phone change and password change, §5 rules, §7 WebAccount
 * Save / BaseInfo / EditPwd / ValidateRegistPhone / SendEditPhoneSms / EditPhoneFirstStep /
 * EditPhone). Every method acts on the caller's own account only.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountMessages, normalizePhone, type BaseInfoValue } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { authRepository } from '../auth/auth.repository.ts';
import { dingtalkAvatarOf } from '../dingtalk/dingtalk.repository.ts';
import type { Caller } from '../auth/caller.ts';
import { audited } from '../operation-log/operation-log.repository.ts';
import type { SmsService } from '../sms/sms.service.ts';
import { accountRepository, isUniqueViolation } from './account.repository.ts';
import { avatarUrl, isStoredAvatar, makeAvatar } from './avatar.ts';

/** How long step 1 of a phone change (current phone verified) stays good for step 2. */
export const PHONE_CHANGE_WINDOW_MS = 10 * 60_000;

/** Account service bound to the app context. */
export function accountService(ctx: AppContext, deps: { sms: SmsService }) {
  const repo = accountRepository(ctx.db);
  const users = authRepository(ctx.db);
  const { sms } = deps;

  /** Whether the caller's session proved its current phone recently (step 1). */
  async function hasFreshGrant(caller: Caller): Promise<boolean> {
    const grant = await repo.findGrant(caller.sessionId);
    return Boolean(
      grant &&
      grant.userId === caller.user.id &&
      grant.oldPhone === caller.user.phone &&
      Date.now() - grant.verifiedAt.getTime() <= PHONE_CHANGE_WINDOW_MS,
    );
  }

  return {
    /**
     * Save name and, optionally, a new avatar (000 §3 Personal form). The image is checked and made
     * by `makeAvatar`; the previous stored avatar is removed.
     * @throws 400 请上传图片文件 for anything that is not a raster image.
     */
    async save(caller: Caller, userName: string, avatarBytes?: Buffer): Promise<void> {
      let key: string | undefined;
      if (avatarBytes) {
        const webp = await makeAvatar(avatarBytes);
        key = `avatars/${caller.user.id}/${randomUUID()}.webp`;
        const dir = await mkdtemp(path.join(tmpdir(), 'bimdrive-avatar-'));
        try {
          const tmp = path.join(dir, 'avatar.webp');
          await writeFile(tmp, webp);
          await ctx.storage.importFile(key, tmp);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }
      const previous = await repo.updateProfile(caller.user.id, userName, key);
      if (key && previous && isStoredAvatar(previous)) await ctx.storage.deletePrefix(previous);
    },

    /**
     * `BaseInfo` (000 §7): name, phone, avatar URL and `ddUserAvatar`, the avatar of the account's
     * most recent DingTalk sign-in, or '' when it never signed in through DingTalk.
     */
    async baseInfo(caller: Caller): Promise<BaseInfoValue> {
      const u = caller.user;
      return {
        userName: u.name,
        phone: u.phone,
        avatar: avatarUrl(ctx, u.avatar),
        ddUserAvatar: await dingtalkAvatarOf(ctx.db, u.id),
      };
    },

    /**
     * Set the first login password (000 §2 设置登录密码 dialog; only while `ispassword` is false).
     * @throws 400 when the account already has a password.
     */
    async setPassword(caller: Caller, password: string): Promise<void> {
      if (caller.user.passwordHash) throw badRequest(AccountMessages.passwordAlreadySet);
      if (!(await repo.setPasswordIfNone(caller.user.id, await hashPassword(password))))
        throw badRequest(AccountMessages.passwordAlreadySet);
    },

    /**
     * Change the password (000 §4, §5): the old one must match; on success every session of the
     * account ends (the web client logs out after 1000 ms).
     * @throws 400 旧密码错误, or when the account has no password yet.
     */
    async editPwd(caller: Caller, oldPwd: string, newPwd: string): Promise<void> {
      const stored = caller.user.passwordHash;
      if (!stored) throw badRequest(AccountMessages.noPasswordYet);
      if (!(await verifyPassword(oldPwd, stored))) throw badRequest(AccountMessages.oldPwdWrong);
      const passwordHash = await hashPassword(newPwd);
      await audited(
        ctx.db,
        async (tx) => {
          const r = accountRepository(tx);
          await r.updatePassword(caller.user.id, passwordHash);
          await r.revokeAllSessions(caller.user.id, 'password-changed');
        },
        () => ({
          action: 'account.password.change',
          actorId: caller.user.id,
          objectType: 'user',
          objectId: caller.user.id,
          objectName: caller.user.phone,
        }),
      );
    },

    /** `ValidateRegistPhone` (000 §7): whether an account has this phone. */
    async validateRegistPhone(phone: string): Promise<{ hasRegisted: boolean }> {
      return { hasRegisted: Boolean(await users.findUserByPhone(normalizePhone(phone))) };
    },

    /**
     * `SendEditPhoneSms` (000 §7): to the caller's current phone → the step-1 code; to another phone
     * → the step-2 code, only after step 1 in this session and only for a phone no account has.
     * @throws 400 请先验证原手机号, 409 该手机号已被产品账号绑定, 429 / 502 from the SMS service.
     */
    async sendEditPhoneSms(caller: Caller, rawPhone: string): Promise<{ resendAfter: number }> {
      const phone = normalizePhone(rawPhone);
      if (phone === caller.user.phone) return sms.send(phone, 'editPhoneOld');
      if (!(await hasFreshGrant(caller))) throw badRequest(AccountMessages.stepOneFirst);
      if (await users.findUserByPhone(phone)) throw conflict(AccountMessages.phoneBound);
      return sms.send(phone, 'editPhoneNew');
    },

    /**
     * Step 1 of the phone change (000 §4): verify the current phone with its code; the session may
     * then change the phone within 10 minutes.
     */
    async editPhoneFirstStep(caller: Caller, rawPhone: string, code: string): Promise<void> {
      const phone = normalizePhone(rawPhone);
      if (phone !== caller.user.phone) throw badRequest(AccountMessages.phoneNotCurrent);
      await sms.verify(phone, 'editPhoneOld', code);
      await repo.saveGrant(caller.sessionId, caller.user.id, phone);
    },

    /**
     * Step 2 (000 §4): set the new phone, verified by its code, after step 1 in this session.
     * @throws 400 请先验证原手机号 / same phone / code refused, 409 该手机号已被产品账号绑定.
     */
    async editPhone(caller: Caller, rawPhone: string, code: string): Promise<void> {
      const phone = normalizePhone(rawPhone);
      if (!(await hasFreshGrant(caller))) throw badRequest(AccountMessages.stepOneFirst);
      if (phone === caller.user.phone) throw badRequest(AccountMessages.phoneSameAsCurrent);
      if (await users.findUserByPhone(phone)) throw conflict(AccountMessages.phoneBound);
      await sms.verify(phone, 'editPhoneNew', code);
      try {
        await audited(
          ctx.db,
          (tx) => accountRepository(tx).changePhone(caller.user.id, caller.sessionId, phone),
          () => ({
            action: 'account.phone.change',
            actorId: caller.user.id,
            objectType: 'user',
            objectId: caller.user.id,
            objectName: caller.user.name,
            detail: { before: caller.user.phone, after: phone },
          }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(AccountMessages.phoneBound);
        throw err;
      }
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
