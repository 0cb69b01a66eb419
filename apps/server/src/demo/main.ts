import { loadConfig } from '../config';
import { loadEnvironment } from '../lib/env-file';
import { SecretBox } from '../lib/secret-box';
import { runEntry, startServer } from '../start-server';
import { startDemoEvolution } from './evolution';
import { startDemoFacturapi } from './facturapi';
import { startDemoIdentityProvider } from './identity-provider';
import { startDemoMercadoPago } from './mercadopago';
import { startDemoRadios } from './radios';
import { startDemoRouters } from './routers';
import { seedDemo } from './seed/demo';

/**
 * The demo entry (`npm start` outside production; built to apps/server/dist/demo.js): the demo data, then the
 * fakes the configuration asks for, then the production server (start-server.ts) pointed at them
 * (docs/architecture.md, "Demo fakes"). In production the configuration turns every demo part off.
 */
runEntry(async () => {
  const config = loadConfig(loadEnvironment());
  const stops: Array<() => Promise<void>> = [];
  let routers = false;
  let evolution: Awaited<ReturnType<typeof startDemoEvolution>> | null = null;
  await startServer(config, {
    async beforeApp({ config, database }) {
      const secrets = new SecretBox(config.appSecret, config.previousAppSecrets);
      if (config.demoData) {
        await seedDemo(database.db);
        // The radios answer on loopback (a fake airOS farm), so the poller and the charts work on a fresh clone.
        const radios = await startDemoRadios(database.db);
        stops.push(() => radios.stop());
        // The routers answer on loopback (fake RouterOS), so Cortar and Reconectar act on a router.
        const fakeRouters = await startDemoRouters(database.db, secrets, config.host);
        stops.push(() => fakeRouters.stop());
        routers = true;
      }
      if (config.demoOidc) {
        const idp = await startDemoIdentityProvider(config, database);
        stops.push(() => idp.stop());
      }
      // WhatsApp: a fake Evolution API on loopback (never with EVOLUTION_API_URL nor in production).
      if (config.demoData && config.evolution.demoFake) {
        const fake = await startDemoEvolution(database.db, secrets, {
          host: config.host,
          port: config.evolution.demoPort,
        });
        stops.push(() => fake.stop());
        evolution = fake;
      }
      // Mercado Pago: a fake on loopback the app pays through (never with MERCADOPAGO_API_URL nor in production).
      if (config.demoData && config.mercadoPago.demoFake) {
        const mp = await startDemoMercadoPago(database.db, secrets, config);
        config.mercadoPago = mp.mercadoPago;
        stops.push(() => mp.fake.stop());
        console.log(`Pagos en línea de demostración: Mercado Pago de prueba en ${mp.fake.url}`);
      }
      // Facturación: a fake PAC (Facturapi) on loopback (never with FACTURAPI_API_URL nor in production).
      if (config.demoData && config.facturapi.demoFake) {
        const pac = await startDemoFacturapi(database.db, secrets, config);
        config.facturapi = pac.facturapi;
        stops.push(() => pac.fake.stop());
        console.log(
          `Facturación de demostración: PAC de prueba en ${pac.fake.url}` +
            (pac.contratoId ? ` (el contrato ${pac.contratoId} tiene datos fiscales)` : ''),
        );
      }
    },
    async onClose() {
      for (const stop of stops) await stop();
    },
    afterListen(app, { loopbackUrl }) {
      const demoEvolution = evolution;
      if (demoEvolution)
        void Promise.all(
          demoEvolution.instances.map((name) => app.ctx.whatsappDirectory.setWebhook(name, loopbackUrl)),
        ).then(
          () => app.log.info(`WhatsApp de demostración: Evolution API de prueba en ${demoEvolution.fake.url}`),
          (err: unknown) => app.log.warn({ err }, 'demo WhatsApp webhooks failed'),
        );
      // The fake routers start in their own state: one reconciliation brings them in line with the contracts.
      if (routers)
        void app.ctx.routerControl.reconcileAll().then(
          (s) => app.log.info(`Routers de demostración: ${s.mensaje}`),
          (err: unknown) => app.log.warn({ err }, 'demo routers reconciliation failed'),
        );
    },
  });
});
