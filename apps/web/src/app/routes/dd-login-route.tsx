/**
 * Route `/ddLogin` (spec 000 §2): the chat app's sign-in entry. Marks the tab as running inside the
 * chat app (menus and cards follow 000 §2/§6 from then on) and signs in with DingTalk's auth code.
 */
import type { ReactElement } from 'react';
import { ChatAppLogin } from '../../features/dingtalk/components/chat-app-login.tsx';
import { markInsideChatApp } from '../../lib/chat-app.ts';

/** The /ddLogin route element. */
export function DdLoginRoute(): ReactElement {
  markInsideChatApp(); // idempotent; before the screen and later pages read the flag
  return <ChatAppLogin />;
}
