import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export const SHUTDOWN_TIMEOUT_MS = 10_000;
/** The 503 of a request that arrives on an open connection while the server drains. */
export const SHUTTING_DOWN_MESSAGE = 'AirLink se está reiniciando. Intenta de nuevo en unos segundos.';

export interface ShutdownOptions {
  app: Pick<FastifyInstance, 'close'> & { server?: Pick<FastifyInstance['server'], 'closeIdleConnections'> };
  /** Closes the database after the last request finished (the pg pool waits for checked-out clients). */
  closeDatabase: () => Promise<void>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** After this the process exits with 1 whatever is still running (default 10 s). */
  timeoutMs?: number;
  exit?: (code: number) => void;
}

/**
 * Builds the one shutdown of the process (a second signal does not start another, nor kill it midway):
 * `app.close()` stops accepting connections, closes idle keep-alive ones, lets in-flight requests finish
 * (new requests on open connections get 503; a keep-alive connection is closed as soon as its last
 * response is sent, instead of waiting for its keep-alive timeout), then runs the preClose and onClose hooks: the push hub
 * disconnects its sockets, Redis clients quit. Then the database closes and the process exits with 0.
 * If that takes longer than `timeoutMs`, it exits with 1 (a request still running loses its connection,
 * so PostgreSQL rolls back its transaction: nothing half-done is kept, and the client's retry with its
 * Idempotency-Key does the work once).
 */
export function gracefulShutdown(opts: ShutdownOptions): (signal: string) => Promise<void> {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const timeoutMs = opts.timeoutMs ?? SHUTDOWN_TIMEOUT_MS;
  let running: Promise<void> | null = null;
  return (signal: string) => {
    if (running) {
      opts.log.warn(`${signal}: AirLink ya se está cerrando`);
      return running;
    }
    opts.log.info(`${signal}: cerrando AirLink (se terminan las solicitudes en curso)`);
    const force = setTimeout(() => {
      opts.log.error(`AirLink no terminó de cerrar en ${timeoutMs / 1000} s; se fuerza la salida`);
      exit(1);
    }, timeoutMs);
    force.unref?.();
    running = (async () => {
      let code = 0;
      // server.close() closes the connections idle at that moment only; browsers keep theirs open, and one
      // whose request finishes later would hold the close until its keep-alive timeout (72 s in Fastify).
      const idleCloser = setInterval(() => opts.app.server?.closeIdleConnections(), 100);
      try {
        await opts.app.close();
      } catch (err) {
        code = 1;
        opts.log.error({ err }, 'error while closing the HTTP server');
      } finally {
        clearInterval(idleCloser);
      }
      try {
        await opts.closeDatabase();
      } catch (err) {
        code = 1;
        opts.log.error({ err }, 'error while closing the database');
      }
      clearTimeout(force);
      opts.log.info('AirLink cerrado');
      exit(code);
    })();
    return running;
  };
}

/** SIGTERM (containers, systemd) and SIGINT (Ctrl+C) both drain; repeated signals are ignored while it runs. */
export function onShutdownSignals(
  shutdown: (signal: string) => Promise<void>,
  signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'],
) {
  for (const signal of signals) process.on(signal, () => void shutdown(signal));
}
