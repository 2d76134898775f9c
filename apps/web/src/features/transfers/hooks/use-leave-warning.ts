/**
 * Page-unload warning (spec 000 §4 "Page unload"): while uploads are in progress the browser asks
 * before leaving; the text is 上传中的文件将被中断 (browsers may show their own wording).
 */
import { useEffect } from 'react';
import i18n from '../../../lib/i18n.ts';
import { useTransfers } from '../stores/transfer-store.ts';
import { isInProgress } from '../lib/transfer-logic.ts';

/** Warn on unload while any upload is in progress. */
export function useLeaveWarning(): void {
  const busy = useTransfers((s) => s.uploads.some(isInProgress));
  useEffect(() => {
    if (!busy) return;
    const handler = (e: BeforeUnloadEvent) => {
      const text = i18n.t('transfers:leaveWarning');
      e.preventDefault();
      e.returnValue = text;
      return text;
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [busy]);
}
