/**
 * Persistent expiry warnings of the shell (spec 000 §4 "Expired service", §8 "Company space expired",
 * "Personal space expired"): while ServiceTimeVerify reports `isExpire` (company) or `myIsExpire`
 * (personal), a warning banner stays under the top bar on every signed-in screen. System
 * administrators and company administrators get 点击购买存储空间, opening /payCenter?type=corp or
 * ?type=person in a new tab; others read 请联系管理员续费. Outside the chat app only (000 §2: "Pay and
 * expiry items show only outside the chat app"). A banner may be closed for the current page. The
 * banners' module (expiry-banners.tsx: antd Alert) loads only when a space has expired (issue 17).
 */
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isInsideChatApp } from '../../../lib/chat-app.ts';
import { useSession } from '../../../stores/session-store.ts';
import { useServiceVerify } from '../api/service-verify.ts';
import type { PayTarget } from '../lib/pay-center.ts';
import type { ExpiryRow } from './expiry-banners.tsx';
import '../i18n.ts';

/** The banners, loaded when a space has expired (issue 17). */
const ExpiryBanners = lazy(async () => ({ default: (await import('./expiry-banners.tsx')).ExpiryBanners }));

/** The expiry banners (nothing when nothing has expired). */
export function ExpiryNotices(): ReactElement | null {
  const { t } = useTranslation('service');
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const verify = useServiceVerify(Boolean(token)).data;
  const [closed, setClosed] = useState<Record<PayTarget, boolean>>({ corp: false, person: false });
  if (!verify || isInsideChatApp()) return null;
  const mayPay = Boolean(user?.isadministrator || user?.iscorpadmin);
  const rows: ExpiryRow[] = [];
  if (verify.isExpire && !closed.corp) rows.push({ key: 'corp', text: t('expiry.corp') });
  if (verify.myIsExpire && !closed.person) rows.push({ key: 'person', text: t('expiry.person') });
  if (rows.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ExpiryBanners
        rows={rows}
        mayPay={mayPay}
        onClose={(key) => setClosed((c) => ({ ...c, [key]: true }))}
      />
    </Suspense>
  );
}
