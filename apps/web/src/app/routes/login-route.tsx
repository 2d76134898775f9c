/**
 * Route `/login` (spec 000 §2): the sign-in page, after which the user goes to /myDocument (or the
 * same-origin path of `redirect`, e.g. back to a pay page) — or,
 * inside the chat app (`appType=inside`, remembered for the tab), the chat app's own sign-in screen.
 * A session that ended while this browser missed the live event shows its reason in the 提示 alert
 * (000 §8 AccountExit). The page itself is drawn without antd (issue 17 "Weight and speed"); the
 * alert (antd's static Modal) and the chat app's screen (in the antd shell) load when they show.
 */
import { Suspense, useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { isInsideChatApp, rememberAppType } from '../../lib/chat-app.ts';
import { clearSessionEndedNotice, peekSessionEndedNotice } from '../../lib/session-notice.ts';
import { serverTextReady } from '../../lib/server-messages.ts';
import { afterSignInPath } from '../guard-rules.ts';
import { lazyWithAntd } from '../providers.tsx';

/** The chat app's sign-in screen, loaded only inside the chat app (issue 17: initial JavaScript). */
const ChatAppLogin = lazyWithAntd(() =>
  import('../../features/dingtalk/components/chat-app-login.tsx').then((m) => m.ChatAppLogin),
);

/** The sign-in route element. */
export function LoginRoute(): ReactElement {
  const { search } = useLocation();
  const { t } = useTranslation('common');
  rememberAppType(search);
  // Why the session ended (lib/session-notice.ts), once per page load; kept until the user closes it.
  const noticeShown = useRef(false);
  useEffect(() => {
    const notice = peekSessionEndedNotice();
    if (!notice || noticeShown.current) return;
    noticeShown.current = true;
    void Promise.all([serverTextReady(notice), import('../../lib/antd-static.ts')]).then(
      ([content, { Modal }]) => {
        Modal.error({ title: t('tip'), content, okText: t('ok'), afterClose: clearSessionEndedNotice });
      },
    );
  }, [t]);
  return isInsideChatApp() ? (
    <Suspense fallback={null}>
      <ChatAppLogin />
    </Suspense>
  ) : (
    <LoginPage redirectTo={afterSignInPath(search)} />
  );
}
