import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedBase } from './db/seed/base';
import { seedDemo } from './db/seed/demo';

/** Starts AirLink: configuration, database (migrations), base and demo data, HTTP server and push hub. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedBase(database.db);
  if (config.demoData) await seedDemo(database.db);
  const app = await buildApp({ config, database });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: cerrando AirLink`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `AirLink ${config.databaseUrl ? 'con PostgreSQL' : `con base embebida en ${config.dataDir}`} en ${config.publicUrl}` +
      (config.devLogin ? ' (acceso de demostración activo)' : ''),
  );
}

main().catch((err: unknown) => {
  console.error('No se pudo iniciar AirLink:', err instanceof Error ? err.message : err);
  if (err instanceof Error && err.stack) console.error(err.stack);
  process.exit(1);
});
