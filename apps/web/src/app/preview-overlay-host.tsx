/**
 * Mounts the one preview overlay (001 §2, features/preview) lazily: its code (the preview header, the
 * viewers' switch, the hooks they use) loads when a file is first opened, or earlier through
 * `loadPreviewOverlay` (a share link opening its file), and stays mounted after that.
 */
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { usePreview } from '../stores/preview-store.ts';

/** Start loading the overlay's code (idempotent). */
export const loadPreviewOverlay = (() => {
  let loading: Promise<typeof import('../features/preview/components/preview-overlay.tsx')> | null = null;
  return () => (loading ??= import('../features/preview/components/preview-overlay.tsx'));
})();

const PreviewOverlay = lazy(async () => ({ default: (await loadPreviewOverlay()).PreviewOverlay }));

/** The preview overlay, rendered once a file has been opened (nothing before). */
export function PreviewOverlayHost(): ReactElement | null {
  const open = usePreview((s) => s.file !== null);
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <PreviewOverlay />
    </Suspense>
  );
}
