/**
 * Everything the shell mounts once for transfers (spec 000 §2, §4): the floating panel, the floating
 * draggable button, the page-unload warning while uploads run, the downloader that follows downloads
 * in the panel (lib/download.ts `saveUrl`), and — once signed in — the unfinished tus uploads of an
 * earlier page, shown paused (tus-uploads.ts `restoreUploads`). The panel's code (and with it the
 * uploader, tus-js-client) loads when the panel is first shown, and for restored uploads only when an
 * earlier page left some (upload-loader.ts; issue 17 "Weight and speed").
 */
import { useEffect, type ReactElement } from 'react';
import { setDownloader } from '../../../lib/download.ts';
import { useSession } from '../../../stores/session-store.ts';
import { useLeaveWarning } from '../hooks/use-leave-warning.ts';
import { startDownload } from '../lib/downloads.ts';
import { restoreUploadsOf } from '../lib/upload-loader.ts';
import { useTransfers } from '../stores/transfer-store.ts';
import { lazyWhenOpen } from '../../../components/lazy-when-open.tsx';
import { FloatingTransferButton } from './floating-transfer-button.tsx';

/** The panel, fetched when first shown. */
const TransferPanel = lazyWhenOpen<{ shown: boolean }>(
  async () => (await import('./transfer-panel.tsx')).TransferPanel,
  (p) => p.shown,
);

/** Transfer panel + floating button + unload warning + downloader + restored uploads. */
export function TransferCenter(): ReactElement {
  useLeaveWarning();
  const userId = useSession((s) => s.user?.userID ?? '');
  const shown = useTransfers((s) => s.panel === 'shown');
  useEffect(() => {
    setDownloader((job) => void startDownload(job));
    return () => setDownloader(null);
  }, []);
  useEffect(() => {
    if (userId) void restoreUploadsOf(userId);
  }, [userId]);
  return (
    <>
      <TransferPanel shown={shown} />
      <FloatingTransferButton />
    </>
  );
}
