/**
 * Persistent expiry warnings of the shell (spec 000 §4 "Expired service", §8 "Company space expired",
 * "Personal space expired"): while ServiceTimeVerify reports `isExpire` (company) or `myIsExpire`
 * (personal), a warning banner stays under the top bar on every signed-in screen. System
 * administrators and company administrators get 点击购买存储空间, opening /payCenter?type=corp or
 * ?type=person in a new tab; others read 请联系管理员续费. Outside the chat app only (000 §2: "Pay and
 * expiry items show only outside the chat app"). A banner may be closed for the current page.
 */
import { Alert, Typography } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isInsideChatApp } from '../../../lib/chat-app.ts';
import { useSession } from '../../../stores/session-store.ts';
import { useServiceVerify } from '../api/service-verify.ts';
import { openPayCenter, type PayTarget } from '../lib/pay-center.ts';
import '../i18n.ts';

/** The expiry banners (nothing when nothing has expired). */
export function ExpiryNotices(): ReactElement | null {
  const { t } = useTranslation('service');
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const verify = useServiceVerify(Boolean(token)).data;
  const [closed, setClosed] = useState<Record<PayTarget, boolean>>({ corp: false, person: false });
  if (!verify || isInsideChatApp()) return null;
  const mayPay = Boolean(user?.isadministrator || user?.iscorpadmin);
  const rows: { key: PayTarget; text: string }[] = [];
  if (verify.isExpire && !closed.corp) rows.push({ key: 'corp', text: t('expiry.corp') });
  if (verify.myIsExpire && !closed.person) rows.push({ key: 'person', text: t('expiry.person') });
  if (rows.length === 0) return null;
  return (
    <div data-testid="expiry-notices">
      {rows.map((r) => (
        <Alert
          key={r.key}
          banner
          type="warning"
          closable={{ onClose: () => setClosed((c) => ({ ...c, [r.key]: true })) }}
          data-testid={`expiry-${r.key}`}
          title={
            <span>
              {r.text}
              {mayPay ? (
                <Typography.Link onClick={() => openPayCenter(r.key)}>{t('expiry.buy')}</Typography.Link>
              ) : (
                t('expiry.contactAdmin')
              )}
            </span>
          }
        />
      ))}
    </div>
  );
}
