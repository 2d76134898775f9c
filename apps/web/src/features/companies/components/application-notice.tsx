/**
 * Tells a rejected company applicant so (issue 17; 000 §3 join application 2 → 0): for a signed-in
 * user without a company, the latest own application (MyApplication) that an administrator rejected
 * is shown once in a 提示 dialog — live, when the shell hears `applyRejected`, or on the next visit —
 * and remembered as seen in this browser (localStorage `bimdrive:seenRejection`). Mounted by the shell.
 */

import { useEffect } from 'react';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useTranslation } from 'react-i18next';
import { ApplyStatus } from '@bimdrive/contracts';
import { useSession } from '../../../stores/session-store.ts';
import { useMyApplication } from '../api/company-api.ts';
import '../i18n.ts';

const SEEN_KEY = 'bimdrive:seenRejection';

/** Renders nothing; shows the one-time notice. */
export function ApplicationNotice(): null {
  const { t } = useTranslation(['companies', 'common']);
  const { modal } = useFeedback();
  const user = useSession((s) => s.user);
  const mine = useMyApplication(Boolean(user && !user.corpIdbit));
  const a = mine.data;

  useEffect(() => {
    if (!a || a.operateStatus !== ApplyStatus.rejected) return;
    try {
      if (localStorage.getItem(SEEN_KEY) === a.iuid) return;
      localStorage.setItem(SEEN_KEY, a.iuid);
    } catch {
      /* storage unavailable: shown on each visit */
    }
    modal.warning({
      title: t('common:tip'),
      content: t('application.rejectedNotice', { name: a.corpName }),
      okText: t('common:ok'),
    });
  }, [a, modal, t]);
  return null;
}
