import { io, type Socket } from 'socket.io-client';

/** A push-hub client as the browser makes it; resolves once connected, rejects on a refused handshake. */
export function connectHub(
  base: string,
  token: string | undefined,
  extra: Record<string, unknown> = {},
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(base, {
      path: '/notificationHub',
      auth: token === undefined ? {} : { token, ...extra },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Waits for one event (with a timeout so a missing event fails the test instead of hanging it). */
export function nextEvent<T = unknown>(
  socket: Socket,
  event: string,
  match: (p: T) => boolean = () => true,
  ms = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

export function emitAck<T = { ok: boolean; error?: string }>(
  socket: Socket,
  event: string,
  ...args: unknown[]
): Promise<T> {
  return socket.timeout(5000).emitWithAck(event, ...args) as Promise<T>;
}
