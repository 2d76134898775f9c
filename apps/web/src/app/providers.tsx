/**
 * App-wide providers (DESIGN "Web"): TanStack Query, Ant Design `ConfigProvider` with the zh_CN locale
 * (en_US, loaded on demand, when the language is English: antd-locale.ts) and antd `App` (context-aware message / modal / notification).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bindToast } from '../lib/api-client.ts';
import { bindOccupiedDialog } from '../lib/model-occupied.ts';
import { queryClient } from '../lib/query-client.ts';
import { antdLocale, loadAntdLocale } from './antd-locale.ts';

/** Hands the context-aware antd message and modal instances to the API client (toasts, -120 dialog). */
function ToastBinder(): null {
  const { message, modal } = AntApp.useApp();
  useEffect(() => bindToast(message), [message]);
  useEffect(() => bindOccupiedDialog(modal, message), [modal, message]);
  return null;
}

/** Props of Providers. */
export interface ProvidersProps {
  children: ReactNode;
}

/** Wrap the app in its providers. */
export function Providers({ children }: ProvidersProps): ReactElement {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  dayjs.locale(en ? 'en' : 'zh-cn');
  // en_US loads on demand (antd-locale.ts): render again once it is there.
  const [, setLocaleLoads] = useState(0);
  useEffect(() => {
    if (en) void loadAntdLocale(i18n.language).then(() => setLocaleLoads((n) => n + 1));
  }, [en, i18n.language]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={antdLocale(i18n.language)}
        theme={{
          token: { colorPrimary: '#1677ff', borderRadius: 6, fontSize: 14 },
          components: {
            Layout: {
              headerBg: '#ffffff',
              siderBg: '#ffffff',
              bodyBg: '#f3f5f9',
              headerHeight: 56,
              headerPadding: '0 20px',
            },
          },
        }}
      >
        <AntApp message={{ top: 60, maxCount: 3 }}>
          <ToastBinder />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
