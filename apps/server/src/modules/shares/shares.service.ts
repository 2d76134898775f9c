/**
 * Share links — spec 001 §2 (share dialog), §3 (share entry, share-limit response), §5 (请输入提取码,
 * Isallow), §7 (DrawingShareCheckForWeb, DrawingShare, DrawingShareList), §9 (validity 7 / 30 / 0 /
 * custom date); 000 §2 (/s landing). Wrong extraction codes are limited per link and client and per
 * link overall (429). Browse-only shares never hand out the original (see buildPreview).
 */
import type { z } from 'zod';
import type { ShareEntry, ShareCreatedValue, ShareListQueryValue } from '@bimdrive/contracts';
import { ResultCode } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError, badRequest, forbidden, gone, notFound, tooMany } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Caller } from '../auth/caller.ts';
import type { FilesService } from '../files/files.service.ts';
import { buildPreview } from '../files/preview.service.ts';
import type { FileRowDb } from '../files/files.repository.ts';
import { audited, logOperation } from '../operation-log/operation-log.repository.ts';
import type { SpaceAccessService } from '../spaces/space-access.ts';
import type { ShareLimitService } from '../plans/share-limit.ts';
import { newExtractionCode, newShareCode, sameCode } from './share-codes.ts';
import { sharesRepository, type ShareRow } from './shares.repository.ts';

/** Lifetime of a visitor's access token (seconds). */
export const SHARE_ACCESS_TTL_SECONDS = 12 * 3600;

type Entry = z.infer<typeof ShareEntry>;

/**
 * Expiry of a share from its entry (001 §9): 7 or 30 days from now, 0 = long-term (null), -1 = the
 * end of the custom date (local time). Other positive day counts are accepted as days.
 * @throws 400 for a missing or past custom date.
 */
export function expiryOf(entry: Pick<Entry, 'ShareType' | 'EffectiveDate'>, now = new Date()): Date | null {
  if (entry.ShareType === 0) return null;
  if (entry.ShareType > 0) return new Date(now.getTime() + entry.ShareType * 24 * 3600 * 1000);
  if (!entry.EffectiveDate) throw badRequest('请选择有效期');
  const [y, m, d] = entry.EffectiveDate.split('-').map(Number) as [number, number, number];
  const end = new Date(y, m - 1, d, 23, 59, 59, 999);
  if (Number.isNaN(end.getTime()) || end.getTime() <= now.getTime()) throw badRequest('有效期必须晚于今天');
  return end;
}

