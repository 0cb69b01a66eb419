import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  ACTIVE_MINUTES,
  LEVEL,
  notificationInputSchema,
  type ConnectedUser,
  type NotificationInput,
} from '@airlink/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type BroadcastOperator, type DefaultEventsMap, type RemoteSocket, type Socket } from 'socket.io';
import { closeRedis, createRedisClient, isRedisReady, redisReady } from '../../lib/redis';
import type { AuthService } from '../../modules/auth/auth.service';
import type { AuthUser } from '../../modules/auth/auth-user';
import { bearerToken } from '../auth';
import {
  MAX_CLIENT_PACKET_BYTES,
  MAX_GROUPS_PER_SOCKET,
  SocketLimiter,
  clientEvents,
  isClientEvent,
  splitAck,
} from './events';

export const HUB_PATH = '/notificationHub';
const ADMINS_ROOM = 'admins';
const userRoom = (id: number) => `user:${id}`;
const sessionRoom = (id: string) => `session:${id}`;
const groupRoom = (name: string) => `group:${name}`;
/** A user connecting again within this time after a disconnect is announced as reconnected. */
const RECONNECT_WINDOW_MS = 2 * 60_000;
/** Events re-check the session at most this often (logout, deactivation and demotion also act at once). */
const RECHECK_MS = 15_000;
/** Notices a user may send through SendMessage per minute. */
const NOTICES_PER_MINUTE = 10;
const SESSION_OVER = 'Tu sesión terminó. Inicia sesión de nuevo.';
/** Socket.IO connection ids: 20 URL-safe characters (room names such as 'admins' or 'user:1' never match). */
const SOCKET_ID = /^[A-Za-z0-9_-]{20}$/;
/** How long start-up waits for Redis before going on with push on this instance only. */
const REDIS_START_WAIT_MS = 3_000;
/** Dropped client events are logged at most this often per socket (a flood must not flood the log). */
const DROP_LOG_INTERVAL_MS = 10_000;
const TOO_MANY_EVENTS = 'Demasiados eventos en poco tiempo; espera un momento.';
const ACTIVITY_TOO_OFTEN = 'La actividad se registra como máximo una vez por segundo.';

interface SocketData {
  user: AuthUser;
  presence: ConnectedUser;
  token: string;
  checkedAt: number;
}

export interface HubOptions {
  redisUrl?: string;
  /** Read the client IP from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy?: boolean;
  /** How long a session check stays good for a socket's events (tests use 0). */
  recheckMs?: number;
}
type HubSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
type Ack = (res: { ok: true } | { ok: false; error: string }) => void;
type HubOperator = BroadcastOperator<DefaultEventsMap, SocketData>;

export type MessageHandler = (sender: AuthUser, input: NotificationInput) => Promise<void>;

function clientIp(socket: Socket, trustProxy: boolean): string {
  const fwd = trustProxy ? socket.handshake.headers['x-forwarded-for'] : undefined;
  const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
  return (first || socket.handshake.address || '').replace(/^::ffff:/, '');
}

function computerNameOf(socket: Socket): string {
  const given = (socket.handshake.auth as { computerName?: unknown } | undefined)?.computerName;
  if (typeof given === 'string' && given.trim()) return given.trim().slice(0, 100);
  const ua = socket.handshake.headers['user-agent'] ?? '';
  const platform = /\(([^)]+)\)/.exec(ua)?.[1]?.split(';')[0]?.trim();
  return platform || 'Desconocido';
}

function ackOf(args: unknown[]): Ack {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as Ack) : () => undefined;
}

/**
 * The push hub (docs/api-contract.md "Push hub"): Socket.IO at /notificationHub, authenticated with the API token.
 * Presence lives on each socket (socket.data) so `fetchSockets` sees every instance behind the Redis adapter.
 */
export class Hub {
  private io: Server | null = null;
  private redis: Redis[] = [];
  private droppedPublishes = 0;
  private publishWarnedAt = 0;
  private readonly recentDisconnects = new Map<number, number>();
  private messageHandler: MessageHandler | null = null;
  private readonly noticeTimes = new Map<number, number[]>();

  constructor(
    private readonly auth: AuthService,
    private readonly log: FastifyBaseLogger,
    private readonly opts: HubOptions = {},
  ) {}

  setMessageHandler(handler: MessageHandler) {
    this.messageHandler = handler;
  }

  get attached(): boolean {
    return this.io !== null;
  }

