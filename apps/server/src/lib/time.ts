/** Date formatting used in answers: "yyyy-MM-dd HH:mm:ss" (spec 001 §9), in the server's local time zone. */
const pad = (n: number) => String(n).padStart(2, '0');

/** Format a date as yyyy-MM-dd HH:mm:ss; null → null. */
export function formatDateTime(d: Date): string;
export function formatDateTime(d: Date | null): string | null;
export function formatDateTime(d: Date | null): string | null {
  if (!d) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
