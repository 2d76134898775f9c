/**
 * Start a share link (spec 000 §2 /s) ahead of its page: the share info, and for a public link the
 * file opened at once in the preview overlay with its model's first frame being prepared. Called by
 * the share route's loader; the info call itself may already be under way (public/share-boot.js).
 */
import { preloadShare } from '../features/share/api/visitor.ts';
import { openSharePreview } from '../features/share/lib/open-share-preview.ts';
import { preloadModel } from '../features/preview/lib/preload-model.ts';

/** The share code of a share-link URL (`/s?code=` or `/share?code=`), or null. */
export function shareCodeOf(url: URL): string | null {
  if (url.pathname !== '/s' && url.pathname !== '/share') return null;
  return url.searchParams.get('code')?.trim() || null;
}

export function startShareLink(code: string): void {
  preloadShare(code, (access) => {
    preloadModel(access.preview);
    openSharePreview(code, access.accessToken, access.preview);
  });
}
