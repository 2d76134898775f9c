/**
 * Mounts the one preview overlay (001 §2, features/preview) lazily: its code (the preview header, the
 * viewers' switch, the hooks they use) and the antd shell it renders in (providers.tsx
 * `loadAntdRoot`) load when a file is first opened, or earlier through `loadPreviewOverlay` (a share
 * link opening its file), and stay mounted after that. Shown the moment they are there
 * (lib/module-loader.ts; React.lazy's Suspense would hold the overlay back up to 300 ms). Opening a
 * DWG/DXF also starts its viewer's code, parsing worker and font at once
 * (features/preview/lib/preload-drawing.ts).
 */
import { useState, type ReactElement } from 'react';
import { moduleLoader, useRequiredModule } from '../lib/module-loader.ts';
import { usePreview } from '../stores/preview-store.ts';
import { loadAntdRoot } from './providers.tsx';

/** The overlay's code and the antd shell, loaded together once. */
const overlay = moduleLoader(async () => {
  const [{ PreviewOverlay }, { AntdRoot }] = await Promise.all([
    import('../features/preview/components/preview-overlay.tsx'),
    loadAntdRoot(),
  ]);
  return { PreviewOverlay, AntdRoot };
});

/** Start loading the overlay's code (idempotent). */
export const loadPreviewOverlay = (): Promise<unknown> => overlay.load();

// A drawing's viewer starts loading when it is opened, beside the overlay's code and preview-info call.
usePreview.subscribe((s, prev) => {
  const file = s.file;
  if (file && file !== prev.file)
    void import('../features/preview/lib/preload-drawing.ts').then((m) =>
      m.preloadForSuffix(file.fileSuffix),
    );
});

/** The preview overlay, rendered once a file has been opened (nothing before). */
export function PreviewOverlayHost(): ReactElement | null {
  const open = usePreview((s) => s.file !== null);
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  const mod = useRequiredModule(overlay, used); // a failed load: the app's error screen
  if (!used || !mod) return null;
  return (
    <mod.AntdRoot>
      <mod.PreviewOverlay />
    </mod.AntdRoot>
  );
}
