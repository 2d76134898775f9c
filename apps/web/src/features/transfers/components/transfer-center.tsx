/**
 * Everything the shell mounts once for transfers (spec 000 §2, §4): the floating panel, the floating
 * draggable button and the page-unload warning while uploads run.
 */
import type { ReactElement } from 'react';
import { useLeaveWarning } from '../hooks/use-leave-warning.ts';
import { FloatingTransferButton } from './floating-transfer-button.tsx';
import { TransferPanel } from './transfer-panel.tsx';

/** Transfer panel + floating button + unload warning. */
export function TransferCenter(): ReactElement {
  useLeaveWarning();
  return (
    <>
      <TransferPanel />
      <FloatingTransferButton />
    </>
  );
}
