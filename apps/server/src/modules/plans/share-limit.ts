/**
 * Share limits — spec 001 §2 (share dialog: over the limit a notice with the accounts table replaces
 * the form), §3 (share-limit response), §5 ("Sharing is refused when the file count exceeds the
 * licence limit"), §8, §9 (limits by plan); 000 §9 plan table.
 *
 * Active shares (not cancelled, not expired) count against the plan of the account that pays for
 * the file's area: a company's projects and 企业资源库 count against the company's plan (every
 * member's shares together), the personal space and 我的资源库 against the sharer's own plan. Public
 * libraries are not limited. The free trial and "over 500" are unlimited (plans.service).
 *
 * `check` answers the share-limit response of DrawingShareCheckForWeb; `enforce` (shares.service.ts `create`) refuses a
 * share creation that would go over: HTTP 403, envelope code -2 (ResultCode.refused), a Chinese
 * message, and `data` = the share-limit response (shareFileCount = shares after this one,
 * limitShareCount, viewData = accounts with their shared counts).
 * Files the caller cannot reach in their own areas are ignored here (the share call answers 404
 * for them), so the limit never tells anything about another account's files.
 */
import { ResultCode } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { companiesRepository } from '../companies/companies.repository.ts';
import { effectivePlan } from './plans.service.ts';
import { plansRepository } from './plans.repository.ts';

/** The share-limit response (001 §3 ShareLimitData). */
export interface ShareLimitResult {
  shareCountError: boolean;
  limitShareCount: number;
  shareFileCount: number;
  isview: boolean;
  viewData: Array<{ userName: string; shareCount: number }>;
  /** Whose plan was counted: the sharer's own (`person`) or the company's (`corp`). */
  scope?: 'person' | 'corp';
}

/** The message of a refused share (001 §8 share limit exceeded). */
export function shareLimitMessage(r: ShareLimitResult, company: boolean): string {
  return (
    `分享文件数量超出套餐限制：分享后共 ${r.shareFileCount} 个文件，套餐上限 ${r.limitShareCount} 个。` +
    (company ? '请联系企业管理员升级套餐' : '请升级套餐后再分享')
  );
}

/** Share-limit checks bound to the app context. */
export function shareLimitService(ctx: AppContext) {
  const repo = plansRepository(ctx.db);
  const companies = companiesRepository(ctx.db);

  /**
   * The share-limit response for sharing `fileIds` now, and whether the paying account is a company.
   * With files of several accounts, the first one over its limit is answered (else the last counted).
   */
  async function evaluate(
    caller: Caller,
    fileIds: string[],
  ): Promise<{ result: ShareLimitResult; company: boolean }> {
    const u = caller.user;
    const corpId = !ctx.config.systemIsPersonal && u.corpId ? u.corpId : null;
    let personal = 0;
    let corporate = 0;
    const byId = new Map((await repo.filesWithSpace([...new Set(fileIds)])).map((f) => [f.id, f]));
    // Each entry is one new link, even for the same file twice.
    for (const f of fileIds.flatMap((id) => byId.get(id) ?? [])) {
      if (f.spaceId === u.id || (f.spaceKind === 'Mine' && f.creatorId === u.id)) personal += 1;
      else if (corpId && f.companyId === corpId && (f.spaceKind === 'project' || f.spaceKind === 'Company'))
        corporate += 1;
    }
    let answer: { result: ShareLimitResult; company: boolean } = {
      result: { shareCountError: false, limitShareCount: 0, shareFileCount: 0, isview: false, viewData: [] },
      company: false,
    };
    if (corporate > 0 && corpId) {
      const company = await companies.findById(corpId);
      const { shareLimit } = effectivePlan(company?.planId);
      const viewData = (await repo.companyShareCounts(corpId)).map((r) => ({
        userName: r.userName,
        shareCount: Number(r.shareCount),
      }));
      const active = viewData.reduce((n, r) => n + r.shareCount, 0);
      const over = shareLimit !== null && active + corporate > shareLimit;
      answer = {
        result: {
          shareCountError: over,
          limitShareCount: shareLimit ?? 0,
          shareFileCount: active + corporate,
          isview: over,
          viewData,
          scope: 'corp',
        },
        company: true,
      };
      if (over) return answer;
    }
    if (personal > 0) {
      const { shareLimit } = effectivePlan(u.planId);
      const active = await repo.personalShareCount(u.id);
      const over = shareLimit !== null && active + personal > shareLimit;
      answer = {
        result: {
          shareCountError: over,
          limitShareCount: shareLimit ?? 0,
          shareFileCount: active + personal,
          isview: over,
          viewData: [{ userName: u.name, shareCount: active }],
          scope: 'person',
        },
        company: false,
      };
    }
    return answer;
  }

  return {
    /** The share-limit response (DrawingShareCheckForWeb) for sharing `fileIds`; limitShareCount 0 = unlimited. */
    async check(caller: Caller, fileIds: string[]): Promise<ShareLimitResult> {
      return (await evaluate(caller, fileIds)).result;
    },
    /** @throws 403 (code -2, data: the share-limit response) when sharing `fileIds` goes over the plan. */
    async enforce(caller: Caller, fileIds: string[]): Promise<void> {
      const { result, company } = await evaluate(caller, fileIds);
      if (result.shareCountError)
        throw new AppError(403, shareLimitMessage(result, company), ResultCode.refused, result);
    },
  };
}
export type ShareLimitService = ReturnType<typeof shareLimitService>;
