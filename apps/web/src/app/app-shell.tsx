/**
 * The signed-in frame (spec 000 §2 Top bar, Layouts "navbar plus main area"): logo + product name (opens
 * the official site when configured), the top menu (我的空间, 企业空间, 系统管理 — TopMenu), the
 * 看板 button (/board), 手机版 (the mobile QR code), the file-transfer button, the avatar with its account card; the persistent
 * expiry warnings (000 §8); the transfer panel and floating button; the real-time connection (000 §4).
 */
import { Layout } from 'antd';
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { AccountMenu } from '../features/auth/components/account-menu.tsx';
import { useClientConfig } from '../features/auth/api/get-client-config.ts';
import { useUserInfo } from '../features/auth/api/get-user-info.ts';
import { PasswordNotice } from '../features/auth/components/password-notice.tsx';
import { ApplicationNotice } from '../features/companies/components/application-notice.tsx';
import { ExpiryNotices } from '../features/service/components/expiry-notices.tsx';
import { BoardNavButton } from '../features/board/components/board-nav-button.tsx';
import { TransferCenter } from '../features/transfers/components/transfer-center.tsx';
import { TransferNavButton } from '../features/transfers/components/transfer-nav-button.tsx';
import { useTransfers } from '../features/transfers/stores/transfer-store.ts';
import { usePreview } from '../stores/preview-store.ts';
import { useSession } from '../stores/session-store.ts';
import './i18n.ts';
import { MobileQrEntry } from './mobile-qr-entry.tsx';
import { TopMenu } from './top-menu.tsx';
import { useRealtime } from './use-realtime.ts';

/** The navbar shell around every signed-in screen. */
export function AppShell(): ReactElement {
  const { t } = useTranslation(['app', 'common']);
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const config = useClientConfig();
  useUserInfo(Boolean(token));
  useRealtime();

  // The preview covers the page: tuck the transfer panel away while it is open.
  useEffect(
    () =>
      usePreview.subscribe((s, prev) => {
        if (s.file && !prev.file && useTransfers.getState().panel === 'shown')
          useTransfers.getState().setPanel('hidden');
      }),
    [],
  );

  if (!token) return <Navigate to="/login" replace />;
  const productName = config.data?.productName || t('common:productName');

  const onLogo = () => {
    const site = config.data?.officialSiteUrl;
    if (site) window.open(site, '_blank', 'noopener');
    else void navigate('/');
  };

  return (
    <Layout style={{ height: '100vh' }}>
      <Layout.Header className="app-header">
        <button type="button" className="app-logo" onClick={onLogo} aria-label={productName}>
          <img src="/logo.svg" alt="" width={28} height={28} />
          <span>{productName}</span>
        </button>
        <TopMenu />
        <div className="app-header-right">
          <BoardNavButton />
          <MobileQrEntry />
          <TransferNavButton />
          <AccountMenu />
        </div>
      </Layout.Header>
      <PasswordNotice />
      <ApplicationNotice />
      <ExpiryNotices />
      <Layout style={{ minHeight: 0 }}>
        <Outlet />
      </Layout>
      <TransferCenter />
    </Layout>
  );
}
