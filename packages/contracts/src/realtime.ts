/** Real-time hub names — spec 000 §7 (hub at /api/chatHub, events). */
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
