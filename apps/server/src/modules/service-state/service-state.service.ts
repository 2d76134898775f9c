/**
 * Service state of the signed-in user and deployment — spec 000 §2 "Navigation guard" steps 3–4,
 * §3 "Service expiry", §7 `ServiceTimeVerify` / `GetLoginUserMenuList`, §8 expiry warnings and
 * system verify failures; 001 §2 edition rules.
 *
 * - Company expiry: the caller's company `service_stop_at` has passed (null = 无限制, never).
 * - Personal expiry: the caller's own `service_stop_at` has passed (null = 无限制).
 * - Licence (private deployment only, see licence.ts): missing → `verifyFileNotExists`; bad or
 *   expired → `verifyFileError`. Outside a private deployment both are false.
 */
import type { MenuItemValue, ServiceTimeVerifyValue } from '@bimdrive/contracts';
import type { AppConfig } from '../../config.ts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../auth/caller.ts';
import { companiesRepository } from '../companies/companies.repository.ts';
import { checkLicence, type LicenceStatus } from './licence.ts';
import { buildMenu } from './menu.ts';

/** Whether a service end (null = unlimited) has passed at `now`. */
export function serviceEnded(stopAt: Date | null | undefined, now = new Date()): boolean {
  return stopAt != null && stopAt.getTime() <= now.getTime();
}

/** The licence status of a private deployment; `valid` when the deployment is not private. */
export async function deploymentLicence(config: AppConfig): Promise<LicenceStatus> {
  if (!config.privateDeployment) return 'valid';
  return checkLicence(config.licenceFile, config.licencePublicKey);
}

/** Message of calls refused in a private deployment without a valid licence. */
export const LICENCE_REFUSED_MSG = '系统验证失败：授权文件缺失、无效或已过期，请联系系统管理员';
/** Message of company calls in the personal edition. */
export const PERSONAL_EDITION_MSG = '个人版不支持企业功能';
/** Message of uploads refused because the personal space has expired (000 §8). */
export const PERSONAL_EXPIRED_UPLOAD_MSG = '您的个人空间已过期，文件上传受限，请购买存储空间后重试';

/** Service-state service bound to the app context. */
export function serviceStateService(ctx: AppContext) {
  const companies = companiesRepository(ctx.db);
  return {
    /** `ServiceTimeVerify` for the caller (see module doc). */
    async verify(caller: Caller): Promise<ServiceTimeVerifyValue> {
      const now = new Date();
      const corpId = ctx.config.systemIsPersonal ? null : caller.user.corpId;
      const company = corpId ? await companies.findById(corpId) : undefined;
      const licence = await deploymentLicence(ctx.config);
      return {
        isExpire: serviceEnded(company?.serviceStopAt, now),
        myIsExpire: serviceEnded(caller.user.serviceStopAt, now),
        verifyFileNotExists: licence === 'missing',
        verifyFileError: licence === 'invalid' || licence === 'expired',
      };
    },

    /** The caller's permission menu (menu.ts rules). */
    menu(caller: Caller): MenuItemValue[] {
      return buildMenu({
        isAdministrator: caller.user.isAdministrator,
        hasCompany: Boolean(caller.user.corpId),
        systemIsPersonal: ctx.config.systemIsPersonal,
        privateDeployment: ctx.config.privateDeployment,
      });
    },
  };
}
export type ServiceStateService = ReturnType<typeof serviceStateService>;
