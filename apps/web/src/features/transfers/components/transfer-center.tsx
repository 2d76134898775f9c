/**
 * Everything the shell mounts once for transfers (spec 000 §2, §4): the floating panel, the floating
 * draggable button, the page-unload warning while uploads run, the downloader that follows downloads
 * in the panel (lib/download.ts `saveUrl`), and — once signed in — the unfinished tus uploads of an
 * earlier page, shown paused (tus-uploads.ts `restoreUploads`).
 */
import { useEffect, type ReactElement } from 'react';
import { setDownloader } from '../../../lib/download.ts';
import { useSession } from '../../../stores/session-store.ts';
import { useLeaveWarning } from '../hooks/use-leave-warning.ts';
import { startDownload } from '../lib/downloads.ts';
import { restoreUploads } from '../lib/tus-uploads.ts';
import { FloatingTransferButton } from './floating-transfer-button.tsx';
import { TransferPanel } from './transfer-panel.tsx';

/** Transfer panel + floating button + unload warning + downloader + restored uploads. */
export function TransferCenter(): ReactElement {
  useLeaveWarning();
  const userId = useSession((s) => s.user?.userID ?? '');
  useEffect(() => {
    setDownloader((job) => void startDownload(job));
    return () => setDownloader(null);
  }, []);
  useEffect(() => {
    if (userId) void restoreUploads();
  }, [userId]);
  return (
    <>
      <TransferPanel />
      <FloatingTransferButton />
    </>
  );
}
