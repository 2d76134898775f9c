/**
 * Who may do what in which file area — the one policy every file endpoint asks first (spec 001 §1–§3,
 * §6; the rights table is in contracts/spaces.ts). A space the caller may not view answers 404 like a
 * missing one, so ids leak nothing; a space they may view but not change answers 403
 * `NO_RIGHT_MESSAGE`.
 *
 * Quota (000 §3 Space info, issue 5 "Quotas"): the personal space and `Mine` charge the user; a
 * project and the `Company` base charge the company; the public libraries charge nobody. Uploads into
 * a company's areas are refused once the company's service has ended (000 §8), like an expired
 * personal space refuses uploads into it.
 *
 * A company disabled by a system administrator (usage state 停用, companies/company-state.ts): its
 * projects and Company base — and so their files, lists and share links, which all ask here — are
 * refused to everybody with 403 `COMPANY_DISABLED_MSG`; personal areas and public libraries stay.
 */
import {
  NO_RIGHT_MESSAGE,
  ResultCode,
  SOURCE_TYPE_OF_KIND,
  type LibraryKindValue,
  type ProjectRoleValue,
  type SpaceKindValue,
  type SpaceRightsValue,
  type SpaceSummaryValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { companiesRepository } from '../companies/companies.repository.ts';
import { companyDisabled } from '../companies/company-state.ts';
import type { QuotaAccount } from '../quota/quota.repository.ts';
import {
  PERSONAL_EDITION_MSG,
  PERSONAL_EXPIRED_UPLOAD_MSG,
  serviceEnded,
} from '../service-state/service-state.service.ts';
import { spacesRepository, type SpaceRow, type Viewer } from './spaces.repository.ts';

/** The caller's standing in one space. */
export interface SpaceAccess {
  id: string;
  kind: SpaceKindValue;
  name: string;
  sourceType: 1 | 2 | 3;
  rights: SpaceRightsValue;
  role: ProjectRoleValue | null;
  quota: QuotaAccount;
  /** The company of a project or Company base (for company events and expiry), else null. */
  companyId: string | null;
  /** Who asked (their collect flags are shown on the rows). */
  viewerId: string;
}

/** An action checked by `require`. `editRow` is rename/delete of one row (Company base: own rows). */
export type SpaceAction = 'view' | 'download' | 'upload' | 'edit' | 'share' | 'manage';

/** Message of uploads into a company area after the company's service ended (000 §8). */
export const COMPANY_EXPIRED_UPLOAD_MSG = '企业空间已过期，文件上传受限，请联系管理员购买存储空间';

const NONE: SpaceRightsValue = {
  view: false,
  download: false,
  upload: false,
  edit: false,
  editOwn: false,
  share: false,
  manage: false,
};
const ALL: SpaceRightsValue = { ...NONE, view: true, download: true, upload: true, edit: true, share: true };

/** Rights of a project role. */
export function roleRights(role: ProjectRoleValue): SpaceRightsValue {
  if (role === 'viewer') return { ...NONE, view: true, download: true };
  return { ...ALL, manage: role === 'manager' };
}

/** The caller as the visibility SQL needs it (company areas vanish in the personal edition). */
export function viewerOf(ctx: AppContext, caller: Caller): Viewer {
  return {
    userId: caller.user.id,
    corpId: ctx.config.systemIsPersonal ? null : caller.user.corpId,
    isCorpAdmin: caller.user.isCorpAdmin,
  };
}

/** Space access service bound to the app context. */
export function spaceAccessService(ctx: AppContext) {
  const repo = spacesRepository(ctx.db);
  const companies = companiesRepository(ctx.db);

  function personal(caller: Caller): SpaceAccess {
    return {
      id: caller.user.id,
      kind: 'personal',
      name: '我的文件',
      sourceType: 2,
      rights: ALL,
      role: null,
      quota: { kind: 'user', id: caller.user.id },
      companyId: null,
      viewerId: caller.user.id,
    };
  }

  /** The caller's access to a space row, or null when they may not view it. */
  async function accessTo(caller: Caller, s: SpaceRow): Promise<SpaceAccess | null> {
    const kind = s.kind as SpaceKindValue;
    const u = caller.user;
    const inCompany = !ctx.config.systemIsPersonal && !!s.companyId && u.corpId === s.companyId;
    if (inCompany && (kind === 'project' || kind === 'Company')) await requireCompanyInUse(s.companyId!);
    let rights: SpaceRightsValue;
    let role: ProjectRoleValue | null = null;
    let quota: QuotaAccount = { kind: 'none' };
    let name = s.name;
    switch (kind) {
      case 'project': {
        if (!inCompany) return null;
        const member = (await repo.memberRole(s.id, u.id)) as ProjectRoleValue | undefined;
        role = member ?? (u.isCorpAdmin ? 'manager' : null);
        if (!role) return null;
        rights = roleRights(role);
        quota = { kind: 'company', id: s.companyId! };
        break;
      }
      case 'Company':
        if (!inCompany) return null;
        rights = { ...ALL, edit: u.isCorpAdmin, editOwn: !u.isCorpAdmin };
        quota = { kind: 'company', id: s.companyId! };
        name = '企业资源库';
        break;
      case 'Mine':
        if (s.creatorId !== u.id) return null;
        rights = ALL;
        quota = { kind: 'user', id: u.id };
        name = '我的资源库';
        break;
      case 'StandardInfo':
      case 'component':
      case 'blueprint':
        rights = { ...NONE, view: true, download: true, upload: u.isAdministrator, edit: u.isAdministrator };
        name = { StandardInfo: '公共标准库', component: '公共构件库', blueprint: '公共图纸库' }[kind];
        break;
      default:
        return null;
    }
    return {
      id: s.id,
      kind,
      name,
      sourceType: SOURCE_TYPE_OF_KIND[kind],
      rights,
      role,
      quota,
      companyId: s.companyId,
      viewerId: u.id,
    };
  }

  /** @throws 403 `COMPANY_DISABLED_MSG` while the company is disabled (usage state 停用). */
  async function requireCompanyInUse(companyId: string): Promise<void> {
    const c = await companies.findById(companyId);
    if (c?.disabledAt) throw companyDisabled();
  }

  /** The caller's access to a space id ('' = personal), or null when they may not view it. */
  async function resolve(caller: Caller, spaceId: string): Promise<SpaceAccess | null> {
    if (!spaceId || spaceId === caller.user.id) return personal(caller);
    const s = await repo.find(spaceId);
    return s ? accessTo(caller, s) : null;
  }

  /**
   * The caller's access to a space when it allows `action`.
   * @throws 404 when they may not view it, 403 `NO_RIGHT_MESSAGE` when the action is not theirs,
   *   403 with the expiry message for uploads into an area whose service has ended.
   */
  async function require(caller: Caller, spaceId: string, action: SpaceAction): Promise<SpaceAccess> {
    const a = await resolve(caller, spaceId);
    if (!a) throw notFound('该空间不存在或您无权访问');
    check(a, action);
    if (action === 'upload') await checkServiceFor(caller, a);
    return a;
  }

  /** @throws 403 when `a` does not allow `action`. */
  function check(a: SpaceAccess, action: SpaceAction): void {
    const ok = action === 'edit' ? a.rights.edit || a.rights.editOwn : a.rights[action];
    if (!ok) throw forbidden(NO_RIGHT_MESSAGE);
  }

  /** 000 §8: uploads are refused into an area whose paying service (personal or company) ended. */
  async function checkServiceFor(caller: Caller, a: SpaceAccess): Promise<void> {
    if (a.quota.kind === 'user' && serviceEnded(caller.user.serviceStopAt))
      throw new AppError(403, PERSONAL_EXPIRED_UPLOAD_MSG, ResultCode.refused);
    if (a.quota.kind === 'company') {
      const c = await companies.findById(a.quota.id);
      if (serviceEnded(c?.serviceStopAt))
        throw new AppError(403, COMPANY_EXPIRED_UPLOAD_MSG, ResultCode.refused);
    }
  }

  return {
    personal,
    requireCompanyInUse,
    resolve,
    require,
    check,

    /**
     * Access for an action on one row of the space (rename, delete, new version): `edit` everywhere,
     * or `editOwn` on rows the caller uploaded. @throws 403.
     */
    checkRow(a: SpaceAccess, row: { uploaderId: string | null }, caller: Caller): void {
      if (a.rights.edit) return;
      if (a.rights.editOwn && row.uploaderId === caller.user.id) return;
      throw forbidden(NO_RIGHT_MESSAGE);
    },

    /**
     * The knowledge base or public library of `kind` for the caller (created on first use).
     * @throws 403 for the Company base without a company or in the personal edition.
     */
    async library(caller: Caller, kind: LibraryKindValue): Promise<SpaceAccess> {
      if (kind === 'Company' && (ctx.config.systemIsPersonal || !caller.user.corpId))
        throw forbidden(ctx.config.systemIsPersonal ? PERSONAL_EDITION_MSG : '您还没有加入企业');
      const row = await repo.library(kind, {
        companyId: caller.user.corpId ?? undefined,
        userId: caller.user.id,
      });
      return (await accessTo(caller, row))!;
    },

    /** The summary the lists answer (`ListData.space`). */
    summary(a: SpaceAccess): SpaceSummaryValue {
      return {
        spaceId: a.id,
        kind: a.kind,
        name: a.name,
        sourceType: a.sourceType,
        rights: a.rights,
        role: a.role,
      };
    },
  };
}
export type SpaceAccessService = ReturnType<typeof spaceAccessService>;
