/**
 * Tell the server which model this tab shows (spec 001 §8 -120; issue 13): while `enabled`, the tab
 * sends `modelOpen {iuid, version?, tabId}` over the app's hub socket (again after every reconnect),
 * `modelHeartbeat` every MODEL_OPEN_HEARTBEAT_MS, and `modelClose` when it stops showing it. A
 * `modelForceClose {iuid}` for this model (another user pressed 关闭 in the -120 dialog) calls
 * `onForceClose`. Signed-out tabs (share visitors) have no socket and report nothing.
 */
import {
  MODEL_OPEN_HEARTBEAT_MS,
  ModelForceCloseEvent,
  ModelOpenEvents,
  type ModelOpenMessageValue,
} from '@bimdrive/contracts';
import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { subscribeHubSocket } from '../../../lib/socket.ts';
import { TAB_ID } from '../../../lib/tab-id.ts';

/** Options of useModelPresence. */
export interface ModelPresenceOptions {
  /** The model file shown. */
  iuid: string;
  /** The version shown (undefined: the current one). */
  version?: number;
  /** Report only while true (a model kind is shown, signed in, not a share visitor). */
  enabled: boolean;
  /** Another user closed the model: close the preview and say so. */
  onForceClose: () => void;
}

/** Report this tab's open model over the hub and obey `modelForceClose` (see the module doc). */
export function useModelPresence({ iuid, version, enabled, onForceClose }: ModelPresenceOptions): void {
  const [socket, setSocket] = useState<Socket | null>(null);
  const forceClose = useRef(onForceClose);
  useEffect(() => {
    forceClose.current = onForceClose;
  }, [onForceClose]);
  useEffect(() => subscribeHubSocket(setSocket), []);

  useEffect(() => {
    if (!enabled || !socket) return;
    const msg: ModelOpenMessageValue = { iuid, tabId: TAB_ID, ...(version !== undefined ? { version } : {}) };
    const open = () => void socket.emit(ModelOpenEvents.open, msg);
    const onForced = (payload: unknown) => {
      const p = ModelForceCloseEvent.safeParse(payload);
      if (p.success && p.data.iuid === iuid) forceClose.current();
    };
    if (socket.connected) open();
    socket.on('connect', open);
    socket.on(ModelOpenEvents.forceClose, onForced);
    const beat = setInterval(() => {
      if (socket.connected) socket.emit(ModelOpenEvents.heartbeat, msg);
    }, MODEL_OPEN_HEARTBEAT_MS);
    return () => {
      clearInterval(beat);
      socket.off('connect', open);
      socket.off(ModelOpenEvents.forceClose, onForced);
      // A disconnected socket's models were freed by the server already.
      if (socket.connected) socket.emit(ModelOpenEvents.close, msg);
    };
  }, [socket, enabled, iuid, version]);
}
