import type { AddressInfo } from 'node:net';
import { buildApp, type App } from './app';
import { ConfigError, type AppConfig } from './config';
import { seedBase } from './db/base-data';
import { openDatabase, type Database } from './db/client';
import { gracefulShutdown, onShutdownSignals } from './lib/shutdown';

/**
 * What a launcher adds around the server (docs/architecture.md, "Demo fakes"): the production entry passes none,
 * the demo entry (src/demo/main.ts) starts its fakes and points the server at them.
 */
export interface StartHooks {
  /** After migrations and the base data, before the app is built: may add data and adjust `config` (e.g. oidc). */
  beforeApp?(ctx: { config: AppConfig; database: Database }): Promise<void>;
  /** When the app closes (shutdown signal, `app.close()`), before the database closes. */
  onClose?(): Promise<void>;
  /** Once the server listens; `loopbackUrl` is its own address seen from this machine (http://127.0.0.1:port). */
  afterListen?(app: App, ctx: { loopbackUrl: string }): void;
}

/** Starts AirLink: database (migrations), base data, HTTP server and push hub, with a launcher's hooks. */
export async function startServer(config: AppConfig, hooks: StartHooks = {}): Promise<App> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedBase(database.db);
  await hooks.beforeApp?.({ config, database });
  const app = await buildApp({ config, database });
  const onClose = hooks.onClose;
  if (onClose) app.addHook('onClose', async () => onClose());
  // Drains in-flight requests, closes hub sockets, Redis and the database; forced exit after 10 s.
  onShutdownSignals(gracefulShutdown({ app, closeDatabase: () => database.close(), log: app.log }));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `AirLink ${config.databaseUrl ? 'con PostgreSQL' : `con base embebida en ${config.dataDir}`} en ${config.publicUrl}` +
      (config.devLogin ? ' (acceso de demostración activo)' : ''),
  );
  if (hooks.afterListen) {
    const { port } = app.server.address() as AddressInfo;
    const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    hooks.afterListen(app, { loopbackUrl: `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}` });
  }
  return app;
}

/** Runs an entry's start; a configuration problem or a failed start prints in Spanish and exits with 1. */
export function runEntry(start: () => Promise<unknown>): void {
  start().catch((err: unknown) => {
    if (err instanceof ConfigError) {
      console.error(`No se pudo iniciar AirLink. ${err.message}`);
      process.exit(1);
    }
    console.error('No se pudo iniciar AirLink:', err instanceof Error ? err.message : err);
    if (err instanceof Error && err.stack) console.error(err.stack);
    process.exit(1);
  });
}
