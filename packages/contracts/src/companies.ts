/**
 * Companies, membership and join applications — spec 000 §2 (member list and applicants, person and
 * company dialog), §3 (Company person, Join application, Company search result, Join form, Space
 * info), §4 (join application states), §5 (join rules), §6 (roles), §7 (WebCompanyApply and
 * WebAccount calls). Creating and leaving a company are not in the spec's table; their calls are
 * designed in its style.
 */
import { z } from 'zod';
import { CreditCodeSchema, NewPasswordSchema, PhoneSchema } from './validation.ts';

/** Join application status (000 §4): 2 pending, 1 approved, 0 rejected. */
export const ApplyStatus = { pending: 2, approved: 1, rejected: 0 } as const;

const CompanyName = z.string({ error: '请输入企业名称' }).trim().min(1, '请输入企业名称').max(100);
const PersonName = z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(50);

/** Create a company; the creator becomes its administrator. */
export const CreateCompanyBody = z.object({ name: CompanyName, code: CreditCodeSchema });

/** Join form (000 §3): company name, organisation code, the applicant's name; useUserName keeps the account name. */
export const JoinCompanyBody = z.object({
  name: CompanyName,
  code: CreditCodeSchema,
  userName: PersonName,
  useUserName: z.boolean().default(true),
});

/** Company search (000 §7 GetCorpId): up to 999 rows from page 1. */
export const CompanySearchBody = z.object({
  CorpName: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).default(1),
  rows: z.coerce.number().int().min(1).max(999).default(999),
});
export const CompanySearchItem = z.object({ corpId: z.string(), corpName: z.string(), code: z.string() });

/** A join application as its company's administrators see it (000 §3). */
export const CompanyApplication = z.object({
  iuid: z.string(),
  phone: z.string(),
  userName: z.string(),
  createTime: z.string(),
  operateStatus: z.union([z.literal(2), z.literal(1), z.literal(0)]),
});

/**
 * The caller's own latest join application (issue 17: a rejected applicant is told so): `iuid`,
 * the company's name, `operateStatus` (2 pending, 1 approved, 0 rejected by an administrator) and
 * the times (yyyy-MM-dd HH:mm:ss; `decideTime` null while pending). Applications withdrawn by
 * creating or joining a company are not reported. Null when there is none.
 */
export const MyCompanyApplication = z
  .object({
    iuid: z.string(),
    corpName: z.string(),
    operateStatus: z.union([z.literal(2), z.literal(1), z.literal(0)]),
    createTime: z.string(),
    decideTime: z.string().nullable(),
  })
  .nullable();
export type MyCompanyApplicationValue = z.infer<typeof MyCompanyApplication>;

/** `{UserApplyHistoryId}` of AccessApply / RejectApply. */
export const ApplyDecisionBody = z.object({ UserApplyHistoryId: z.string().uuid('申请不存在') });

/**
 * A member as the member list shows them (000 §3 Company person). `isAdmin`: is a company
 * administrator; `power`: the caller may manage this row (000 §6); `invitebit`: invite accepted.
 */
export const CompanyPerson = z.object({
  userId: z.string(),
  phone: z.string(),
  userName: z.string(),
  isAdmin: z.boolean(),
  power: z.boolean(),
  isadministrator: z.boolean(),
  invitebit: z.boolean(),
});
export const CompanyPersonList = z.object({ list: z.array(CompanyPerson), count: z.number() });

/** `?corpId=` of CheckCompanyPerson / GetCorpAdmin. */
export const CorpIdQuery = z.object({ corpId: z.string().uuid('企业不存在') });
/** `{userId}` of RemoveUser / SetAdmin. */
export const MemberBody = z.object({ userId: z.string().uuid('成员不存在') });

/** Company space (000 §3 Space info), bytes; serviceStopTime ISO or null (无限制). */
export const CorpSpace = z.object({
  corpName: z.string(),
  usedSpace: z.number(),
  usableSpace: z.number(),
  space: z.number(),
  usedPercent: z.number(),
  serviceStopTime: z.string().nullable(),
  bwForPrivatization: z.boolean(),
});

/** The caller's company, or null (user centre). */
export const MyCompany = z
  .object({ corpId: z.string(), corpName: z.string(), code: z.string(), iscorpadmin: z.boolean() })
  .nullable();

