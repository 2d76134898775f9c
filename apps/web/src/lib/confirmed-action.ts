/**
 * `useConfirmedAction` (issue 17 code health): the app's "are you sure?" step before a change —
 * a 提示 confirm with the question, 确定 (red for a destructive change) and 取消; 确定 runs the
 * action and toasts its success; a failure was toasted already by the API client, and the confirm
 * closes either way. One spelling for the delete / cancel / disable confirms of the list pages.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from './feedback.tsx';

/** What to confirm and do. */
export interface ConfirmedAction<T> {
  /** The question (names the object). */
  content: ReactNode;
  /** The change, run on 确定. */
  action: () => Promise<T>;
  /** The toast after it succeeded (may use the action's answer). */
  success: string | ((result: T) => string);
  /** A red 确定 button (default true). */
  danger?: boolean;
}

/** Returns `confirm(…)`, which opens the confirm of a `ConfirmedAction`. */
export function useConfirmedAction(): <T>(what: ConfirmedAction<T>) => void {
  const { t } = useTranslation('common');
  const { message, modal } = useFeedback();
  return ({ content, action, success, danger = true }) => {
    modal.confirm({
      title: t('common:tip'),
      content,
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        try {
          const result = await action();
          void message.success(typeof success === 'function' ? success(result) : success);
        } catch {
          /* toasted by the API client */
        }
      },
    });
  };
}
