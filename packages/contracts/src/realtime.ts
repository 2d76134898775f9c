/**
 * Real-time hub names and event payloads — spec 000 §7 (hub at /api/chatHub, events). The payload
 * schemas (zod/mini: the same zod 4 core as the other contracts, functional API) define what the server
 * sends; the web checks arriving events with plain type checks held to these schemas by a test
 * (apps/web/src/lib/hub-events.ts), so no zod loads with a signed-in page (issue 17 "Weight and speed").
 */
import * as z from 'zod/mini';

export const HUB_PATH = '/api/chatHub';
export const HubEvents = {
  register: 'reloadConnnectAsync',
  fileStatus: 'projectFileStatusInfo',
  /** A knowledge-base file's status changed (FileStatusEvent; StandardInfo, Company, Mine). */
  knowledgeBaseStatus: 'KnowledgeBaseStatusInfo',
  /** A public drawing library file's status changed (FileStatusEvent). */
  drawingFileStatus: 'DrawingFileStatusInfo',
  /** A public component library file's status changed (FileStatusEvent). */
  publicLibraryStatus: 'publiclibraryStatusInfo',
  /** To a file's owner: its versions changed (FileVersionEvent; 000 §7). */
  fileVersion: 'FileVersionInfo',
  accountExit: 'AccountExit',
  /**
   * To every tab of an account a system administrator just disabled (`{ msg }`; 001 §2
   * /personalManagement; issue 16): sign out at once and show 该账号已被停用，如有疑问请联系管理员 on /login.
   */
  accountDisabled: 'AccountDisabled',
  /** To a company's administrators: `{notDealApply}` sets the avatar's red dot (000 §7). */
  companyApply: 'companyApply',
  /** To a company's administrators: refresh the applicants list. */
  companyApplyList: 'companyApply1',
  /** To an applicant whose application was approved: 申请已通过,请重新登录 (000 §8). */
  accessApply: 'accessApply',
  /** To an applicant whose application was rejected (`{iuid}`; issue 17): tell them, refresh MyApplication. */
  applyRejected: 'applyRejected',
  /** To the buyer: an order was paid (PaySuccessEvent; 000 §7) — refresh the space bars and account card. */
  paySuccess: 'paySuccess',
} as const;
/** Reconnect delay after the connection closes (000 §9): 5 s. */
export const HUB_RECONNECT_MS = 5000;

/** Real-time notice `projectFileStatusInfo` (000 §7): a file's status changed; clients refetch. */
export const FileStatusEvent = z.object({
  iuid: z.string(),
  parentIUID: z.string(),
  statusType: z.number(),
  progress: z.number(),
  statusMsg: z.string(),
  /** Set when the notice is about a new thumbnail (issue 14): lists refetch for its `thumbUrl`. */
  thumbReady: z.optional(z.boolean()),
});
export type FileStatusEventValue = z.infer<typeof FileStatusEvent>;

/** Real-time notice `FileVersionInfo` (000 §7): a file's versions changed; clients refetch. */
export const FileVersionEvent = z.object({
  iuid: z.string(),
  parentIUID: z.string(),
  version: z.number(),
  currentVersion: z.number(),
  /** added, current (made current), deleted, status (a version's conversion status changed). */
  action: z.enum(['added', 'current', 'deleted', 'status']),
});
export type FileVersionEventValue = z.infer<typeof FileVersionEvent>;

/**
 * Real-time `paySuccess` (000 §7) to the buyer's tabs: refresh the space bars and account card.
 * `type` is a `BuyerTypeValue` (plans.ts; repeated here so the event needs no classic zod).
 */
export const PaySuccessEvent = z.object({
  orderNo: z.string(),
  type: z.enum(['person', 'corp']),
  planId: z.string(),
  serviceStopTime: z.nullable(z.string()),
});
export type PaySuccessEventValue = z.infer<typeof PaySuccessEvent>;
