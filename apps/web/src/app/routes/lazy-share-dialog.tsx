/**
 * The share dialog of the file routes (001 §2 分享), loaded the first time it opens (issue 17: initial
 * JavaScript; its steps, date picker and QR code are not part of a file list's first load). Once
 * loaded it stays mounted, so closing it animates as before.
 */
import { lazy, Suspense, useState, type ReactElement } from 'react';
import type { ShareDialogProps } from '../../features/share/components/share-dialog.tsx';

const ShareDialog = lazy(async () => ({
  default: (await import('../../features/share/components/share-dialog.tsx')).ShareDialog,
}));

/** `ShareDialog`, fetched on its first opening. */
export function LazyShareDialog(props: ShareDialogProps): ReactElement | null {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialog {...props} />
    </Suspense>
  );
}
