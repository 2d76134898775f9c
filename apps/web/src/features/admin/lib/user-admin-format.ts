/**
 * Pure helpers of 用户管理 /personalManagement (spec 001 §2 administration group; issue 16): the
 * table's sorts and filters and their mapping to `GET /api/SystemSetting/GetUserList`
 * (contracts/admin.ts `AdminUserQuery`: page, rows, search, state, from, to), quota units (the
 * dialog edits gibibytes, the API takes bytes), and the service-end reading of a row. No React.
 */
import { formatFileSize } from '@bimdrive/contracts';
import dayjs from 'dayjs';
import {
  stateToParams,
  type TableQueryConfig,
  type TableState,
} from '../../../components/data-table/table-state.ts';

/** Bytes in one GB as the quota dialog counts it (1024³, the unit of 001 §9). */
export const GB = 1024 ** 3;
/** Largest quota the dialog offers, in GB (the server's limit is 1 PiB = 1 048 576 GB). */
export const MAX_QUOTA_GB = 1024 ** 2;

/** Filters of the user table: 状态 (checkbox) and 注册时间 (date range, URL `createdFrom` / `createdTo`). */
export const USER_TABLE_CONFIG: TableQueryConfig = {
  sortFields: [],
  filters: {
    state: { kind: 'checkbox', param: 'state', options: ['normal', 'disabled'] },
    createTime: { kind: 'dateRange', param: 'created' },
  },
  defaultRows: 20,
  pageSizes: [20, 50, 100],
};

/**
 * The list call's query for a table state and the search box (001 §2 users with search).
 * `state` is sent only when exactly one of 正常 / 停用 is ticked (both is everyone); the 注册时间
 * range becomes `from` / `to` ("YYYY-MM-DD HH:mm:ss", server time); an empty search is left out.
 */
export function userListParams(state: TableState, search: string): Record<string, string> {
  const p = stateToParams(state, USER_TABLE_CONFIG, { withPaging: true });
  const out: Record<string, string> = { page: p.page!, rows: p.rows! };
  const q = search.trim();
  if (q) out.search = q.slice(0, 64);
  const states = p.state?.split(',') ?? [];
  if (states.length === 1) out.state = states[0]!;
  if (p.createdFrom) out.from = p.createdFrom;
  if (p.createdTo) out.to = p.createdTo;
  return out;
}

/** A quota in bytes as GB for the dialog (two decimals at most). */
export function bytesToGb(bytes: number): number {
  return Math.round((bytes / GB) * 100) / 100;
}

/** A quota typed in GB as whole bytes for the API; null for an empty, negative or too large value. */
export function gbToBytes(gb: number | null | undefined): number | null {
  if (gb === null || gb === undefined || !Number.isFinite(gb) || gb < 0 || gb > MAX_QUOTA_GB) return null;
  return Math.round(gb * GB);
}

/** 存储 cell: "used / quota" in the units of 001 §9 (e.g. "1.5MB / 10GB"). */
export function storageText(usedBytes: number, quotaBytes: number): string {
  return `${formatFileSize(usedBytes)} / ${formatFileSize(quotaBytes)}`;
}

/** Share of the quota used, 0–100 (100 when over or when the quota is 0 and something is stored). */
export function storagePercent(usedBytes: number, quotaBytes: number): number {
  if (quotaBytes <= 0) return usedBytes > 0 ? 100 : 0;
  return Math.min(100, Math.round((usedBytes / quotaBytes) * 100));
}

/** How a service end reads: 无限制 (null), 已到期 (past), 即将到期 (within 30 days) or 正常. */
export type ServiceEndState = 'unlimited' | 'expired' | 'soon' | 'ok';

/** Days before the end at which a service counts as 即将到期 (as /companyManagement counts it). */
export const SOON_DAYS = 30;

/**
 * The state of a row's `serviceStopTime` ("yyyy-MM-dd HH:mm:ss" or null) at `now`.
 */
export function serviceEndState(serviceStopTime: string | null, now: Date = new Date()): ServiceEndState {
  if (!serviceStopTime) return 'unlimited';
  const end = dayjs(serviceStopTime);
  if (!end.isValid()) return 'ok';
  if (end.valueOf() < now.getTime()) return 'expired';
  return end.valueOf() - now.getTime() <= SOON_DAYS * 24 * 3600 * 1000 ? 'soon' : 'ok';
}

/**
 * The `serviceStopTime` the service-end dialog sends: the picked day as "YYYY-MM-DD" (the server
 * reads it as that day's last second), or null for 无限制.
 */
export function serviceEndBody(day: dayjs.Dayjs | null, unlimited: boolean): string | null {
  if (unlimited || !day) return null;
  return day.format('YYYY-MM-DD');
}
