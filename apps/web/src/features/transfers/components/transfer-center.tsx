/**
 * Everything the shell mounts once for transfers (spec 000 §2, §4): the floating panel, the floating
 * draggable button, the page-unload warning while uploads run, the downloader that follows downloads
 * in the panel (lib/download.ts `saveUrl`), and — once signed in — the unfinished tus uploads of an
 * earlier page, shown paused (tus-uploads.ts `restoreUploads`). The panel's code (and with it the
 * uploader, tus-js-client) loads when the panel is first shown, and for restored uploads only when an
 * earlier page left some (upload-loader.ts; issue 17 "Weight and speed").
 *
 * Over dialogs (issue 17 "Everyday use"): the panel and the button sit above modal masks
 * (hooks/use-open-dialogs.ts), so transfers stay reachable while a dialog is open. A panel shown
 * before a dialog opened gives way to it: the floating button stands in for it (a click shows it whole
 * over the dialog) until the dialogs close. A transfer started from within a dialog (a version
 * uploaded or downloaded in 版本管理) shows the panel whole over it at once.
 */
import { useEffect, useLayoutEffect, useRef, type ReactElement } from 'react';
import { setDownloader } from '../../../lib/download.ts';
import { useSession } from '../../../stores/session-store.ts';
import { useLeaveWarning } from '../hooks/use-leave-warning.ts';
import { useOpenDialogCount } from '../hooks/use-open-dialogs.ts';
import { startDownload } from '../lib/downloads.ts';
import { restoreUploadsOf } from '../lib/upload-loader.ts';
import { useTransfers } from '../stores/transfer-store.ts';
import { lazyWhenOpen } from '../../../components/lazy-when-open.tsx';
import { FloatingTransferButton } from './floating-transfer-button.tsx';

/** The panel, fetched when first shown. */
const TransferPanel = lazyWhenOpen<{ shown: boolean; givingWay: boolean }>(
  async () => (await import('./transfer-panel.tsx')).TransferPanel,
  (p) => p.shown,
);

/** Transfer panel + floating button + unload warning + downloader + restored uploads. */
export function TransferCenter(): ReactElement {
  useLeaveWarning();
  const userId = useSession((s) => s.user?.userID ?? '');
  const shown = useTransfers((s) => s.panel === 'shown');
  const overDialogs = useTransfers((s) => s.overDialogs);
  // Dialogs matter only while there is a panel or button to place.
  const watching = useTransfers((s) => s.panel === 'shown' || s.uploads.length > 0 || s.downloads.length > 0);
  const dialogs = useOpenDialogCount(watching);
  // A dialog opening over the panel (not one already open when watching began) makes it give way.
  const before = useRef(dialogs);
  useLayoutEffect(() => {
    if (dialogs !== null && before.current !== null && dialogs > before.current)
      useTransfers.getState().dialogOpened();
    before.current = dialogs;
  }, [dialogs]);
  const behindDialog = shown && (dialogs ?? 0) > 0 && !overDialogs;
  useEffect(() => {
    setDownloader((job) => void startDownload(job));
    return () => setDownloader(null);
  }, []);
  useEffect(() => {
    if (userId) void restoreUploadsOf(userId);
  }, [userId]);
  return (
    <>
      <TransferPanel shown={shown} givingWay={behindDialog} />
      <FloatingTransferButton standsIn={behindDialog} />
    </>
  );
}
