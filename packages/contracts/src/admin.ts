/**
 * System administration (001 §2 administration group, layout 4: /personalManagement,
 * /companyManagement, /operationLog; §6 roles) — query and answer shapes of the
 * `/api/SystemSetting/*` calls in routes.ts. Users and companies are for system administrators
 * only; the operation log is for system administrators (every entry) and company administrators
 * (their company's entries only). Everyone else gets 403.
 */
import { z } from 'zod';
import { OrderView } from './plans.ts';
import { NewPasswordSchema } from './validation.ts';

/** A short free-text filter (no control characters). */
const SearchText = z
  .string()
  .trim()
  .max(64)
  .refine((v) => ![...v].some((ch) => ch.charCodeAt(0) < 0x20), '包含非法字符');

const Paging = {
  page: z.coerce.number().int().min(1).default(1),
  rows: z.coerce.number().int().min(1).max(200).default(20),
};

/**
 * Stable codes of operation-log actions (`admin.*` entries add the administration calls). The list
 * is what the /operationLog action filter offers; the log itself accepts any code.
 */
export const OPERATION_ACTIONS = [
  'auth.login.ok',
  'auth.login.fail',
  'auth.logout',
  'account.password.change',
  'account.phone.change',
  'file.upload',
  'file.delete',
  'file.download',
  'share.create',
  'share.cancel',
  'share.open',
  'share.code.wrong',
  'company.member.add',
  'company.member.remove',
  'company.member.role',
  'order.paid',
  'admin.user.disable',
  'admin.user.enable',
  'admin.user.quota',
  'admin.user.serviceEnd',
  'admin.user.password',
  'admin.company.quota',
  'admin.company.serviceEnd',
  'admin.company.disable',
  'admin.company.enable',
] as const;

/** `GET /api/SystemSetting/GetOperationLog` and `…/ExportOperationLog` filters. */
export const OperationLogQuery = z.object({
  ...Paging,
  /** At or after / before (ISO date or date-time). */
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  /** The actor: part of the name or phone. */
  user: SearchText.optional(),
  /** An action code, or a prefix ending in `.` (`share.`, `admin.`). */
  action: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z.]*$/, '操作类型不正确')
    .optional(),
  /** The object: part of its name, or its id. */
  object: SearchText.optional(),
  /** System administrators only: one company's entries. */
  companyId: z.uuid().optional(),
});
export type OperationLogQueryValue = z.infer<typeof OperationLogQuery>;

