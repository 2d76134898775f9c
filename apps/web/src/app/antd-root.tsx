/**
 * The antd shell (DESIGN "Web"): Ant Design `ConfigProvider` with the zh_CN locale (en_US, loaded on
 * demand, when the language is English: antd-locale.ts), dayjs's locale, and the toasts and dialogs
 * of lib/feedback.tsx in place of antd's `App` (theme and locale aware, loaded on first use;
 * `AntdHost`'s are handed to the API client's toasts, the AccountExit alert and the -120 dialog). It loads lazily (`loadAntdRoot`) with the first screen that uses antd — the signed-in app
 * and the other routes under `AntdLayout`, the preview overlay, the crash screen — so the public
 * pages /login and /s ship none of antd (issue 17 "Weight and speed").
 */
import { ConfigProvider, theme } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FeedbackProvider, useFeedback } from '../lib/feedback.tsx';
import { bindOccupiedDialog } from '../lib/model-occupied.ts';
import { bindModal, bindToast } from '../lib/toast.ts';
import { antdLocale, loadAntdLocale } from './antd-locale.ts';

/**
 * Hands the context-aware antd message and modal instances to code outside screens (lib/toast.ts: the
 * API client's toasts, the AccountExit alert; the -120 dialog).
 */
function ToastBinder(): null {
  const { message, modal } = useFeedback();
  useEffect(() => {
    bindToast(message);
    return () => bindToast(null);
  }, [message]);
  useEffect(() => {
    bindModal(modal);
    bindOccupiedDialog(modal, message);
    return () => {
      bindModal(null);
      bindOccupiedDialog(null, null);
    };
  }, [modal, message]);
  return null;
}

/**
 * The text defaults antd's `App` component gives its element (colour, size, line height and font of
 * the theme), kept now that lib/feedback.tsx stands in for `App`.
 */
function AppText({ children }: { children: ReactNode }): ReactElement {
  const { token } = theme.useToken();
  const style = {
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
  };
  return <div style={style}>{children}</div>;
}

/** Props of AntdRoot. */
export interface AntdRootProps {
  children: ReactNode;
  /** Render no element of its own (only the providers). */
  bare?: boolean;
}

/** Wrap `children` in antd's providers (theme, locale, App). */
export function AntdRoot({ children, bare }: AntdRootProps): ReactElement {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  dayjs.locale(en ? 'en' : 'zh-cn');
  // en_US loads on demand (antd-locale.ts): render again once it is there.
  const [, setLocaleLoads] = useState(0);
  useEffect(() => {
    if (en) void loadAntdLocale(i18n.language).then(() => setLocaleLoads((n) => n + 1));
  }, [en, i18n.language]);
  return (
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
      <FeedbackProvider messageConfig={{ top: 60, maxCount: 3 }}>
        {bare ? children : <AppText>{children}</AppText>}
      </FeedbackProvider>
    </ConfigProvider>
  );
}

/**
 * The persistent antd host, beside the router once antd has loaded: its `App` shows the toasts and
 * dialogs of code outside screens, which so outlive the screen that caused them (e.g. the
 * AccountExit alert stays while the app goes to /login, which has no antd shell).
 */
export function AntdHost(): ReactElement {
  return (
    <AntdRoot bare>
      <ToastBinder />
    </AntdRoot>
  );
}

/** Layout route rendering its child routes inside AntdRoot. */
export function AntdLayout(): ReactElement {
  return (
    <AntdRoot>
      <Outlet />
    </AntdRoot>
  );
}