/** An invite link works for this many days after it is copied. */
export const INVITE_LINK_TTL_DAYS = 7;
/** Web path of the invite landing page; the token is the `code` query parameter. */
export const INVITE_PATH = '/invite';

/** Invite a person to the caller's company (administrators): phone and the name they appear under. */
export const InviteBody = z.object({ phone: PhoneSchema, userName: PersonName });

/** A copied invite link: absolute URL (PUBLIC_URL based) and its expiry (ISO). */
export const InviteLink = z.object({ url: z.string(), expireTime: z.string() });

/** `?code=` of InviteInfo: the token of an invite link. */
export const InviteCodeQuery = z.object({ code: z.string().trim().min(1, '邀请链接无效').max(200) });
/** `{code}` of AcceptInvite. */
export const AcceptInviteBody = z.object({ code: z.string().trim().min(1, '邀请链接无效').max(200) });

/**
 * What an invite link's landing page shows (public): the company, the invited name, the invited
 * phone masked (138****0000), the link's expiry (ISO) and whether that phone has an account.
 */
export const InviteInfo = z.object({
  corpName: z.string(),
  userName: z.string(),
  phone: z.string(),
  expireTime: z.string(),
  registered: z.boolean(),
});

/** Register through an invite link: the phone must be the invited one; the account joins the company. */
export const InviteRegisterBody = z.object({
  code: z.string().trim().min(1, '邀请链接无效').max(200),
  phone: PhoneSchema,
  password: NewPasswordSchema,
  name: PersonName,
});

/** Registered corp user (000 §3, GetCorpUsers): name and registration time (ISO). */
export const CorpUser = z.object({ userName: z.string(), createTime: z.string() });

/** A plan period: a number of days or of months (12 = 1 year). */
export type PlanPeriod = { days: number } | { months: number };

/**
 * One row of the sharing plans (000 §3 Sharing plan row, §9 "Sharing plans"): who it is for
 * (`kind`, persons `min`–`max`, max null = "over min − 1"), each period with its price in yuan
 * (`oncePerBuyer`: one purchase only; `reading`: which of the sources' readings the period is), and
 * the shared-file-count limit (null: unlimited). Contact-the-supplier rows have no prices.
 */
export interface SharingPlanRow {
  kind: 'trial' | 'personal' | 'enterprise' | 'contact';
  persons: { min: number; max: number | null };
  prices: ReadonlyArray<{ period: PlanPeriod; price: number; oncePerBuyer?: boolean; reading?: 1 | 2 }>;
  limit: number | null;
}

const yearly = (min: number, max: number, year: number, twoYears: number, limit: number): SharingPlanRow => ({
  kind: 'enterprise',
  persons: { min, max },
  prices: [
    { period: { months: 12 }, price: year },
    { period: { months: 24 }, price: twoYears },
  ],
  limit,
});

/**
 * The sharing plans of 000 §9 as data. The free trial's period is given in both readings the
 * sources state: 15 days (reading 1) and 1 month (reading 2).
 */
export const SHARING_PLANS: readonly SharingPlanRow[] = [
  {
    kind: 'trial',
    persons: { min: 1, max: 1 },
    prices: [
      { period: { days: 15 }, price: 0, reading: 1 },
      { period: { months: 1 }, price: 0, reading: 2 },
    ],
    limit: null,
  },
  {
    kind: 'personal',
    persons: { min: 1, max: 1 },
    prices: [
      { period: { months: 1 }, price: 18 },
      { period: { months: 3 }, price: 48 },
      { period: { months: 12 }, price: 168 },
    ],
    limit: 5,
  },
  {
    kind: 'enterprise',
    persons: { min: 1, max: 5 },
    prices: [
      { period: { months: 1 }, price: 198, oncePerBuyer: true },
      { period: { months: 3 }, price: 888, oncePerBuyer: true },
      { period: { months: 12 }, price: 5000 },
      { period: { months: 24 }, price: 9000 },
    ],
    limit: 25,
  },
  yearly(6, 15, 10000, 18000, 75),
  yearly(16, 30, 20000, 36000, 150),
  yearly(31, 50, 30000, 42000, 250),
  yearly(51, 100, 50000, 88000, 500),
  yearly(101, 200, 80000, 150000, 1000),
  yearly(201, 500, 150000, 268000, 2500),
  { kind: 'contact', persons: { min: 501, max: null }, prices: [], limit: null },
];
