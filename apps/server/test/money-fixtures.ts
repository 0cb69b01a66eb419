import { randomUUID } from 'node:crypto';
import { searchTextOf } from '@airlink/domain';
import { contratos, pagos } from '../src/db/schema';
import { seedBase } from '../src/db/base-data';
import type { LightMyRequestResponse } from 'fastify';
import type { BuildOptions } from '../src/app';
import type { AppConfig } from '../src/config';
import { createTestApp, type TestApp } from './test-app';

/** Bank, finance, expenses and cash-close tests: an app with seeded accounts and a token per level. */
export interface MoneyTestApp {
  t: TestApp;
  tokens: Record<number, string>;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    level: number | null,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  contract(over?: Partial<typeof contratos.$inferInsert>): Promise<number>;
  payment(p: {
    contratoId: number;
    idCuenta: number;
    monto: number;
    fechaPago: string | Date;
    idMovimientoFinanciero?: number;
    fechaFinalizacion?: string;
    nota?: string;
  }): Promise<number>;
}

const LEVEL_EMAILS = {
  5: 'soporte@test.mx',
  10: 'usuario@test.mx',
  16: 'cajero@test.mx',
  17: 'supervisor@test.mx',
  18: 'gerente@test.mx',
  20: 'admin@test.mx',
};

export async function createMoneyTestApp(
  now: () => Date,
  opts: { logStream?: BuildOptions['logStream']; config?: Partial<AppConfig>; onRoute?: BuildOptions['onRoute'] } = {},
): Promise<MoneyTestApp> {
  const t = await createTestApp({ now, logStream: opts.logStream, config: opts.config, onRoute: opts.onRoute });
  await seedBase(t.database.db);
  const tokens: Record<number, string> = {};
  for (const [level, email] of Object.entries(LEVEL_EMAILS)) tokens[Number(level)] = (await t.login(email)).token;
  let seq = 0;
  return {
    t,
    tokens,
    call(method, url, level, payload) {
      const headers = level === null ? {} : t.auth(tokens[level]!);
      return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    },
    async contract(over = {}) {
      seq++;
      const values = {
        nombre: `Cliente Prueba ${seq}`,
        calle: 'Av. Juárez',
        numero: String(seq),
        colonia: 'Centro',
        comunidad: 'Tizayuca',
        telefono: '7791234567',
        email: '',
        monto: 300,
        costoInstalacion: 1300,
        fechaContratacion: '2026-01-05',
        pagadoHasta: '2026-01-05',
        ...over,
      };
      const [row] = await t.database.db
        .insert(contratos)
        .values({ ...values, searchText: searchTextOf({ ...values, no: values.no ?? 0 }) })
        .returning({ id: contratos.id });
      return row!.id;
    },
    async payment(p) {
      const [row] = await t.database.db
        .insert(pagos)
        .values({
          guid: randomUUID(),
          contratoId: p.contratoId,
          fechaPago: typeof p.fechaPago === 'string' ? new Date(p.fechaPago) : p.fechaPago,
          fechaInicio: '2026-01-06',
          fechaFinalizacion: p.fechaFinalizacion ?? '2026-02-05',
          monto: p.monto,
          montoBase: p.monto,
          idCuenta: p.idCuenta,
          nota: p.nota ?? '',
          idMovimientoFinanciero: p.idMovimientoFinanciero ?? null,
        })
        .returning({ id: pagos.id });
      return row!.id;
    },
  };
}

/** A customer's fiscal data as the invoicing tests store it (a real-shaped RFC of a person, regime 612). */
export const JUAN_FISCAL = {
  rfc: 'PEGJ800101AB6',
  razonSocial: 'Juan Pérez Gómez',
  regimenFiscal: '612',
  codigoPostal: '42000',
  usoCfdi: 'G03',
  email: null as string | null,
};

/** A money test app whose PAC is the loopback fake Facturapi `pac` (invoicing still off: see switchInvoicingOn). */
export function createInvoicingTestApp(now: () => Date, pac: { url: string }): Promise<MoneyTestApp> {
  return createMoneyTestApp(now, { config: { facturapi: { url: pac.url, timeoutMs: 1500 } } });
}

/** The invoicing settings the tests save (series F and G, the office's postal code), without the PAC's key. */
export const INVOICING_SETTINGS = {
  activa: true,
  automatica: false,
  serie: 'F',
  serieGlobal: 'G',
  claveProducto: '81112100',
  claveUnidad: 'E48',
  codigoPostal: '43800',
};

/** Level 20 switches invoicing on against a (fake) PAC with its key; throws when the server refuses. */
export async function switchInvoicingOn(m: MoneyTestApp, pac: { apiKey: string }, automatica = false): Promise<void> {
  const on = await m.call('PUT', '/api/facturacion/ajustes', 20, {
    ...INVOICING_SETTINGS,
    automatica,
    llave: pac.apiKey,
  });
  if (on.statusCode !== 200) throw new Error(`invoicing settings refused (${on.statusCode}): ${on.body}`);
}
