/**
 * The frame of the bare pay pages (spec 000 §2 /payCenter, /wxPay, /aliPay, /wxPayRedirect: opened in
 * a new tab, outside the shell): a slim header with the logo and 支付中心, the content centred below,
 * narrow enough for a 390 px phone. `SignInRequired` is what they show without a session (the routes
 * are exempt from the sign-in check, but orders belong to a signed-in buyer).
 */
import { Button, Result, Typography } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../auth/api/get-client-config.ts';
import '../i18n.ts';

/** Props of PayFrame. */
export interface PayFrameProps {
  children: ReactNode;
  /** Content width limit in px (default 960). */
  maxWidth?: number;
}

/** Header and centred content of a pay page. */
export function PayFrame({ children, maxWidth = 960 }: PayFrameProps): ReactElement {
  const { t } = useTranslation(['billing', 'common']);
  const product = useClientConfig().data?.productName || t('common:productName');
  return (
    <div style={{ minHeight: '100vh', background: '#f3f5f9', overflowX: 'hidden' }} data-testid="pay-frame">
      <header
        style={{
          height: 55,
          display: 'flex',
          alignItems: 'center',
          gap: 10,
          padding: '0 16px',
          background: '#fff',
          borderBottom: '1px solid #e8ebf0',
        }}
      >
        <a href="/" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <img src="/logo.svg" alt="" width={28} height={28} />
          <Typography.Text strong style={{ fontSize: 16 }}>
            {product}
          </Typography.Text>
        </a>
        <Typography.Text type="secondary" style={{ borderLeft: '1px solid #d9d9d9', paddingLeft: 10 }}>
          {t('centre')}
        </Typography.Text>
      </header>
      <main style={{ maxWidth, margin: '0 auto', padding: '24px 16px 48px', boxSizing: 'border-box' }}>
        {children}
      </main>
    </div>
  );
}

/** 请先登录 with a way to /login that comes back here afterwards. */
export function SignInRequired(): ReactElement {
  const { t } = useTranslation('billing');
  const back = window.location.pathname + window.location.search;
  return (
    <Result
      status="info"
      title={t('signInTitle')}
      subTitle={t('signInText')}
      data-testid="pay-sign-in"
      extra={
        <Button
          type="primary"
          onClick={() =>
            window.location.assign(`/login?${new URLSearchParams({ redirect: back }).toString()}`)
          }
        >
          {t('signIn')}
        </Button>
      }
    />
  );
}
