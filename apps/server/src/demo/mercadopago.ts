import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { OnlinePaymentsRepository } from '../modules/online-payments/online-payments.repository';
import type { SecretBox } from '../lib/secret-box';
import { startFakeMercadoPago, type FakeMercadoPago } from './fakes/mercadopago/fake-server';

/** The demo's Mercado Pago credentials: they open only the loopback fake. */
const DEMO_ACCESS_TOKEN = 'APP_USR-demo-airlink';
const DEMO_WEBHOOK_SECRET = 'airlink-demo-mercadopago-webhook';

/**
 * The demo's Mercado Pago (issue 24): a fake on loopback (`DEMO_MERCADOPAGO_PORT`, default PORT+3; any free port
 * when taken), and Pagos en línea switched on with its credentials the first time (later edits in Administración
 * stay). Answers the configuration the app must use: the API at the fake's address.
 */
export async function startDemoMercadoPago(
  db: Db,
  secrets: SecretBox,
  config: Pick<AppConfig, 'host' | 'publicUrl' | 'mercadoPago'>,
): Promise<{ fake: FakeMercadoPago; mercadoPago: AppConfig['mercadoPago'] }> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const options = { host, accessToken: DEMO_ACCESS_TOKEN, webhookSecret: DEMO_WEBHOOK_SECRET };
  const fake = await startFakeMercadoPago({ ...options, port: config.mercadoPago.demoPort }).catch(() =>
    startFakeMercadoPago({ ...options, port: 0 }),
  );
  const repo = new OnlinePaymentsRepository(db);
  if (!(await repo.settings())) {
    await repo.saveSettings(
      {
        activo: true,
        publicKey: 'APP_USR-demo-public-key',
        accessTokenEnc: secrets.seal(DEMO_ACCESS_TOKEN),
        webhookSecretEnc: secrets.seal(DEMO_WEBHOOK_SECRET),
        urlPortal: `${config.publicUrl}/portal`,
      },
      null,
    );
  }
  return { fake, mercadoPago: { ...config.mercadoPago, apiUrl: fake.url } };
}
