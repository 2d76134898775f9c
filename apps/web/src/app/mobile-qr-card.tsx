/**
 * The mobile QR popover's content (spec 000 §2 Top bar, §9 mobile QR 180 px): a QR code of this
 * site's address with its caption and hint. Split from MobileQrEntry (issue 17 "Weight and speed"):
 * it loads with the first hover of 手机版, the QR code's own code (antd QRCode) after it, a Spin
 * showing meanwhile.
 */
import { Spin } from 'antd';
import { lazy, Suspense, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

/** Size of the mobile QR code in CSS px (000 §9). */
export const MOBILE_QR_SIZE = 180;

const QRCode = lazy(() => import('antd/es/qr-code').then((m) => ({ default: m.default })));

/** The QR code of `url` with its texts. */
export function MobileQrCard({ url }: { url: string }): ReactElement {
  const { t } = useTranslation('app');
  return (
    <div data-testid="mobile-qr" style={{ width: MOBILE_QR_SIZE, textAlign: 'center' }}>
      <Suspense fallback={<Spin style={{ margin: (MOBILE_QR_SIZE - 20) / 2 }} />}>
        <QRCode value={url} size={MOBILE_QR_SIZE} bordered={false} style={{ padding: 0 }} />
      </Suspense>
      <div style={{ fontWeight: 500, marginTop: 8 }}>{t('mobileQr.caption')}</div>
      <div style={{ color: 'rgba(0,0,0,.45)', fontSize: 12, marginTop: 4 }}>{t('mobileQr.hint')}</div>
    </div>
  );
}
