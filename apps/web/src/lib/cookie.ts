/**
 * Tiny cookie helpers for the sidebar-open flag (spec 000 §2 Layouts, §3 Client storage:
 * "the sidebar-open flag (cookie)").
 */

/** Read a cookie value from a `document.cookie`-style string; null when absent. */
export function parseCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** Read a cookie of this document. */
export function getCookie(name: string): string | null {
  return typeof document === 'undefined' ? null : parseCookie(document.cookie, name);
}

/** Write a cookie for the whole site, kept for a year. */
export function setCookie(name: string, value: string, maxAgeSeconds = 365 * 24 * 3600): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}
