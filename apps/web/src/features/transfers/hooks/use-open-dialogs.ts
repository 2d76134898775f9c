/**
 * The transfer panel over dialogs (issue 17 "Everyday use"; Seafile keeps its transfer list reachable).
 * Ant Design's modals and their masks sit at z-index 1000, so a panel below them could not be used
 * while a dialog was open (a download started from 版本管理 showed in it, out of reach). The panel and
 * the floating transfer button now sit just above the masks (TRANSFER_Z_INDEX), below Ant Design's
 * popups (dropdowns 1050, tooltips 1070, messages 2010), and the panel's own confirmations above the
 * panel (TRANSFER_CONFIRM_Z_INDEX). So that a panel left open covers no dialog opened after it, the
 * shell counts the open dialogs (useOpenDialogCount) and puts the panel behind its floating button
 * while a dialog opened over it is open (transfer-center.tsx).
 */
import { useEffect, useState } from 'react';

/** z-index of the panel and the floating transfer button: above modal masks (1000), below popups. */
export const TRANSFER_Z_INDEX = 1010;
/** z-index of the confirmations the panel opens (above the panel). */
export const TRANSFER_CONFIRM_Z_INDEX = 1020;
/** Class on the wrapper of the panel's own confirmations: they are not dialogs the panel gives way to. */
export const TRANSFER_DIALOG_CLASS = 'transfer-panel-dialog';

/**
 * Number of modal dialogs shown now (`[role="dialog"][aria-modal="true"]` that are rendered: Ant
 * Design's modals and drawers, the preview overlay), not counting the panel's own confirmations.
 */
export function openDialogCount(): number {
  let n = 0;
  for (const el of document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')) {
    if (el.closest(`.${TRANSFER_DIALOG_CLASS}`)) continue;
    // A closed Ant Design modal stays in the document with its wrapper at display: none.
    const shown =
      typeof el.checkVisibility === 'function' ? el.checkVisibility() : el.getClientRects().length > 0;
    if (shown) n++;
  }
  return n;
}

/**
 * The number of open modal dialogs (openDialogCount), followed while `watch` is true: re-counted
 * after each change of the document's nodes or style attributes (a modal opening adds nodes, closing
 * sets display: none). null while not watching (and until first counted).
 */
export function useOpenDialogCount(watch: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!watch) {
      setCount(null);
      return;
    }
    const check = () => setCount(openDialogCount());
    const observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style'],
    });
    check();
    return () => observer.disconnect();
  }, [watch]);
  return count;
}
