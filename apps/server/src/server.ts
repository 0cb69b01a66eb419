import { loadConfig } from './config';
import { loadEnvironment } from './lib/env-file';
import { runEntry, startServer } from './start-server';

/**
 * The production entry (`node apps/server/dist/server.js`): configuration, database, base data and the app, with
 * no demo code at all. The demo (its data, fakes and loopback «Google») starts from src/demo/main.ts, which
 * `npm start` runs outside production (docs/architecture.md, "Demo fakes").
 */
runEntry(async () => {
  const config = loadConfig(loadEnvironment());
  const app = await startServer(config);
  if (config.demoData || config.demoOidc)
    app.log.warn(
      'Este arranque no incluye la demostración (datos, routers, radios, WhatsApp ni «Google»): usa npm start',
    );
});
