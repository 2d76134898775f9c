/**
 * Mounts the one preview overlay (001 §2, features/preview) lazily: its code (the preview header, the
 * viewers' switch, the hooks they use) and the antd shell it renders in (providers.tsx
 * `loadAntdRoot`) load when a file is first opened, or earlier through `loadPreviewOverlay` (a share
 * link opening its file), and stay mounted after that. Opening a DWG/DXF also starts its viewer's
 * code, parsing worker and font at once (features/preview/lib/preload-drawing.ts).
 */
import { Suspense, useState, type ReactElement } from 'react';
import { usePreview } from '../stores/preview-store.ts';
import { lazyWithAntd } from './providers.tsx';

/** Start loading the overlay's code (idempotent). */
export const loadPreviewOverlay = (() => {
  let loading: Promise<typeof import('../features/preview/components/preview-overlay.tsx')> | null = null;
  return () => (loading ??= import('../features/preview/components/preview-overlay.tsx'));
})();

// A drawing's viewer starts loading when it is opened, beside the overlay's code and preview-info call.
usePreview.subscribe((s, prev) => {
  const file = s.file;
  if (file && file !== prev.file)
    void import('../features/preview/lib/preload-drawing.ts').then((m) =>
      m.preloadForSuffix(file.fileSuffix),
    );
});

const PreviewOverlay = lazyWithAntd(() => loadPreviewOverlay().then((m) => m.PreviewOverlay));

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
