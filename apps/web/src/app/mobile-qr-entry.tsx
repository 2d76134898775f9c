/**
 * The top bar's mobile QR code (spec 000 §2 Top bar "A mobile QR code (hover popover, scan to visit the
 * mobile site)", §9 mobile QR 180 px; issue 17): hovering 手机版 shows a QR code of this site's address,
 * so a phone opens it (sign-in, then the phone pages and share links). The popover's content
 * (mobile-qr-card.tsx) and the QR code's code load with the first hover. Not shown on a phone-sized
 * screen (app.css), which is already the phone.
 */
import { MobileOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { lazy, Suspense, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

/** The QR code's size in CSS px (MOBILE_QR_SIZE of mobile-qr-card.tsx, not imported to keep it lazy). */
const QR_SIZE = 180;

/** The popover's content module, fetched when 手机版 is first hovered or focused. */
const loadCard = () => import('./mobile-qr-card.tsx');
const MobileQrCard = lazy(async () => ({ default: (await loadCard()).MobileQrCard }));

/** 手机版 with its QR popover. */
export function MobileQrEntry(): ReactElement {
  const { t } = useTranslation('app');
  const url = `${window.location.origin}/`;
  // While the content loads (normally within the hover delay): its place, QR-sized.
  const content = (
    <Suspense fallback={<div style={{ width: QR_SIZE, height: QR_SIZE }} />}>
      <MobileQrCard url={url} />
    </Suspense>
  );
  return (
    <Popover content={content} placement="bottom" trigger={['hover', 'click']}>
      <Button
        type="text"
        icon={<MobileOutlined />}
        className="app-mobile-qr"
        data-testid="mobile-qr-button"
        onPointerEnter={() => void loadCard()}
        onFocus={() => void loadCard()}
      >
        {t('mobileQr.button')}
      </Button>
    </Popover>
  );
}
