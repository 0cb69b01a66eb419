import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { loadEnvironment } from './lib/env-file';
import { openDatabase, type Database } from './db/client';
import { AuthRepository } from './modules/auth/auth.repository';
import { seedBase } from './db/seed/base';
import { seedDemo } from './db/seed/demo';
import { fullName } from './db/user-name';
import { SecretBox } from './lib/secret-box';
import { gracefulShutdown, onShutdownSignals } from './lib/shutdown';
import { startDemoRouters } from './modules/network/demo-routers';

/** The demo's stand-in for Google: a loopback OpenID provider whose chooser lists the active users. */
async function startDemoIdentityProvider(config: AppConfig, database: Database) {
  const { startFakeOidcProvider } = await import('./integrations/oidc/fake-server');
  const repo = new AuthRepository(database.db);
  const options = {
    host: config.host,
    publicHost: new URL(config.publicUrl).hostname,
    accounts: async () =>
      (await repo.listActiveUsers()).map((u) => ({ email: u.email, name: fullName(u), picture: u.picture })),
  };
  // A busy port must not stop the demo: any free port works, the issuer URL follows it.
  const idp = await startFakeOidcProvider({ ...options, port: config.demoOidcPort }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EADDRINUSE') throw err;
      return startFakeOidcProvider({ ...options, port: 0 });
    },
  );
  config.oidc = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret };
  console.log(`Inicio de sesión «con Google» de demostración: proveedor OpenID local en ${idp.issuer}`);
  return idp;
}

/** Starts AirLink: configuration, database (migrations), base and demo data, HTTP server and push hub. */
async function main() {
  const config = loadConfig(loadEnvironment());
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedBase(database.db);
  if (config.demoData) await seedDemo(database.db);
  // The demo's radios answer on loopback (a fake airOS farm), so the poller and the charts work on a fresh clone.
  const demoRadios = config.demoData
    ? await (await import('./modules/network-stats/demo-radios')).startDemoRadios(database.db)
    : null;
  // The demo's routers answer on loopback (fake RouterOS), so Cortar and Reconectar act on a router.
  const secrets = new SecretBox(config.appSecret, config.previousAppSecrets);
  const demoRouters = config.demoData ? await startDemoRouters(database.db, secrets, config.host) : null;
  const demoIdp = config.demoOidc ? await startDemoIdentityProvider(config, database) : null;
  // The demo's WhatsApp: a fake Evolution API on loopback (never with EVOLUTION_API_URL nor in production).
  const demoEvolution =
    config.demoData && config.evolution.demoFake
      ? await (
          await import('./modules/whatsapp/demo-evolution')
        ).startDemoEvolution(database.db, secrets, { host: config.host, port: config.evolution.demoPort })
      : null;
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => {
    await demoRouters?.stop();
    await demoIdp?.stop();
    await demoRadios?.stop();
    await demoEvolution?.stop();
  });
  // Drains in-flight requests, closes hub sockets, Redis and the database; forced exit after 10 s.
  onShutdownSignals(gracefulShutdown({ app, closeDatabase: () => database.close(), log: app.log }));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `AirLink ${config.databaseUrl ? 'con PostgreSQL' : `con base embebida en ${config.dataDir}`} en ${config.publicUrl}` +
      (config.devLogin ? ' (acceso de demostración activo)' : ''),
  );
  if (demoEvolution) {
    const { port } = app.server.address() as AddressInfo;
    const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const listening = `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`;
    void Promise.all(demoEvolution.instances.map((name) => app.ctx.whatsappDirectory.setWebhook(name, listening))).then(
      () => app.log.info(`WhatsApp de demostración: Evolution API de prueba en ${demoEvolution.fake.url}`),
      (err: unknown) => app.log.warn({ err }, 'demo WhatsApp webhooks failed'),
    );
  }
  // The fake routers start in their own state: one reconciliation brings them in line with the contracts.
  if (demoRouters)
    void app.ctx.routerControl.reconcileAll().then(
      (s) => app.log.info(`Routers de demostración: ${s.mensaje}`),
      (err: unknown) => app.log.warn({ err }, 'demo routers reconciliation failed'),
    );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(`No se pudo iniciar AirLink. ${err.message}`);
    process.exit(1);
  }
  console.error('No se pudo iniciar AirLink:', err instanceof Error ? err.message : err);
  if (err instanceof Error && err.stack) console.error(err.stack);
  process.exit(1);
});
