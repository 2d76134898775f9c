/**
 * The sign-in screen inside the workplace chat app (spec 000 §1 "sign-in is automatic", §2 /ddLogin
 * and /login appType=inside — "a different sign-in screen is used inside the chat app"): no form,
 * no register option, no official-site link. It takes the auth code (a redirect's `code` / `authCode`,
 * else DingTalk's JSAPI with the query's corpId or the configured default), signs in through
 * `DDLogin` (or `ThirdPartyAccount/Login` for an OAuth2 `authCode`), keeps the session and goes to /.
 * States: 正在通过钉钉登录… while working; the reason with 重试 when it fails, and 使用账号密码登录,
 * which leaves the chat-app mode of the tab (issue 17) — as does finding that the page is not inside
 * DingTalk at all, so a later /login in this tab shows the normal sign-in page.
 */
import { Button, Result, Spin, Typography } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { leaveChatApp } from '../../../lib/chat-app.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../stores/session-store.ts';
import { clientConfigQueryOptions, useClientConfig } from '../../auth/api/get-client-config.ts';
import { getUserInfo } from '../../auth/api/get-user-info.ts';
import { ddLogin, ddThirdPartyLogin } from '../api/dd-login.ts';
import {
  AuthCodeError,
  authCodeFromQuery,
  requestDingTalkAuthCode,
  withoutAuthCode,
} from '../lib/auth-code.ts';
import '../i18n.ts';

/** A failure whose text is already the one to show. */
class Shown extends Error {}

type Phase = { phase: 'working' } | { phase: 'error'; text: string };

/** The chat-app sign-in screen (used by /ddLogin and by /login inside the chat app). */
export function ChatAppLogin(): ReactElement {
  const { t } = useTranslation(['dingtalk', 'common']);
  const { message } = useFeedback();
  const navigate = useNavigate();
  const config = useClientConfig();
  const [state, setState] = useState<Phase>({ phase: 'working' });
  const started = useRef(false);
  /** A redirect's auth code is single use: only the first attempt sends it. */
  const queryCodeUsed = useRef(false);
  const productName = config.data?.productName || t('common:productName');

  const textOf = useCallback(
    (err: unknown): string => {
      if (err instanceof Shown || err instanceof ApiError) return err.message || t('failed');
      if (err instanceof AuthCodeError) {
        if (err.kind === 'notInDingTalk') return t('notInDingTalk');
        if (err.kind === 'timeout') return t('authCodeTimeout');
        return t('authCodeFailed', { reason: err.reason || t('failed') });
      }
      return t('common:serverBusy');
    },
    [t],
  );

  const run = useCallback(async () => {
    setState({ phase: 'working' });
    try {
      const q = new URLSearchParams(window.location.search);
      const settings = await queryClient.ensureQueryData(clientConfigQueryOptions());
      if (!settings.dingtalkEnabled) throw new Shown(t('notConfigured'));
      const corpId = q.get('corpId')?.trim() || settings.defaultCorpId || undefined;
      const application = q.get('application')?.trim() || undefined;
      const fromQuery = queryCodeUsed.current ? null : authCodeFromQuery(window.location.search);
      queryCodeUsed.current = true;
      if (fromQuery) {
        // Used now: a reload or a retry must not send it again (DingTalk refuses a used code).
        const { pathname, search, hash } = window.location;
        window.history.replaceState(window.history.state, '', `${pathname}${withoutAuthCode(search)}${hash}`);
      }
      let data;
      if (fromQuery?.kind === 'oauth') data = await ddThirdPartyLogin({ code: fromQuery.code, corpId });
      else if (fromQuery) data = await ddLogin({ code: fromQuery.code, corpId, application });
      else {
        if (!corpId) throw new Shown(t('noCorpId'));
        data = await ddLogin({ code: await requestDingTalkAuthCode(corpId), corpId, application });
      }
      useSession.getState().signIn(data.token);
      try {
        await getUserInfo();
      } catch {
        /* the shell loads the user again */
      }
      void message.success(t('loginSuccess'));
      void navigate('/', { replace: true });
    } catch (err) {
      // Not inside DingTalk at all: the tab is an ordinary browser tab from now on.
      if (err instanceof AuthCodeError && err.kind === 'notInDingTalk') leaveChatApp();
      setState({ phase: 'error', text: textOf(err) });
    }
  }, [message, navigate, t, textOf]);

  useEffect(() => {
    if (started.current) return; // once, also under StrictMode's double effects
    started.current = true;
    void run();
  }, [run]);

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: 'linear-gradient(180deg, #eaf2ff 0%, #f5f8fc 60%)',
      }}
    >
      <main
        aria-busy={state.phase === 'working'}
        style={{
          width: 380,
          maxWidth: '100%',
          background: '#fff',
          borderRadius: 16,
          padding: '36px 28px 28px',
          boxShadow: '0 12px 40px rgba(22, 60, 120, 0.10)',
          textAlign: 'center',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 10 }}>
          <img src="/logo.svg" alt="" width={36} height={36} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {productName}
          </Typography.Title>
        </div>
        {state.phase === 'working' ? (
          <div style={{ padding: '40px 0 16px' }}>
            <Spin size="large" />
            <Typography.Paragraph style={{ margin: '24px 0 6px', fontSize: 16 }}>
              {t('signingIn')}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('hint')}
            </Typography.Text>
          </div>
        ) : (
          <Result
            status="error"
            title={t('failed')}
            subTitle={state.text}
            style={{ padding: '32px 0 8px' }}
            extra={[
              <Button key="retry" type="primary" size="large" onClick={() => void run()}>
                {t('retry')}
              </Button>,
              <Button
                key="password"
                type="link"
                size="large"
                onClick={() => {
                  leaveChatApp();
                  const q = new URLSearchParams(window.location.search);
                  q.delete('appType');
                  q.delete('corpId');
                  const rest = q.toString();
                  void navigate(`/login${rest ? `?${rest}` : ''}`, { replace: true });
                }}
              >
                {t('usePassword')}
              </Button>,
            ]}
          />
        )}
      </main>
    </div>
  );
}