/** One operation-log entry as shown. */
export const OperationLogRow = z.object({
  id: z.number().int(),
  time: z.string(),
  userId: z.string().nullable(),
  userName: z.string(),
  phone: z.string(),
  companyId: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  objectName: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export const OperationLogPage = z.object({ list: z.array(OperationLogRow), count: z.number().int() });
export type OperationLogPageValue = z.infer<typeof OperationLogPage>;

/** Account state in /personalManagement. */
export const UserState = z.enum(['normal', 'disabled']);

/** `GET /api/SystemSetting/GetUserList`. */
export const AdminUserQuery = z.object({
  ...Paging,
  /** Part of the phone or name. */
  search: SearchText.optional(),
  /** Registered at or after / before. */
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  state: UserState.optional(),
});
export type AdminUserQueryValue = z.infer<typeof AdminUserQuery>;

export const AdminUserRow = z.object({
  userId: z.string(),
  phone: z.string(),
  userName: z.string(),
  corpName: z.string(),
  isadministrator: z.boolean(),
  iscorpadmin: z.boolean(),
  createTime: z.string(),
  lastLoginTime: z.string().nullable(),
  usedSpace: z.number(),
  usableSpace: z.number(),
  /** yyyy-MM-dd HH:mm:ss, or null for 无限制. */
  serviceStopTime: z.string().nullable(),
  state: UserState,
});
export const AdminUserPage = z.object({ list: z.array(AdminUserRow), count: z.number().int() });
export type AdminUserPageValue = z.infer<typeof AdminUserPage>;

/** `POST …/SetUserState`: disable (sessions end at once, sign-in refused) or enable. */
export const SetUserStateBody = z.object({ userId: z.uuid(), state: UserState });

/** Largest quota an administrator may set (1 PiB). */
const MAX_QUOTA = 1024 ** 5;
const QuotaBytes = z.number().int().min(0).max(MAX_QUOTA);
/** A service end: an ISO date or date-time, or null for 无限制. */
const ServiceEnd = z.iso.datetime({ offset: true }).or(z.iso.date()).nullable();

/** `POST …/SetUserQuota` (bytes). */
export const SetUserQuotaBody = z.object({ userId: z.uuid(), quotaBytes: QuotaBytes });
/** `POST …/SetUserServiceEnd`. */
export const SetUserServiceEndBody = z.object({ userId: z.uuid(), serviceStopTime: ServiceEnd });
/** `POST …/ResetUserPassword`: a given password (password rules) or, without one, a generated one. */
export const ResetUserPasswordBody = z.object({ userId: z.uuid(), password: NewPasswordSchema.optional() });
/** The generated password, shown once (null when one was given). */
export const ResetUserPasswordResult = z.object({ password: z.string().nullable() });

/** Usage state of a company (/companyManagement): 正常, 即将到期 (within 30 days), 已到期, 停用. */
export const CompanyUsageState = z.enum(['正常', '即将到期', '已到期', '停用']);

/** `GET /api/SystemSetting/GetCompanyList`. */
export const AdminCompanyQuery = z.object({
  ...Paging,
  /** Part of the name, or the credit code. */
  search: SearchText.optional(),
  state: CompanyUsageState.optional(),
});
export type AdminCompanyQueryValue = z.infer<typeof AdminCompanyQuery>;

export const AdminCompanyRow = z.object({
  corpId: z.string(),
  corpName: z.string(),
  creditCode: z.string(),
  admins: z.array(z.object({ userId: z.string(), userName: z.string(), phone: z.string() })),
  memberCount: z.number().int(),
  usedSpace: z.number(),
  usableSpace: z.number(),
  serviceStopTime: z.string().nullable(),
  state: CompanyUsageState,
  createTime: z.string(),
});
export const AdminCompanyPage = z.object({ list: z.array(AdminCompanyRow), count: z.number().int() });
export type AdminCompanyPageValue = z.infer<typeof AdminCompanyPage>;

/** `POST …/SetCompanyQuota` (bytes). */
export const SetCompanyQuotaBody = z.object({ corpId: z.uuid(), quotaBytes: QuotaBytes });
/** `POST …/SetCompanyServiceEnd`. */
export const SetCompanyServiceEndBody = z.object({ corpId: z.uuid(), serviceStopTime: ServiceEnd });

/**
 * `GET /api/SystemSetting/UpdateCorpUsingStatus` (001 §7 "changes a company's usage status"):
 * `disabled` = 停用 (its space, projects, company library and share links are refused to everybody;
 * members keep their personal space and can sign in), `normal` = in use again. System
 * administrators only.
 */
export const UpdateCorpUsingStatusQuery = z.object({
  corpId: z.uuid('企业不存在'),
  state: z.enum(['normal', 'disabled']),
});
export type UpdateCorpUsingStatusQueryValue = z.infer<typeof UpdateCorpUsingStatusQuery>;

/** `POST /api/SystemSetting/GetCorpSpace` body (001 §7 "storage of all companies"): paging and search. */
export const CorpSpaceQuery = z.object({
  ...Paging,
  /** Part of the name, or the credit code. */
  search: SearchText.optional(),
});
export type CorpSpaceQueryValue = z.infer<typeof CorpSpaceQuery>;

/** One company's storage (bytes; percent 0–100). */
export const CorpSpaceRow = z.object({
  corpId: z.string(),
  corpName: z.string(),
  usedSpace: z.number(),
  usableSpace: z.number(),
  usedPercent: z.number(),
  serviceStopTime: z.string().nullable(),
  state: CompanyUsageState,
});
/** The page plus the totals over every company (bytes). */
export const CorpSpacePage = z.object({
  list: z.array(CorpSpaceRow),
  count: z.number().int(),
  totalUsed: z.number(),
  totalQuota: z.number(),
});
export type CorpSpacePageValue = z.infer<typeof CorpSpacePage>;

/** `GET /api/WebAccount/GetCorpDetail` (000 §2 /corpDetail): a company, or without corpId the caller's. */
export const CorpDetailQuery = z.object({ corpId: z.uuid('企业不存在').optional() });

/**
 * A company's detail pages (000 §2 /corpDetail): profile, space and service end, plan. For the
 * company's administrators and system administrators (403 otherwise). `canAdminister`: the viewer is
 * a system administrator (may change quota, service end and usage state).
 */
export const CorpDetail = z.object({
  corpId: z.string(),
  corpName: z.string(),
  creditCode: z.string(),
  createTime: z.string(),
  memberCount: z.number().int(),
  usedSpace: z.number(),
  usableSpace: z.number(),
  usedPercent: z.number(),
  /** yyyy-MM-dd HH:mm:ss, or null for 无限制. */
  serviceStopTime: z.string().nullable(),
  state: CompanyUsageState,
  /** The plan bought last (PLANS id), null = free trial. */
  planId: z.string().nullable(),
  canAdminister: z.boolean(),
});
export type CorpDetailValue = z.infer<typeof CorpDetail>;

/** `GET /api/WebOrder/GetCorpOrders ?corpId=`: one company's orders, newest first, with the buyer. */
export const CompanyOrderRow = OrderView.extend({ buyerName: z.string(), buyerPhone: z.string() });
export const CompanyOrders = z.array(CompanyOrderRow);
export type CompanyOrdersValue = z.infer<typeof CompanyOrders>;
