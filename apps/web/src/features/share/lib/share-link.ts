/**
 * A share link's URL and its early info call (spec 000 §2 /s): which code a location holds, and the
 * info request the entry's boot (app/share-boot.ts) starts before the app's code has loaded, handed
 * once to the landing page's calls (api/visitor.ts). No imports, so the entry chunk stays small.
 */

/** The share code of a share-link URL (`/s?code=` or `/share?code=`), or null. */
export function shareCodeOf(url: URL | Location): string | null {
  if (url.pathname !== '/s' && url.pathname !== '/share') return null;
  return new URLSearchParams(url.search).get('code')?.trim() || null;
}

let early: { code: string; response: Promise<Response> } | null = null;

/** Keep the info request started for `code` until the landing page's calls take it. */
export function keepBootInfo(code: string, response: Promise<Response>): void {
  early = { code, response };
}

/** The info request started early for `code`, taken once (null when none or already taken). */
export function takeBootInfo(code: string): Promise<Response> | null {
  if (early?.code !== code) return null;
  const { response } = early;
  early = null;
  return response;
}
