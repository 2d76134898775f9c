/**
 * Real-time hub connection (spec 000 §4 "Real-time connection", §7): socket.io at `/api/chatHub` on the
 * same origin; on every (re)connect the client invokes `reloadConnnectAsync` with its token; after the
 * connection closes it retries every 5 s (`HUB_RECONNECT_MS`). Events are small "this changed" notices.
 */
import { io, type Socket } from 'socket.io-client';
import {
  HUB_PATH,
  HUB_RECONNECT_MS,
  HubEvents,
  type FileStatusEventValue,
  type FileVersionEventValue,
} from '@bimdrive/contracts';
import { asFileStatusEvent, asFileVersionEvent } from './hub-events.ts';

/** What the app does with the hub's events. */
export interface HubHandlers {
  /** `projectFileStatusInfo`: a file's conversion status changed. */
  onFileStatus: (event: FileStatusEventValue) => void;
  /** `FileVersionInfo`: a file's versions changed (added, made current, deleted, converted). */
  onFileVersion: (event: FileVersionEventValue) => void;
  /** `AccountExit`: this session was ended by a sign-in elsewhere. */
  onAccountExit: () => void;
  /** `companyApply` / `companyApply1`: the company's join applications changed (administrators). */
  onCompanyApply: (notDealApply: boolean) => void;
  /** `accessApply`: the user's join application was approved; they must sign in again. */
  onAccessApply: () => void;
  /** `applyRejected`: the user's join application was rejected (issue 17). */
  onApplyRejected: () => void;
}

/** An open hub connection. */
export interface HubConnection {
  socket: Socket;
  /** Close the connection for good (sign-out, unmount). */
  close: () => void;
}

/**
 * Open the hub connection and register the token on every connect.
 * @param getToken current session token (read at each connect so a new sign-in is used).
 */
export function connectHub(getToken: () => string | null, handlers: HubHandlers): HubConnection {
  const socket = io({
    path: HUB_PATH,
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionDelay: HUB_RECONNECT_MS,
    reconnectionDelayMax: HUB_RECONNECT_MS,
    randomizationFactor: 0,
    auth: (cb) => cb({ token: getToken() ?? '' }),
  });
  socket.on('connect', () => {
    const token = getToken();
    if (token) socket.emit(HubEvents.register, token);
  });
  socket.on('disconnect', (reason) => {
    // A server-side disconnect is not retried automatically by socket.io; retry after 5 s (000 §9).
    if (reason === 'io server disconnect') setTimeout(() => socket.connect(), HUB_RECONNECT_MS);
  });
  socket.on(HubEvents.fileStatus, (payload: unknown) => {
    const event = asFileStatusEvent(payload);
    if (event) handlers.onFileStatus(event);
  });
  socket.on(HubEvents.fileVersion, (payload: unknown) => {
    const event = asFileVersionEvent(payload);
    if (event) handlers.onFileVersion(event);
  });
  socket.on(HubEvents.accountExit, () => handlers.onAccountExit());
  for (const event of [HubEvents.companyApply, HubEvents.companyApplyList])
    socket.on(event, (payload: unknown) =>
      handlers.onCompanyApply(Boolean((payload as { notDealApply?: unknown } | null)?.notDealApply)),
    );
  socket.on(HubEvents.accessApply, () => handlers.onAccessApply());
  socket.on(HubEvents.applyRejected, () => handlers.onApplyRejected());
  setActiveSocket(socket);
  return {
    socket,
    close: () => {
      if (activeSocket === socket) setActiveSocket(null);
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}

/** The app's hub socket while signed in (the one `connectHub` opened last), else null. */
let activeSocket: Socket | null = null;
const socketListeners = new Set<(socket: Socket | null) => void>();

function setActiveSocket(socket: Socket | null): void {
  activeSocket = socket;
  for (const fn of socketListeners) fn(socket);
}

/**
 * Follow the app's hub socket (e.g. the preview overlay reporting an open model, 001 §8 -120): `fn`
 * is called now and whenever the socket changes (sign-in, sign-out). @returns unsubscribe.
 */
export function subscribeHubSocket(fn: (socket: Socket | null) => void): () => void {
  socketListeners.add(fn);
  fn(activeSocket);
  return () => {
    socketListeners.delete(fn);
  };
}
