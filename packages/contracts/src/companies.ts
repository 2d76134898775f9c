/**
 * Companies, membership and join applications — spec 000 §2 (member list and applicants, person and
 * company dialog), §3 (Company person, Join application, Company search result, Join form, Space
 * info), §4 (join application states), §5 (join rules), §6 (roles), §7 (WebCompanyApply and
 * WebAccount calls). Creating and leaving a company are not in the spec's table; their calls are
 * designed in its style.
 */
import { z } from 'zod';
import { CreditCodeSchema } from './validation.ts';

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
