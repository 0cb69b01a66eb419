import type { FastifyBaseLogger } from 'fastify';
import { RouterOsClient } from '../../integrations/routeros/client';
import type { SecretBox } from '../../lib/secret-box';
import type { RouterRow } from './network.repository';

/** Timeouts of router work: a router that does not answer fails in seconds, never hangs a request. */
export interface RouterTimeouts {
  connectTimeoutMs: number;
  commandTimeoutMs: number;
}

export const DEFAULT_ROUTER_TIMEOUTS: RouterTimeouts = { connectTimeoutMs: 5_000, commandTimeoutMs: 8_000 };

/**
 * One RouterOsClient (a small connection pool) per router, created on first use with the router's opened
 * password and closed when the router is edited or deleted (its address or credentials may have changed)
 * and when the app closes.
 */
export class RouterClients {
  private readonly clients = new Map<number, RouterOsClient>();

  constructor(
    private readonly secrets: SecretBox,
    private timeouts: RouterTimeouts,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** The pooled client of a router. */
  for(router: Pick<RouterRow, 'id' | 'host' | 'port' | 'tls' | 'username' | 'passwordEnc'>): RouterOsClient {
    const existing = this.clients.get(router.id);
    if (existing) return existing;
    const client = RouterClients.open(router, this.secrets, this.timeouts, this.log);
    this.clients.set(router.id, client);
    return client;
  }

  /** A client outside the pool (a connection test with the stored settings), closed by the caller. */
  static open(
    router: Pick<RouterRow, 'host' | 'port' | 'tls' | 'username' | 'passwordEnc'>,
    secrets: SecretBox,
    timeouts: RouterTimeouts,
    log?: Pick<FastifyBaseLogger, 'warn'>,
  ): RouterOsClient {
    return new RouterOsClient({
      host: router.host,
      port: router.port,
      // Routers make their own certificates: api-ssl is accepted without a CA (docs/protocols/routeros.md "Transport").
      tls: router.tls ? { allowSelfSigned: true } : false,
      username: router.username,
      password: router.passwordEnc ? secrets.open(router.passwordEnc) : '',
      connectTimeoutMs: timeouts.connectTimeoutMs,
      commandTimeoutMs: timeouts.commandTimeoutMs,
      maxConnections: 2,
      idleCloseMs: 30_000,
      logger: log ? { warn: (msg, data) => log.warn(data ?? {}, msg) } : undefined,
    });
  }

  /** Closes the router's pool (after an edit or a delete); the next use opens a new one. */
  forget(routerId: number): void {
    const client = this.clients.get(routerId);
    this.clients.delete(routerId);
    client?.close();
  }

  /** Other timeouts (tests); open pools are closed so the next use applies them. */
  setTimeouts(timeouts: Partial<RouterTimeouts>): void {
    this.timeouts = { ...this.timeouts, ...timeouts };
    this.closeAll();
  }

  get currentTimeouts(): RouterTimeouts {
    return this.timeouts;
  }

  closeAll(): void {
    for (const id of [...this.clients.keys()]) this.forget(id);
  }
}