  async attach(server: HttpServer): Promise<void> {
    const io = new Server(server, {
      path: HUB_PATH,
      serveClient: false,
      cors: { origin: false },
      maxHttpBufferSize: MAX_CLIENT_PACKET_BYTES,
    });
    if (this.opts.redisUrl) await this.useRedis(io, this.opts.redisUrl);
    io.use((socket, next) => {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      // The token comes in the handshake body or header, never in the URL (which proxies log).
      const token =
        (typeof auth?.token === 'string' ? auth.token : null) ?? bearerToken(socket.handshake.headers.authorization);
      if (!token) return next(new Error('unauthorized'));
      this.auth
        .authenticate(token)
        .then((user) => {
          if (!user) return next(new Error('unauthorized'));
          Object.assign((socket as HubSocket).data, { user, token, checkedAt: Date.now() });
          next();
        })
        .catch((err: unknown) => {
          this.log.error({ err }, 'hub authentication failed');
          next(new Error('unauthorized'));
        });
    });
    io.on('connection', (s) => this.onConnection(s as HubSocket));
    this.io = io;
  }

  private onConnection(socket: HubSocket) {
    const user = socket.data.user;
    const now = new Date().toISOString();
    socket.data.presence = {
      userName: user.userName,
      fullName: user.name,
      connectionId: socket.id,
      ipAddress: clientIp(socket, Boolean(this.opts.trustProxy)),
      computerName: computerNameOf(socket),
      userAgent: String(socket.handshake.headers['user-agent'] ?? ''),
      currentPage: '',
      currentAction: 'Conectado',
      connectedAt: now,
      lastActivity: now,
      isActive: true,
    };
    void socket.join([userRoom(user.id), sessionRoom(user.sessionId)]);
    if (user.level >= LEVEL.admin) void socket.join(ADMINS_ROOM);

    // The connection lives no longer than its token; the client reconnects with its refreshed one.
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, user.tokenExpiresAt.getTime() - Date.now()));
    // Every event is first checked: a known name, arguments of the right types and sizes (replaced by
    // their parsed values), and the socket's rate limits. Anything else is dropped and logged.
    const limiter = new SocketLimiter();
    let dropped = 0;
    let dropLoggedAt = -Infinity;
    const drop = (event: string, reason: string, ack: ((res: unknown) => void) | null, error?: string) => {
      dropped++;
      if (Date.now() - dropLoggedAt >= DROP_LOG_INTERVAL_MS) {
        this.log.warn(
          { userId: user.id, socketId: socket.id, event: event.slice(0, 50), reason, dropped },
          'hub event dropped',
        );
        dropLoggedAt = Date.now();
        dropped = 0;
      }
      if (ack && error) ack({ ok: false, error });
    };
    socket.use((packet, next) => {
      const [name, ...rest] = packet as [unknown, ...unknown[]];
      const { args, ack } = splitAck(rest);
      if (typeof name !== 'string' || !isClientEvent(name)) return drop(String(name), 'unknown event', ack);
      if (!limiter.allow(name))
        return drop(name, 'rate limit', ack, name === 'UpdateUserActivity' ? ACTIVITY_TOO_OFTEN : TOO_MANY_EVENTS);
      const parsed = clientEvents[name].args.safeParse(args);
      if (!parsed.success) return drop(name, 'invalid arguments', ack, clientEvents[name].invalid);
      packet.splice(1, args.length, ...parsed.data);
      next();
    });
    // Every event first re-checks the session (cached briefly): a logged-out, deactivated or demoted
    // user's socket cannot keep acting with what it had at the handshake. By session, not by the
    // handshake token: a refresh replaces that token (and a replaced token revokes the session).
    socket.use((packet, next) => {
      const data = socket.data;
      if (Date.now() - data.checkedAt < (this.opts.recheckMs ?? RECHECK_MS)) return next();
      this.auth
        .recheck(data.user)
        .then((fresh) => {
          if (!fresh) {
            const ack = packet[packet.length - 1];
            if (typeof ack === 'function') (ack as Ack)({ ok: false, error: SESSION_OVER });
            socket.emit('SessionEnded', { reason: SESSION_OVER });
            socket.disconnect(true);
            return;
          }
          data.user = fresh;
          data.checkedAt = Date.now();
          next();
        })
        .catch((err: unknown) => next(err instanceof Error ? err : new Error(String(err))));
    });

    const lastGone = this.recentDisconnects.get(user.id);
    const reconnected = lastGone !== undefined && Date.now() - lastGone < RECONNECT_WINDOW_MS;
    this.recentDisconnects.delete(user.id);
    this.toAdmins(reconnected ? 'UserReconnected' : 'UserConnected', socket.data.presence);

    const touch = (changes: Partial<ConnectedUser>) => {
      socket.data.presence = {
        ...socket.data.presence,
        ...changes,
        lastActivity: new Date().toISOString(),
        isActive: true,
      };
      this.toAdmins('UserActivityUpdate', socket.data.presence);
    };

    // The arguments below were validated (and trimmed) by the middleware above.
    socket.on('UpdateUserPage', (...args: unknown[]) => {
      const page = args[0] as string;
      touch({ currentPage: page, currentAction: `Navegando en ${page}` });
      ackOf(args)({ ok: true });
    });

    socket.on('UpdateUserActivity', (...args: unknown[]) => {
      touch({ currentAction: args[0] as string });
      ackOf(args)({ ok: true });
    });

    socket.on('JoinGroup', async (...args: unknown[]) => {
      const group = args[0] as string;
      const groups = [...socket.rooms].filter((r) => r.startsWith('group:')).length;
      if (!socket.rooms.has(groupRoom(group)) && groups >= MAX_GROUPS_PER_SOCKET) {
        return ackOf(args)({ ok: false, error: `Puedes estar en hasta ${MAX_GROUPS_PER_SOCKET} grupos a la vez.` });
      }
      await socket.join(groupRoom(group));
      this.io?.to(groupRoom(group)).emit('UserJoined', { group, userName: user.userName, fullName: user.name });
      ackOf(args)({ ok: true });
    });

    socket.on('SendToGroup', (...args: unknown[]) => {
      const [group, message] = args as [string, string];
      if (!socket.rooms.has(groupRoom(group))) return ackOf(args)({ ok: false, error: 'No perteneces a ese grupo' });
      this.io
        ?.to(groupRoom(group))
        .emit('ReceiveGroupMessage', { group, user: user.name, message, timestamp: new Date().toISOString() });
      ackOf(args)({ ok: true });
    });

    socket.on('SendMessage', async (...args: unknown[]) => {
      const ack = ackOf(args);
      const sender = socket.data.user;
      const raw = (typeof args[0] === 'object' && args[0] !== null ? args[0] : { message: args[0] }) as Record<
        string,
        unknown
      >;
      // The sender is who the session says, never what the client claims.
      const parsed = notificationInputSchema.safeParse({
        user: sender.name,
        message: raw.message,
        url: raw.url,
        customerId: raw.customerId,
        customerName: raw.customerName,
      });
      if (!parsed.success) return ack({ ok: false, error: parsed.error.issues[0]?.message ?? 'Mensaje inválido' });
      if (!this.allowNotice(sender.id)) {
        return ack({
          ok: false,
          error: `Puedes enviar hasta ${NOTICES_PER_MINUTE} avisos por minuto. Espera un momento.`,
        });
      }
      if (!this.messageHandler) return ack({ ok: false, error: 'El servidor no acepta mensajes en este momento' });
      try {
        await this.messageHandler(sender, parsed.data);
        ack({ ok: true });
      } catch (err) {
        this.log.error({ err }, 'SendMessage failed');
        ack({ ok: false, error: 'No se pudo enviar el mensaje' });
      }
    });

    socket.on('disconnect', () => {
      clearTimeout(expiry);
      this.recentDisconnects.set(user.id, Date.now());
      this.toAdmins('UserDisconnected', { ...socket.data.presence, isActive: false });
    });
  }

  /** Sliding one-minute window per user (per instance). */
  private allowNotice(userId: number, now = Date.now()): boolean {
    const recent = (this.noticeTimes.get(userId) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= NOTICES_PER_MINUTE) {
      this.noticeTimes.set(userId, recent);
      return false;
    }
    recent.push(now);
    this.noticeTimes.set(userId, recent);
    return true;
  }

  emitToUser(userId: number, event: string, payload: unknown) {
    this.io?.to(userRoom(userId)).emit(event, payload);
  }

  toAdmins(event: string, payload: unknown) {
    this.io?.to(ADMINS_ROOM).emit(event, payload);
  }

  emitToAll(event: string, payload: unknown) {
    this.io?.emit(event, payload);
  }

  /**
   * Runs a room operation (disconnect, join, leave) on this instance's sockets at once, and through the
   * Redis adapter on the others. The adapter applies such requests only when they come back from Redis,
   * so without this a logout would not close this instance's sockets while Redis is away.
   */
  private everywhere(room: string, op: (target: HubOperator) => void) {
    if (!this.io) return;
    op(this.io.local.in(room) as HubOperator);
    if (this.redis.length) op(this.io.in(room) as HubOperator);
  }

  /** Sockets of every instance; only this instance's while Redis is away (presence degrades, never fails). */
  private async fetchSockets(room?: string): Promise<RemoteSocket<DefaultEventsMap, SocketData>[]> {
    if (!this.io) return [];
    const target = room ? this.io.in(room) : this.io;
    if (!this.redis.length) return target.fetchSockets();
    if (this.redis.every((r) => isRedisReady(r))) {
      try {
        return await target.fetchSockets();
      } catch (err) {
        this.log.warn({ err }, 'fetchSockets through Redis failed; listing this instance only');
      }
    }
    return (room ? this.io.local.in(room) : this.io.local).fetchSockets();
  }

  /** Tells every connection of the user that the session ended, then closes them (on every instance). */
  endUserConnections(userId: number, reason: string) {
    if (!this.io) return;
    this.io.to(userRoom(userId)).emit('SessionEnded', { reason });
    this.everywhere(userRoom(userId), (t) => t.disconnectSockets(true));
  }

  /** Ends the connections of one session (logout), on every instance. */
  endSessionConnections(sessionId: string, reason: string) {
    if (!this.io) return;
    this.io.to(sessionRoom(sessionId)).emit('SessionEnded', { reason });
    this.everywhere(sessionRoom(sessionId), (t) => t.disconnectSockets(true));
  }

  /** Keeps the admins room in step with a user's level, on every instance. */
  userLevelChanged(userId: number, level: number) {
    if (level >= LEVEL.admin) this.everywhere(userRoom(userId), (t) => t.socketsJoin(ADMINS_ROOM));
    else this.everywhere(userRoom(userId), (t) => t.socketsLeave(ADMINS_ROOM));
  }

  /** Every connection on every instance, with activity freshness recomputed now. */
  async connections(): Promise<ConnectedUser[]> {
    if (!this.io) return [];
    const sockets = await this.fetchSockets();
    const cutoff = Date.now() - ACTIVE_MINUTES * 60_000;
    return sockets
      .map((s) => (s.data as SocketData).presence)
      .filter((p): p is ConnectedUser => Boolean(p))
      .map((p) => ({ ...p, isActive: new Date(p.lastActivity).getTime() >= cutoff }));
  }

  /** Closes one connection by id, wherever it lives; false when it does not exist. */
  async disconnect(connectionId: string): Promise<boolean> {
    if (!this.io || !SOCKET_ID.test(connectionId)) return false;
    const sockets = await this.fetchSockets(connectionId);
    if (!sockets.some((s) => s.id === connectionId)) return false;
    this.io.to(connectionId).emit('SessionEnded', { reason: 'Un administrador cerró esta conexión.' });
    this.everywhere(connectionId, (t) => t.disconnectSockets(true));
    return true;
  }

  async close(): Promise<void> {
    if (this.io) {
      // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
      this.io.disconnectSockets(true);
      this.io.engine.close();
      this.io = null;
    }
    await Promise.all(this.redis.map((r) => closeRedis(r)));
    this.redis = [];
  }

  /** Whether push reaches the other instances now (Redis configured and connected). */
  get clusterReady(): boolean {
    return this.redis.length > 0 && this.redis.every((r) => isRedisReady(r));
  }

  /**
   * The Redis adapter, made to survive Redis going away: the publisher fails fast instead of queueing
   * (a late burst of stale events helps nobody) and its failures are swallowed here, because the
   * adapter publishes without handling the promise (an unhandled rejection ends the process). Local
   * delivery goes on meanwhile; the subscriber re-subscribes when Redis is back. Start-up waits a few
   * seconds for Redis and then goes on without it.
   */
  private async useRedis(io: Server, url: string) {
    const pub = createRedisClient(url, 'hub-pub', this.log);
    const sub = createRedisClient(url, 'hub-sub', this.log, { failFast: false });
    const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
    (pub as unknown as { publish: typeof publish }).publish = (channel, message) =>
      publish(channel, message).catch((err: unknown) => {
        this.publishFailed(err);
        return 0;
      });
    this.redis = [pub, sub];
    io.adapter(createAdapter(pub, sub));
    const ready = await Promise.all([redisReady(pub, REDIS_START_WAIT_MS), redisReady(sub, REDIS_START_WAIT_MS)]);
    if (!ready.every(Boolean))
      this.log.warn('Redis no responde: los avisos en vivo llegan solo a esta instancia hasta que vuelva');
  }

  private publishFailed(err: unknown) {
    this.droppedPublishes++;
    if (Date.now() - this.publishWarnedAt < 30_000) return;
    this.log.warn({ err, dropped: this.droppedPublishes }, 'push not relayed to other instances (Redis unavailable)');
    this.publishWarnedAt = Date.now();
    this.droppedPublishes = 0;
  }
}
