/** The share landing's full-page failure states (spec 000 §2 /s): expired, cancelled or unknown, error. */
import { ClockCircleOutlined, DisconnectOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { LandingFailure } from '../lib/landing-state.ts';
import { cardStyle } from './share-card-style.ts';
import '../i18n.ts';

/** Full-page states: expired (410), cancelled or unknown (404), other failure (000 §2 /s). */
export function ShareFailurePage({
  failure,
  onRetry,
}: {
  failure: LandingFailure;
  onRetry: () => void;
}): ReactElement {
  const { t } = useTranslation('share');
  const view = {
    expired: {
      icon: <ClockCircleOutlined style={{ color: '#faad14' }} />,
      title: t('expiredTitle'),
      text: t('expiredText'),
    },
    notFound: {
      icon: <DisconnectOutlined style={{ color: '#8c8c8c' }} />,
      title: t('goneTitle'),
      text: t('goneText'),
    },
    error: {
      icon: <WarningOutlined style={{ color: '#ff4d4f' }} />,
      title: t('errorTitle'),
      text: t('errorText'),
    },
  }[failure];
  return (
    <div style={{ ...cardStyle, padding: 24 }} data-testid={`share-${failure}`}>
      <Result
        icon={view.icon}
        title={view.title}
        subTitle={view.text}
        extra={failure === 'error' ? <Button onClick={onRetry}>{t('retry')}</Button> : undefined}
      />
    </div>
  );
}
