/**
 * The transfer panel over dialogs (issue 17): Ant Design's modals and their masks start at z-index
 * 1000, so a panel below them could not be used while a dialog is open (a download started from the
 * versions dialog showed in it, out of reach). The panel and the floating button sit just above the
 * dialogs (TRANSFER_Z_INDEX), below Ant Design's popups (tooltips 1070, dropdowns 1050), and the
 * panel's own confirmations go above the panel (TRANSFER_CONFIRM_Z_INDEX). While another dialog is
 * open the panel keeps to a bar in its corner (transfer-panel.tsx), so it covers no dialog buttons.
 */
import { useEffect, useState } from 'react';

/** z-index of the panel and the floating transfer button: above modal masks (1000), below popups. */
export const TRANSFER_Z_INDEX = 1010;
/** z-index of the confirmations the panel opens (above the panel). */
export const TRANSFER_CONFIRM_Z_INDEX = 1020;
/** Class on the wrap of the panel's own confirmations: they are not "another dialog". */
export const TRANSFER_DIALOG_CLASS = 'transfer-panel-dialog';

/** Whether a modal dialog other than the panel's own is shown now. */
function otherDialogShown(): boolean {
  for (const el of document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]'))
    if (el.getClientRects().length > 0 && !el.closest(`.${TRANSFER_DIALOG_CLASS}`)) return true;
  return false;
}

/**
 * Whether a modal dialog (not one of the panel's confirmations) is open; follows the document (at
 * most once a frame) while mounted.
 */
export function useDialogOpen(): boolean {
  const [open, setOpen] = useState(otherDialogShown);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setOpen(otherDialogShown());
    };
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(check);
    });
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style', 'class'],
    });
    check();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return open;
}
