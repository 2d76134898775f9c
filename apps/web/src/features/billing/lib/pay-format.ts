/**
 * Formatting of the pay pages (spec 000 §9): amounts in fen shown as yuan with two decimals, the
 * service end as YYYY年MM月DD日 (无限制 when there is none), the 2 h close countdown as HH:mm:ss.
 */
import dayjs from 'dayjs';

/** `4800` fen → `48.00`. */
export function yuanOfFen(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** A price in whole yuan as written in the plan table (`5000` → `5,000`). */
export function yuanText(yuan: number): string {
  return yuan.toLocaleString('zh-CN');
}

/** A service end (yyyy-MM-dd HH:mm:ss or ISO) as YYYY年MM月DD日, or `unlimited` when none. */
export function serviceEndText(stopTime: string | null | undefined, unlimited: string): string {
  if (!stopTime) return unlimited;
  const d = dayjs(stopTime);
  return d.isValid() ? d.format('YYYY年MM月DD日') : unlimited;
}

/** Milliseconds left until `expireTime` (never below 0; 0 for an unparsable time). */
export function msLeft(expireTime: string, now: number): number {
  const d = dayjs(expireTime);
  return d.isValid() ? Math.max(0, d.valueOf() - now) : 0;
}

/** `ms` as HH:mm:ss. */
export function countdownText(ms: number): string {
  const s = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The pay page of a channel: /wxPay (WeChat Pay Native) or /aliPay (Alipay). */
export function payPagePath(channel: 'wechat' | 'alipay', orderNo: string): string {
  return `${channel === 'wechat' ? '/wxPay' : '/aliPay'}?orderNo=${encodeURIComponent(orderNo)}`;
}
