/** Error element of the routes (000 §2 step 6: navigation errors are swallowed; a crash shows a reload offer). */
import { Button, Result } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import '../i18n.ts';

/** Shown when a route fails to load or render. */
export function RouteError(): ReactElement {
  const { t } = useTranslation('app');
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Result
      status="warning"
      title={t('error.title')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      }
    />
  );
}
