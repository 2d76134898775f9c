/**
 * Real-time hub (spec 000 §7): socket.io at `/api/chatHub`. A client invokes `reloadConnnectAsync`
 * with its token; the hub verifies it and joins the socket to the room `user:<id>`. Events are small
 * "this changed" notices. With REDIS_URL the Redis adapter fans events out across API nodes, and a
 * worker-only process can emit through the same adapter without listening on HTTP. Modules may handle
 * client events of registered sockets (`onClientEvent`, e.g. modelOpen of modules/model-opens) and
 * learn of their disconnects (`onDisconnect`). `admit` may refuse connections and registrations
 * (a private deployment without a valid licence, as the HTTP API does); `endSession` takes the
 * sockets of an ended session out of their user's rooms, on whichever node they are connected.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { HUB_PATH, HubEvents } from '@bimdrive/contracts';

export interface Hub {
  /** Send `event` to every socket of a user. */
  toUser(userId: string, event: string, payload: unknown): void;
  /** Send `event` to every socket of several users (each socket once). */
  toUsers(userIds: string[], event: string, payload: unknown): void;
  /** Send `event` to every signed-in socket (public-library notices). */
  toSignedIn(event: string, payload: unknown): void;
  /** Send `event` to the sockets registered with one session (e.g. AccountExit to an ended session). */
  toSession(sessionId: string, event: string, payload: unknown): void;
  /** Send `event` to the given sockets (by socket id), on whichever API node they are connected. */
  toSockets(socketIds: string[], event: string, payload: unknown): void;
  /**
   * The sockets registered with an ended session (logged out, signed in elsewhere) of `userId` stop
   * receiving the user's and the signed-in notices; their session room stays, for a last AccountExit.
   */
  endSession(sessionId: string, userId: string): void;
  /**
   * Handle a client event of registered (signed-in) sockets: `handler(client, payload)` answers the
   * client's ack, if it asked for one. Unregistered sockets get `{ ok: false }`. Register before listening.
   */
  onClientEvent(event: string, handler: (client: HubClient, payload: unknown) => Promise<unknown>): void;
  /** Called when a socket that was registered disconnects (on this node). */
  onDisconnect(handler: (client: HubClient) => Promise<void>): void;
  /** Disconnect a user's sockets of one session after telling them (AccountExit). */
  close(): Promise<void>;
}

/** A registered socket: who it belongs to and the token it registered with. */
export interface HubClient {
  socketId: string;
  userId: string;
  sessionId: string;
  token: string;
}

/** Room name of a user. */
export const userRoom = (userId: string) => `user:${userId}`;
/** Room every signed-in socket joins. */
export const SIGNED_IN_ROOM = 'signed-in';
/** Room name of a session. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * Create the hub.
 * @param httpServer attach to this server (API role); omit for an emit-only hub (worker role).
 * @param authenticate resolves a token to its user and session, or null.
 * @param admit answers why connections are refused now (a message), or null to let them in.
 */
export async function createHub(opts: {
  httpServer?: HttpServer;
  redisUrl?: string;
  authenticate: (token: string) => Promise<{ userId: string; sessionId: string } | null>;
  admit?: () => Promise<string | null>;
}): Promise<Hub> {
  const io = new Server({ path: HUB_PATH, serveClient: false, cors: { origin: false } });
  const clientHandlers = new Map<string, (client: HubClient, payload: unknown) => Promise<unknown>>();
  const disconnectHandlers: Array<(client: HubClient) => Promise<void>> = [];
  const redis: Redis[] = [];
  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    redis.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }
  const admit = opts.admit;
  if (opts.httpServer) {
    io.attach(opts.httpServer);
    if (admit)
      io.use((_socket, next) => {
        admit().then(
          (refused) => next(refused ? new Error(refused) : undefined),
          () => next(new Error('refused')),
        );
      });
    io.on('connection', (socket) => {
      /** The registered client of this socket (null before registration or after a refused one). */
      let client: HubClient | null = null;
      /** The latest registration, which client events wait for (the client registers on connect). */
      let registering: Promise<unknown> = Promise.resolve();
      const freeClient = (c: HubClient) => {
        for (const h of disconnectHandlers) void h(c).catch(() => undefined);
      };
      const register = async (token: unknown, ack?: (ok: boolean) => void) => {
        const raw = typeof token === 'string' ? token.replace(/^Bearer\s+/i, '') : '';
        const refused = admit ? await admit().catch(() => 'refused') : null;
        const who = raw && !refused ? await opts.authenticate(raw).catch(() => null) : null;
        for (const room of socket.rooms) if (room !== socket.id) void socket.leave(room);
        if (who) await socket.join([userRoom(who.userId), sessionRoom(who.sessionId), SIGNED_IN_ROOM]);
        // Another account on the same socket (sign-out, sign-in): what the previous one held is freed.
        if (client && client.userId !== who?.userId) freeClient(client);
        client = who ? { socketId: socket.id, ...who, token: raw } : null;
        if (typeof ack === 'function') ack(Boolean(who));
      };
      socket.on(HubEvents.register, (token: unknown, ack?: (ok: boolean) => void) => {
        registering = register(token, ack).catch(() => undefined);
      });
      for (const [event, handler] of clientHandlers)
        socket.on(event, (payload: unknown, ack?: (answer: unknown) => void) => {
          const answer = registering.then(() => (client ? handler(client, payload) : { ok: false }));
          void answer.then(
            (a) => typeof ack === 'function' && ack(a),
            () => typeof ack === 'function' && ack({ ok: false }),
          );
        });
      socket.on('disconnect', () => {
        if (client) freeClient(client);
      });
      const handshakeToken = socket.handshake.auth?.token;
      if (typeof handshakeToken === 'string') registering = register(handshakeToken).catch(() => undefined);
    });
  }
  return {
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    toUsers(userIds, event, payload) {
      if (userIds.length > 0) io.to(userIds.map(userRoom)).emit(event, payload);
    },
    toSignedIn(event, payload) {
      io.to(SIGNED_IN_ROOM).emit(event, payload);
    },
    toSession(sessionId, event, payload) {
      io.to(sessionRoom(sessionId)).emit(event, payload);
    },
    endSession(sessionId, userId) {
      io.in(sessionRoom(sessionId)).socketsLeave([userRoom(userId), SIGNED_IN_ROOM]);
    },
    toSockets(socketIds, event, payload) {
      // Every socket is in the room named by its id, so this reaches sockets on other nodes too.
      if (socketIds.length > 0) io.to(socketIds).emit(event, payload);
    },
    onClientEvent(event, handler) {
      clientHandlers.set(event, handler);
    },
    onDisconnect(handler) {
      disconnectHandlers.push(handler);
    },
    async close() {
      await io.close();
      for (const r of redis) r.disconnect();
    },
  };
}