/** Whether a share is cancelled or past its expiry. */
export function shareState(s: ShareRow, now = new Date()): 'active' | 'cancelled' | 'expired' {
  if (s.cancelledAt) return 'cancelled';
  if (s.expiresAt && s.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** Shares service bound to the app context. */
export function sharesService(
  ctx: AppContext,
  deps: { files: FilesService; spaces: SpaceAccessService; shareLimit: ShareLimitService },
) {
  const repo = sharesRepository(ctx.db);
  const { files, spaces } = deps;
  const limits = deps.shareLimit;
  const links = (code: string) => ({
    webUrl: `${ctx.config.publicUrl}/s?code=${code}`,
    mobileUrl: `${ctx.config.publicUrl}/s?code=${code}&from=qrcode`,
  });
  /** A live share as a 我的分享 row (001 §3 share entry). */
  const presentShare = ({
    share,
    fileName,
    fileSuffix,
  }: {
    share: ShareRow;
    fileName: string;
    fileSuffix: string;
  }) => ({
    shareCode: share.code,
    fileIUID: share.fileId,
    fileName,
    fileSuffix,
    pwd: share.pwd,
    isPublic: share.isPublic,
    allowDownload: share.allowDownload,
    createTime: formatDateTime(share.createdAt),
    expireTime: formatDateTime(share.expiresAt),
    expired: shareState(share) === 'expired',
    webUrl: links(share.code).webUrl,
  });

  /**
   * Load a share for a visitor. A link lives on its creator's right to share the file: once they lose
   * it (left the project or company, removed, role lowered), the link answers like a cancelled one.
   * @throws 404 unknown/cancelled/creator no longer allowed, 410 expired.
   */
  async function requireActive(code: string) {
    const found = await repo.findByCode(code);
    if (!found) throw notFound('分享已取消或不存在');
    const state = shareState(found.share);
    if (state === 'cancelled') throw notFound('分享已取消或不存在');
    if (state === 'expired') throw gone('分享链接已过期');
    const access = await spaces.resolve({ user: found.owner, sessionId: '' }, found.file.spaceId);
    if (!access?.rights.share) throw notFound('分享已取消或不存在');
    return found;
  }

  /**
   * The live share and its file for a verified visitor token (the share preview and the shared
   * archive's entries, issue 14). @throws 403 without a valid token, 404 cancelled, 410 expired.
   */
  async function visit(token: string | undefined): Promise<{ share: ShareRow; file: FileRowDb }> {
    const code = token ? await ctx.tokens.verifyShare(token) : null;
    if (!code) throw forbidden('请输入提取码');
    const { share, file } = await requireActive(code);
    return { share, file };
  }

  /** The preview of a shared file for its visitors: its signed URLs live as long as the link. */
  const sharedPreview = (share: { code: string; allowDownload: boolean }, file: FileRowDb) =>
    buildPreview(ctx, file, {
      canDownload: share.allowDownload,
      collected: false,
      origin: { shareCode: share.code },
    });

  /** A visitor token for the share and the shared file's preview. */
  async function access(share: { code: string; allowDownload: boolean }, file: FileRowDb) {
    const accessToken = await ctx.tokens.signShare(share.code, SHARE_ACCESS_TTL_SECONDS);
    return { accessToken, preview: await sharedPreview(share, file) };
  }

  /**
   * An entry of a visitor's act on a link (no account: the entry belongs to the sharer's company).
   * Best effort: a failed write is logged and the visitor is answered as if it had not happened.
   */
  async function logVisit(
    action: 'share.open' | 'share.code.wrong',
    { share, file, owner }: { share: ShareRow; file: FileRowDb; owner: { corpId: string | null } },
  ) {
    await logOperation(ctx.db, {
      action,
      actorId: null,
      companyId: owner.corpId,
      objectType: 'share',
      objectId: share.code,
      objectName: file.name,
      detail: { ownerId: share.ownerId, fileId: file.id },
    }).catch((err: unknown) => ctx.log.error({ err, action }, 'operation log entry not written'));
  }

  return {
    /** The plan-based share limit (001 §3). Plans come later: always within limit for now. */
    async check(caller: Caller, entries: Entry[]) {
      for (const e of entries) await files.requireFile(caller, e.MainIUID, 'share');
      // The same evaluation share creation enforces (issue 16), so the dialog shows the notice first.
      return limits.check(
        caller,
        entries.map((e) => e.MainIUID),
      );
    },

    /** Create share links; answers the first. @throws 400 (empty custom code, bad date), 404 (not the caller's file). */
    async create(caller: Caller, entries: Entry[]): Promise<ShareCreatedValue> {
      const created: ShareCreatedValue[] = [];
      await limits.enforce(
        caller,
        entries.map((e) => e.MainIUID),
      );
      for (const e of entries) {
        const file = await files.requireFile(caller, e.MainIUID, 'share');
        if (file.kind !== 2) throw badRequest('文件夹暂不支持分享');
        const isPublic = e.Isvisible === '1';
        let pwd = '';
        if (!isPublic) {
          if (e.pwdSetWay === '2') {
            pwd = e.Pssword.trim();
            if (!pwd) throw badRequest('请输入提取码');
          } else pwd = newExtractionCode();
        }
        const expiresAt = expiryOf(e);
        const row = await audited(
          ctx.db,
          (tx) =>
            sharesRepository(tx).insert({
              code: newShareCode(),
              ownerId: caller.user.id,
              fileId: file.id,
              pwd,
              isPublic,
              allowDownload: e.Isallow === '1',
              viewName: e.viewname,
              expiresAt,
            }),
          (r) => ({
            action: 'share.create',
            actorId: caller.user.id,
            objectType: 'share',
            objectId: r.code,
            objectName: file.name,
            detail: {
              fileId: file.id,
              isPublic,
              allowDownload: r.allowDownload,
              expireTime: formatDateTime(expiresAt),
            },
          }),
        );
        created.push({ shareCode: row.code, pwd, ...links(row.code), expireTime: formatDateTime(expiresAt) });
      }
      return created[0]!;
    },

    /** Share counts per account (001 §7 DrawingShareList): the caller's own. */
    async counts(caller: Caller) {
      return [{ userName: caller.user.name, shareCount: await repo.countActiveByOwner(caller.user.id) }];
    },

    /** 我的分享: the caller's links with codes and expiry. */
    async mine(caller: Caller) {
      const rows = await repo.listByOwner(caller.user.id);
      return rows.map(presentShare);
    },

    /** 我的分享, one sorted and filtered page (ShareListQuery) with the total. */
    async minePage(caller: Caller, q: ShareListQueryValue) {
      const { rows, count } = await repo.pageByOwner(caller.user.id, q, new Date());
      return { list: rows.map(presentShare), count };
    },

    /** Cancel one of the caller's links. @throws 404 when not theirs. */
    async cancel(caller: Caller, code: string): Promise<void> {
      const found = await repo.findByCode(code);
      const cancelled = await audited(
        ctx.db,
        (tx) => sharesRepository(tx).cancel(caller.user.id, code),
        (done) =>
          done
            ? {
                action: 'share.cancel',
                actorId: caller.user.id,
                objectType: 'share',
                objectId: code,
                objectName: found?.file.name ?? '',
              }
            : null,
      );
      if (!cancelled) throw notFound('分享不存在');
    },

    /**
     * What the landing page shows before the code is typed; a public link's access (visitor token
     * and preview, as verify answers) comes with it, saving the visitor a round trip.
     */
    async info(code: string) {
      const found = await requireActive(code);
      const { share, file, sharerName } = found;
      if (share.isPublic) await logVisit('share.open', found);
      return {
        shareCode: share.code,
        fileName: file.name,
        sharerName,
        needPwd: !share.isPublic,
        expireTime: formatDateTime(share.expiresAt),
        access: share.isPublic ? await access(share, file) : null,
      };
    },

    /**
     * Check the extraction code and open the share. Wrong codes count against the link+client and the
     * link limits; once either is spent every attempt answers 429 until the window passes.
     */
    async verify(code: string, pwd: string, clientKey: string) {
      const found = await requireActive(code);
      const { share, file } = found;
      if (!share.isPublic) {
        const { perClient, perLink } = ctx.sharePwdLimiters;
        const [c, l] = await Promise.all([perClient.get(`${code}:${clientKey}`), perLink.get(code)]);
        const minutes = Math.ceil(ctx.config.sharePwd.windowSeconds / 60);
        const spent = (r: typeof c, max: number) => r !== null && r.consumedPoints >= max;
        if (spent(c, ctx.config.sharePwd.perClient) || spent(l, ctx.config.sharePwd.perLink)) {
          throw tooMany(`提取码错误次数过多，请${minutes}分钟后再试`);
        }
        if (!sameCode(pwd, share.pwd)) {
          await Promise.all([perClient.penalty(`${code}:${clientKey}`, 1), perLink.penalty(code, 1)]);
          await logVisit('share.code.wrong', found);
          throw new AppError(403, '提取码错误', ResultCode.fail, null, { expected: true });
        }
        await logVisit('share.open', found);
      }
      return access(share, file);
    },

    /** The preview for a verified visitor token. @throws 401/404/410. */
    async preview(token: string | undefined) {
      const { share, file } = await visit(token);
      return sharedPreview(share, file);
    },

    /**
     * Whether a URL handed out by share `code` for file `fileId` may still be used for `action`
     * (file-tickets.ts origins): the link is live and still shares that file, and allows downloads
     * for a download. @throws 404/410 as `requireActive`, 403 otherwise.
     */
    async grant(code: string, fileId: string, action: 'view' | 'download'): Promise<void> {
      const { share } = await requireActive(code);
      if (share.fileId !== fileId) throw forbidden('链接已失效，请刷新后重试');
      if (action === 'download' && !share.allowDownload) throw forbidden('没有下载权限');
    },

    visit,
  };
}
export type SharesService = ReturnType<typeof sharesService>;
