/**
 * The expiry warning banners themselves (spec 000 §4 "Expired service", §8): one antd Alert (banner,
 * warning, closable) per expired space, with 点击购买存储空间 (opens the pay center) or 请联系管理员续费.
 * Split from ExpiryNotices (issue 17 "Weight and speed"): it loads only when a space has expired, so
 * Alert and Typography are not part of everyone's first view.
 */
import { Alert, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { openPayCenter, type PayTarget } from '../lib/pay-center.ts';
import '../i18n.ts';

/** One banner's space and text. */
export interface ExpiryRow {
  key: PayTarget;
  text: string;
}

/** Props of ExpiryBanners. */
export interface ExpiryBannersProps {
  rows: ExpiryRow[];
  /** Offer 点击购买存储空间 (administrators) instead of 请联系管理员续费. */
  mayPay: boolean;
  onClose: (key: PayTarget) => void;
}

/** The banners under the top bar. */
export function ExpiryBanners({ rows, mayPay, onClose }: ExpiryBannersProps): ReactElement {
  const { t } = useTranslation('service');
  return (
    <div data-testid="expiry-notices">
      {rows.map((r) => (
        <Alert
          key={r.key}
          banner
          type="warning"
          closable={{ onClose: () => onClose(r.key) }}
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
