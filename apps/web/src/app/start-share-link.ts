/**
 * Start a share link (spec 000 §2 /s) ahead of its page: the share info, and for a public link the
 * file opened at once in the preview overlay with its model's first frame being prepared. Called by
 * the share route's loader; the info call itself may already be under way (app/share-boot.ts).
 */
import { preloadShare } from '../features/share/api/visitor.ts';
import { openSharePreview } from '../features/share/lib/open-share-preview.ts';
import { preloadModel } from '../features/preview/lib/preload-model.ts';
import { loadPreviewOverlay } from './preview-overlay-host.tsx';

/** Start share link `code`: its info call, and for a public link its file in the overlay. */
export function startShareLink(code: string): void {
  preloadShare(code, (access) => {
    preloadModel(access.preview);
    if (access.preview.previewKind === 'drawing' && access.preview.statusType === 3)
      void import('../features/preview/lib/preload-drawing.ts').then((m) => m.preloadDrawing());
    void loadPreviewOverlay();
    openSharePreview(code, access.accessToken, access.preview);
  });
}
