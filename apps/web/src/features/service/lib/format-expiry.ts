/**
 * Expiry date of a space (spec 000 §9 "Expiry date format is YYYY年MM月DD日; 无限制 is shown when
 * there is none").
 */
import dayjs from 'dayjs';

/**
 * Format a service end for the account card.
 * @param stopTime ISO date-time, or null/'' for no end
 * @param unlimited text for no end (无限制)
 * @returns `YYYY年MM月DD日` in local time, or `unlimited` (also for an unparsable value)
 */
export function formatExpiry(stopTime: string | null | undefined, unlimited: string): string {
  if (!stopTime) return unlimited;
  const d = dayjs(stopTime);
  return d.isValid() ? d.format('YYYY年MM月DD日') : unlimited;
}

/** Percent of `used` over `usable` bytes, 0–100 with one decimal (0 when usable is 0 = unlimited). */
export function usedPercent(used: number, usable: number): number {
  if (usable <= 0) return 0;
  return Math.min(100, Math.round((used / usable) * 1000) / 10);
}
