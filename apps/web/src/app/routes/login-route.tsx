/**
 * Route `/login` (spec 000 §2): the sign-in page, after which the user goes to /myDocument — or,
 * inside the chat app (`appType=inside`, remembered for the tab), the chat app's own sign-in screen.
 */
import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { ChatAppLogin } from '../../features/dingtalk/components/chat-app-login.tsx';
import { isInsideChatApp, rememberAppType } from '../../lib/chat-app.ts';

/** The sign-in route element. */
export function LoginRoute(): ReactElement {
  const { search } = useLocation();
  rememberAppType(search);
  return isInsideChatApp() ? <ChatAppLogin /> : <LoginPage redirectTo="/myDocument" />;
}
