/**
 * One-shot prefetch of a same-origin resource: start the download early (e.g. a model file while the
 * 3D viewer's code is still loading) and hand the response to whoever asks for that URL first.
 * A response can be read once, so `takePrefetched` removes it; later callers fetch normally. A URL is
 * prefetched once per page: a second `prefetch` of it, even after the first was taken, does nothing
 * (the share page's boot and the preview overlay both ask for the same model; one download).
 */
const pending = new Map<string, Promise<Response>>();
const started = new Set<string>();

/** Start fetching `url` now (no-op when it was already started once). Errors surface to the taker. */
export function prefetch(url: string): void {
  if (started.has(url)) return;
  started.add(url);
  pending.set(url, fetch(url, { credentials: 'same-origin' }));
}

/** The prefetched response for `url`, or null when none was started. */
export function takePrefetched(url: string): Promise<Response> | null {
  const p = pending.get(url) ?? null;
  pending.delete(url);
  return p;
}
