/**
 * A company's usage state (001 §2 /companyManagement 使用状态, §7 `UpdateCorpUsingStatus`):
 * 停用 while a system administrator has disabled it (`companies.disabled_at`), 已到期 past its
 * service end, 即将到期 within `EXPIRING_DAYS` of it, else 正常. The same rule in SQL filters the
 * company list (admin.repository.ts `companyState`).
 *
 * A disabled company's space — its projects, company library, their files and share links — is
 * refused to everybody with `COMPANY_DISABLED_MSG` (403); the rule lives in spaces/space-access.ts.
 * Its members keep their personal space and can still sign in. Enabling restores everything at once.
 */
import { ResultCode, type CompanyUsageState } from '@bimdrive/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

/** Days before its service end a company counts as 即将到期. */
export const EXPIRING_DAYS = 30;

/** The answer to anything in a disabled company's space (403, code -2). */
export const COMPANY_DISABLED_MSG = '该企业已被停用，如有疑问请联系管理员';

/** The 403 of a disabled company's space. */
export const companyDisabled = () => new AppError(403, COMPANY_DISABLED_MSG, ResultCode.refused);

/** The usage state of a company row at `now`. */
export function companyUsageState(
  c: { disabledAt: Date | null; serviceStopAt: Date | null },
  now = new Date(),
): z.infer<typeof CompanyUsageState> {
  if (c.disabledAt) return '停用';
  if (!c.serviceStopAt) return '正常';
  const left = c.serviceStopAt.getTime() - now.getTime();
  if (left <= 0) return '已到期';
  return left <= EXPIRING_DAYS * 24 * 3600 * 1000 ? '即将到期' : '正常';
}
