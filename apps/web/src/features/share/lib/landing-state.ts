/**
 * Full-page failure states of the share landing page (spec 000 §2 /s): HTTP 410 → 链接已过期, 404 →
 * 分享已取消或不存在, anything else (network, 5xx) → a retryable error.
 */

/** Which full page the landing page shows. */
export type LandingFailure = 'expired' | 'notFound' | 'error';

/** Map the HTTP status of a failed share call to its full page. */
export function landingFailure(status: number): LandingFailure {
  if (status === 410) return 'expired';
  if (status === 404 || status === 400) return 'notFound';
  return 'error';
}
