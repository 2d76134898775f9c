/**
 * The top bar's mobile QR code (spec 000 §2 Top bar "A mobile QR code (hover popover, scan to visit the
 * mobile site)", §9 mobile QR 180 px; issue 17): hovering 手机版 shows a QR code of this site's address,
 * so a phone opens it (sign-in, then the phone pages and share links). The QR code's code loads with
 * the first hover. Not shown on a phone-sized screen (app.css), which is already the phone.
 */
import { MobileOutlined } from '@ant-design/icons';
import { Button, Popover, Spin } from 'antd';
import { lazy, Suspense, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

/** Size of the mobile QR code in CSS px (000 §9). */
export const MOBILE_QR_SIZE = 180;

const QRCode = lazy(() => import('antd/es/qr-code').then((m) => ({ default: m.default })));

/** 手机版 with its QR popover. */
export function MobileQrEntry(): ReactElement {
  const { t } = useTranslation('app');
  const url = `${window.location.origin}/`;
  const content = (
    <div data-testid="mobile-qr" style={{ width: MOBILE_QR_SIZE, textAlign: 'center' }}>
      <Suspense fallback={<Spin style={{ margin: (MOBILE_QR_SIZE - 20) / 2 }} />}>
        <QRCode value={url} size={MOBILE_QR_SIZE} bordered={false} style={{ padding: 0 }} />
      </Suspense>
      <div style={{ fontWeight: 500, marginTop: 8 }}>{t('mobileQr.caption')}</div>
      <div style={{ color: 'rgba(0,0,0,.45)', fontSize: 12, marginTop: 4 }}>{t('mobileQr.hint')}</div>
    </div>
  );
  return (
    <Popover content={content} placement="bottom" trigger={['hover', 'click']}>
      <Button type="text" icon={<MobileOutlined />} className="app-mobile-qr" data-testid="mobile-qr-button">
        {t('mobileQr.button')}
      </Button>
    </Popover>
  );
}
