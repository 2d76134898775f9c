/**
 * Real-time hub (spec 000 §7): socket.io at `/api/chatHub`. A client invokes `reloadConnnectAsync`
 * with its token; the hub verifies it and joins the socket to the room `user:<id>`. Events are small
 * "this changed" notices. With REDIS_URL the Redis adapter fans events out across API nodes, and a
 * worker-only process can emit through the same adapter without listening on HTTP.
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
  /** Disconnect a user's sockets of one session after telling them (AccountExit). */
  close(): Promise<void>;
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
 */
export async function createHub(opts: {
  httpServer?: HttpServer;
  redisUrl?: string;
  authenticate: (token: string) => Promise<{ userId: string; sessionId: string } | null>;
}): Promise<Hub> {
  const io = new Server({ path: HUB_PATH, serveClient: false, cors: { origin: false } });
  const redis: Redis[] = [];
  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    redis.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }
  if (opts.httpServer) {
    io.attach(opts.httpServer);
    io.on('connection', (socket) => {
      const register = async (token: unknown, ack?: (ok: boolean) => void) => {
        const raw = typeof token === 'string' ? token.replace(/^Bearer\s+/i, '') : '';
        const who = raw ? await opts.authenticate(raw).catch(() => null) : null;
        for (const room of socket.rooms) if (room !== socket.id) void socket.leave(room);
        if (who) await socket.join([userRoom(who.userId), sessionRoom(who.sessionId), SIGNED_IN_ROOM]);
        if (typeof ack === 'function') ack(Boolean(who));
      };
      socket.on(HubEvents.register, register);
      const handshakeToken = socket.handshake.auth?.token;
      if (typeof handshakeToken === 'string') void register(handshakeToken);
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
    async close() {
      await io.close();
      for (const r of redis) r.disconnect();
    },
  };
}
