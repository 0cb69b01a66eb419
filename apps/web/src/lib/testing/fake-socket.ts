import { vi } from 'vitest';

type Handler = (...args: unknown[]) => void;

/** A stand-in for a socket.io-client Socket: records emits, lets tests fire server events. */
export class FakeSocket {
  connected = false;
  active = false;
  readonly emitted: Array<{ event: string; args: unknown[] }> = [];
  readonly handlers = new Map<string, Set<Handler>>();
  readonly anyHandlers = new Set<Handler>();
  /** What emitWithAck resolves to. */
  ackReply: unknown = { ok: true };

  constructor(readonly opts: Record<string, unknown>) {}

  on(event: string, h: Handler) {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(h);
    return this;
  }
  onAny(h: Handler) {
    this.anyHandlers.add(h);
    return this;
  }
  offAny() {
    this.anyHandlers.clear();
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  connect = vi.fn(() => {
    this.active = true;
    return this;
  });
  disconnect = vi.fn(() => {
    this.active = false;
    this.connected = false;
    return this;
  });
  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }
  timeout() {
    return {
      emitWithAck: async (event: string, ...args: unknown[]) => {
        this.emitted.push({ event, args });
        return this.ackReply;
      },
    };
  }
  /**
   * Simulates an event from the server (or a lifecycle event such as 'connect'). Like
   * socket.io-client, a refused handshake ('connect_error' here always stands for the server's
   * refusal) and a server-side close ('disconnect' with 'io server disconnect') leave the socket
   * inactive: it does not reconnect by itself.
   */
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    if (event === 'connect_error' || (event === 'disconnect' && args[0] === 'io server disconnect')) {
      this.active = false;
    }
    this.handlers.get(event)?.forEach((h) => h(...args));
    if (!['connect', 'disconnect', 'connect_error'].includes(event)) this.anyHandlers.forEach((h) => h(event, ...args));
  }
}

export const sockets: FakeSocket[] = [];

/** Module replacement: vi.mock('socket.io-client', () => socketIoMock) */
export const socketIoMock = {
  io: vi.fn((opts: Record<string, unknown>) => {
    const s = new FakeSocket(opts);
    sockets.push(s);
    return s;
  }),
};

export function lastSocket(): FakeSocket {
  const s = sockets[sockets.length - 1];
  if (!s) throw new Error('No socket was created');
  return s;
}
