/** Route `/404` (spec 000 §2, 001 §2 "Unknown paths redirect to /404"). */
import { Button, Result } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import '../i18n.ts';

/** The unknown-path page. */
export function NotFoundRoute(): ReactElement {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f3f5f9',
      }}
    >
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.subTitle')}
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            {t('notFound.back')}
          </Button>
        }
      />
    </div>
  );
}
