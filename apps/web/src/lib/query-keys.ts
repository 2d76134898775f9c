/**
 * Query-key roots shared across features so one place can invalidate them: file lists refresh on
 * `projectFileStatusInfo` (spec 000 §7) and after an upload completes (000 §2 transfer panel).
 */

/** Keys of every personal file listing (001 §2 personal file group). */
export const fileQueryKeys = {
  /** Root of all file listings: invalidate this to refresh 我的文件 and 我的收藏. */
  all: ['files'] as const,
  /** 我的文件 listing with its query. */
  myDocument: (query: object) => ['files', 'myDocument', query] as const,
  /** 我的收藏 listing with its query. */
  myCollection: (query: object) => ['files', 'myCollection', query] as const,
  /** Name search across every area the user sees, with its query. */
  search: (query: object) => ['files', 'search', query] as const,
};

/** Keys of the account (000 §2 account card). */
export const accountQueryKeys = {
  userInfo: ['account', 'userInfo'] as const,
  space: ['account', 'space'] as const,
  clientConfig: ['account', 'clientConfig'] as const,
};

/** Keys of 我的分享 (001 §2). */
export const shareQueryKeys = {
  all: ['myShares'] as const,
};

/** Keys of the company (000 §2 member list and applicants, §7 WebCompanyApply / WebAccount). */
export const companyQueryKeys = {
  all: ['company'] as const,
  mine: ['company', 'mine'] as const,
  space: ['company', 'space'] as const,
  pending: ['company', 'pending'] as const,
  applicants: ['company', 'applicants'] as const,
  /** The caller's own latest join application (issue 17). */
  myApplication: ['company', 'myApplication'] as const,
  /** Every company's member list (refreshed on companyApply1). */
  allMembers: ['company', 'members'] as const,
  members: (corpId: string) => ['company', 'members', corpId] as const,
  search: (name: string) => ['company', 'search', name] as const,
  /** Registered persons of the caller's company (已注册人员数). */
  corpUsers: ['company', 'corpUsers'] as const,
};

/** Keys of plans and orders (000 §2 /payCenter, /wxPay, /aliPay, /wxPayRedirect; §9). */
export const billingQueryKeys = {
  all: ['billing'] as const,
  /** The plan catalogue of a buyer type (person | corp). */
  plans: (type: string) => ['billing', 'plans', type] as const,
  /** One order's state (sync: asked the provider first). */
  order: (orderNo: string, sync: boolean) => ['billing', 'order', orderNo, sync] as const,
};
