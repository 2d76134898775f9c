/**
 * Listen for `paySuccess` (spec 000 §7) while a pay page is open. Inside the shell the app's hub
 * connection is used; the pay pages are bare (outside the shell), so when no connection is open this
 * hook opens one for the page (the same socket.io hub, token registered on connect) and closes it on
 * unmount.
 */
import { HubEvents, type PaySuccessEventValue } from '@bimdrive/contracts';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { asPaySuccessEvent } from '../../../lib/hub-events.ts';
import { connectHub, subscribeHubSocket, type HubConnection } from '../../../lib/socket.ts';
import { useSession } from '../../../stores/session-store.ts';

/** Call `onPaid` for every paySuccess pushed to this user while `enabled`. */
export function usePaySuccess(enabled: boolean, onPaid: (event: PaySuccessEventValue) => void): void {
  const callback = useRef(onPaid);
  useEffect(() => {
    callback.current = onPaid;
  });
  useEffect(() => {
    if (!enabled) return;
    const handler = (payload: unknown) => {
      const event = asPaySuccessEvent(payload);
      if (event) callback.current(event);
    };
    let current: Socket | null = null;
    const unsubscribe = subscribeHubSocket((socket) => {
      current?.off(HubEvents.paySuccess, handler);
      current = socket;
      socket?.on(HubEvents.paySuccess, handler);
    });
    let own: HubConnection | null = null;
    if (!current) {
      own = connectHub(() => useSession.getState().token, {
        onFileStatus: () => undefined,
        onFileVersion: () => undefined,
        onCompanyApply: () => undefined,
        onAccessApply: () => undefined,
        onApplyRejected: () => undefined,
        onAccountExit: () => {
          useSession.getState().signOut();
          window.location.assign('/login');
        },
      });
    }
    return () => {
      unsubscribe();
      (current as Socket | null)?.off(HubEvents.paySuccess, handler);
      own?.close();
    };
  }, [enabled]);
}
