import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { contratos, datosFiscales, facturacionAjustes } from '../db/schema';
import type { SecretBox } from '../lib/secret-box';
import { startFakeFacturapi, type FakeFacturapi } from './fakes/facturapi/fake-server';

/** The demo's PAC key: it opens only the loopback fake. */
export const DEMO_FACTURAPI_KEY = 'sk_test_airlink_demo';

/** A receiver the fake PAC's SAT list knows (fake-server.ts DEFAULT_PADRON), for one demo contract. */
const DEMO_RECEIVER = {
  rfc: 'PEGJ800101AB6',
  razonSocial: 'JUAN PEREZ GOMEZ',
  regimenFiscal: '612',
  codigoPostal: '42000',
  usoCfdi: 'G03',
  email: null,
};

/**
 * The demo's PAC (issue 26, docs/invoicing.md "Demo"): a fake Facturapi on loopback (`DEMO_FACTURAPI_PORT`,
 * default PORT+4; any free port when taken), and, the first time, invoicing switched on with the demo key and the
 * first 'facturar' contract given fiscal data the fake's SAT list accepts, so a newcomer registers a payment for
 * it and opens the invoice's PDF. Later edits in Administración › Facturación stay. Answers the configuration the
 * app must use: the PAC at the fake's address.
 */
export async function startDemoFacturapi(
  db: Db,
  secrets: SecretBox,
  config: Pick<AppConfig, 'host' | 'facturapi'>,
): Promise<{ fake: FakeFacturapi; facturapi: AppConfig['facturapi']; contratoId: number | null }> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const fake = await startFakeFacturapi({ host, apiKey: DEMO_FACTURAPI_KEY, port: config.facturapi.demoPort }).catch(
    () => startFakeFacturapi({ host, apiKey: DEMO_FACTURAPI_KEY, port: 0 }),
  );
  let contratoId: number | null = null;
  const [saved] = await db.select({ id: facturacionAjustes.id }).from(facturacionAjustes);
  if (!saved) {
    await db.insert(facturacionAjustes).values({
      id: 1,
      activa: true,
      automatica: true,
      codigoPostal: '43800',
      pacKeyEnc: secrets.seal(DEMO_FACTURAPI_KEY),
      activaDesde: new Date(),
    });
    const [contract] = await db
      .select({ id: contratos.id })
      .from(contratos)
      .leftJoin(datosFiscales, eq(datosFiscales.contratoId, contratos.id))
      .where(and(eq(contratos.facturar, true), isNull(datosFiscales.contratoId)))
      .orderBy(asc(contratos.id))
      .limit(1);
    if (contract) {
      await db.insert(datosFiscales).values({ contratoId: contract.id, ...DEMO_RECEIVER });
      contratoId = contract.id;
    }
  }
  return { fake, facturapi: { ...config.facturapi, url: fake.url, key: undefined }, contratoId };
}
