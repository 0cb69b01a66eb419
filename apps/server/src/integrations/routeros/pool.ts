import { type CommandOptions, RouterOsConnection, type RouterOsConnectOptions, type RouterOsReply } from './connection';
import { RouterOsClosedError } from './errors';

export interface RouterOsPoolOptions extends RouterOsConnectOptions {
  /** Connections kept to this router at most. Default 2. */
  maxConnections?: number;
  /** Close a connection that has had nothing to do for this long. Default 30 s. */
  idleCloseMs?: number;
}

/**
 * A small pool of logged-in connections to ONE router. Commands go to an idle connection, else a new one
 * is opened (up to maxConnections), else they share the least busy one (tags keep replies apart).
 * A connection that broke (timeout, `!fatal`, socket closed) leaves the pool; the next command opens a
 * fresh one. Idle connections are closed after idleCloseMs.
 */
export class RouterOsPool {
  private readonly conns = new Set<RouterOsConnection>();
  private readonly connecting = new Set<Promise<RouterOsConnection>>();
  private readonly idleTimers = new Map<RouterOsConnection, NodeJS.Timeout>();
  private readonly max: number;
  private readonly idleCloseMs: number;
  private disposed = false;

  constructor(private readonly opts: RouterOsPoolOptions) {
    this.max = Math.max(1, opts.maxConnections ?? 2);
    this.idleCloseMs = opts.idleCloseMs ?? 30_000;
  }

  /** Open connections right now (for tests and diagnostics). */
  get size(): number {
    return this.conns.size;
  }

  async command(words: readonly string[], opts?: CommandOptions): Promise<RouterOsReply> {
    const conn = await this.acquire();
    this.clearIdle(conn);
    try {
      return await conn.command(words, opts);
    } finally {
      this.scheduleIdle(conn);
    }
  }

  /** Closes every connection; later commands fail. */
  close(): void {
    this.disposed = true;
    for (const c of this.conns) c.close();
    this.conns.clear();
  }

  private async acquire(): Promise<RouterOsConnection> {
    if (this.disposed) throw new RouterOsClosedError('pool closed');
    let best: RouterOsConnection | undefined;
    for (const c of this.conns) {
      if (c.closed) continue;
      if (c.inFlight === 0) return c;
      if (!best || c.inFlight < best.inFlight) best = c;
    }
    if (this.conns.size + this.connecting.size < this.max) return this.open();
    if (best) return best;
    // Every slot is still logging in: wait for the first that finishes.
    return Promise.race(this.connecting);
  }

  private open(): Promise<RouterOsConnection> {
    const p = RouterOsConnection.connect(this.opts);
    this.connecting.add(p);
    return p.then(
      (conn) => {
        this.connecting.delete(p);
        if (this.disposed) {
          conn.close();
          throw new RouterOsClosedError('pool closed');
        }
        this.conns.add(conn);
        conn.onClose(() => {
          this.conns.delete(conn);
          this.clearIdle(conn);
        });
        return conn;
      },
      (err: unknown) => {
        this.connecting.delete(p);
        throw err;
      },
    );
  }

  private clearIdle(conn: RouterOsConnection): void {
    const t = this.idleTimers.get(conn);
    if (t) clearTimeout(t);
    this.idleTimers.delete(conn);
  }

  private scheduleIdle(conn: RouterOsConnection): void {
    if (conn.closed || conn.inFlight > 0) return;
    this.clearIdle(conn);
    const t = setTimeout(() => {
      this.idleTimers.delete(conn);
      if (conn.inFlight === 0) conn.close();
    }, this.idleCloseMs);
    t.unref();
    this.idleTimers.set(conn, t);
  }
}
